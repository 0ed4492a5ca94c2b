import type { FastifyInstance } from 'fastify';
import { orderCodeParams } from '../../shared/contract/params';
import type { Db } from '../db/client';
import { say } from '../i18n/messages';
import { orderByCode, ordersOut } from '../orders/order-out';
import { sameHash, sha256 } from '../orders/secrets';
import { HttpError } from '../plugins/errors';


/** The private order page: the link's key is the only credential a guest or table diner has. */
export async function orderRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get<{ Params: { code: string }; Querystring: { key?: string | string[] } }>(
    '/orders/:code',
    { schema: { params: orderCodeParams } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const header = request.headers['x-order-key'];
      // `?key=a&key=b` arrives as an array, which hashing would choke on (a 500): only one plain key opens the page.
      const query = request.query.key;
      const key = (Array.isArray(header) ? header[0] : header) ?? (typeof query === 'string' ? query : '');
      const row = await orderByCode(db, request.params.code);
      // A wrong key looks exactly like a missing order: codes are not to be probed.
      if (!row || !key || !sameHash(row.accessKeyHash, sha256(key))) throw new HttpError(404, say(request.lang, 'order.notFound'));
      const [order] = await ordersOut(db, [row], request.lang);
      return { data: order };
    },
  );
}

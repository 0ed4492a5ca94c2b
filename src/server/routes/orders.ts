import type { FastifyInstance, FastifyRequest } from 'fastify';
import { orderCodeParams } from '../../shared/contract/params';
import type { Db } from '../db/client';
import type { EventBus } from '../events/bus';
import { streamEvents } from '../events/sse';
import { say } from '../i18n/messages';
import { consumeArrivalAllowance, markArrived } from '../orders/arrival';
import { orderByCode, ordersOut } from '../orders/order-out';
import { sameHash, sha256 } from '../orders/secrets';
import { HttpError } from '../plugins/errors';

type OrderRequest = FastifyRequest<{ Params: { code: string }; Querystring: { key?: string | string[] } }>;

/** The order behind a private link; a wrong key looks exactly like a missing order, so codes cannot be probed. */
async function orderForKey(db: Db, request: OrderRequest) {
  const header = request.headers['x-order-key'];
  // `?key=a&key=b` arrives as an array, which hashing would choke on (a 500): only one plain key opens the page.
  const query = request.query.key;
  const key = (Array.isArray(header) ? header[0] : header) ?? (typeof query === 'string' ? query : '');
  const row = await orderByCode(db, request.params.code);
  if (!row || !key || !sameHash(row.accessKeyHash, sha256(key))) throw new HttpError(404, say(request.lang, 'order.notFound'));
  return row;
}

/** The private order page: the link's key is the only credential a guest or table diner has. */
export async function orderRoutes(app: FastifyInstance, { db, bus, rateLimitScale }: { db: Db; bus: EventBus; rateLimitScale: number }): Promise<void> {
  app.get<{ Params: { code: string }; Querystring: { key?: string | string[] } }>(
    '/orders/:code',
    { schema: { params: orderCodeParams } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const row = await orderForKey(db, request);
      const [order] = await ordersOut(db, [row], request.lang);
      return { data: order };
    },
  );

  // Curbside "I'm here": the same key that reads the order tells the restaurant the diner waits outside.
  app.post<{ Params: { code: string }; Querystring: { key?: string | string[] } }>(
    '/orders/:code/arrived',
    { schema: { params: orderCodeParams } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const options = { lang: request.lang, scale: rateLimitScale };
      await consumeArrivalAllowance(db, request.ip, options);
      const row = await markArrived(db, await orderForKey(db, request), options);
      const [order] = await ordersOut(db, [row], request.lang);
      return { data: order };
    },
  );

  // The order page follows the kitchen live: each event says the order changed, the page reads it again.
  app.get<{ Params: { code: string }; Querystring: { key?: string | string[] } }>(
    '/orders/:code/live',
    { schema: { params: orderCodeParams } },
    async (request, reply) => {
      const row = await orderForKey(db, request);
      await streamEvents(request, reply, bus, {
        topics: ['orders'],
        accept: (event) => event.data.type === 'order' && event.data.code === row.code,
      });
    },
  );
}

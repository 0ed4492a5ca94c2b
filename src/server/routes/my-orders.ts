/** A customer's own orders and loyalty history (spec §7 /me/orders, /me/transactions). */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { attachOrdersSchema, pageQuery } from '../../shared/contract/account';
import { orderCodeParams } from '../../shared/contract/params';
import { requireSession } from '../auth/session';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { say } from '../i18n/messages';
import { transactionsPage } from '../loyalty/ledger';
import type { EventBus } from '../events/bus';
import { streamEvents } from '../events/sse';
import { consumeArrivalAllowance, markArrived } from '../orders/arrival';
import { orderByCode, ordersOut } from '../orders/order-out';
import { sameHash, sha256 } from '../orders/secrets';
import { HttpError } from '../plugins/errors';

/** The newest orders; a restaurant's regular rarely looks further back on a phone. */
export const MY_ORDERS_LIMIT = 50;

/** The signed-in customer's own order; anyone else's looks exactly like a missing one. */
async function ownOrder(db: Db, request: FastifyRequest<{ Params: { code: string } }>) {
  const { user } = await requireSession(db, request);
  const row = await orderByCode(db, request.params.code);
  if (!row || row.userId !== user.id) throw new HttpError(404, say(request.lang, 'order.notFound'));
  return row;
}

export async function myOrderRoutes(app: FastifyInstance, { db, bus, rateLimitScale }: { db: Db; bus: EventBus; rateLimitScale: number }): Promise<void> {
  app.get('/me/orders', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { user } = await requireSession(db, request);
    const rows = await db.select().from(t.orders).where(eq(t.orders.userId, user.id)).orderBy(desc(t.orders.createdAt)).limit(MY_ORDERS_LIMIT);
    return { data: await ordersOut(db, rows, request.lang) };
  });

  app.get<{ Params: { code: string } }>('/me/orders/:code', { schema: { params: orderCodeParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const [order] = await ordersOut(db, [await ownOrder(db, request)], request.lang);
    return { data: order };
  });

  // The account's order page follows the kitchen as the guest's does; the session is the credential.
  app.get<{ Params: { code: string } }>('/me/orders/:code/live', { schema: { params: orderCodeParams } }, async (request, reply) => {
    const row = await ownOrder(db, request);
    await streamEvents(request, reply, bus, {
      topics: ['orders'],
      accept: (event) => event.data.type === 'order' && event.data.code === row.code,
    });
  });

  app.post<{ Params: { code: string } }>('/me/orders/:code/arrived', { schema: { params: orderCodeParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const options = { lang: request.lang, scale: rateLimitScale };
    await consumeArrivalAllowance(db, request.ip, options);
    const row = await markArrived(db, await ownOrder(db, request), options);
    const [order] = await ordersOut(db, [row], request.lang);
    return { data: order };
  });

  /**
   * Orders this device placed as a guest join the account when the customer signs in: the device
   * proves each with its private key, and only orders placed with the account's own e-mail move.
   */
  app.post('/me/orders', async (request) => {
    const { user } = await requireSession(db, request);
    const { orders } = await attachOrdersSchema.validate(request.body, { abortEarly: false, stripUnknown: true });
    if (!orders.length) return { data: { attached: [] } };
    const rows = await db
      .select({ id: t.orders.id, code: t.orders.code, keyHash: t.orders.accessKeyHash, email: t.orders.email })
      .from(t.orders)
      .where(and(inArray(t.orders.code, orders.map((o) => o.code)), isNull(t.orders.userId)));
    const proven = rows.filter((r) => {
      const key = orders.find((o) => o.code === r.code)?.key ?? '';
      return r.email === user.email && sameHash(r.keyHash, sha256(key));
    });
    if (proven.length) {
      await db
        .update(t.orders)
        .set({ userId: user.id })
        .where(and(inArray(t.orders.id, proven.map((r) => r.id)), isNull(t.orders.userId)));
    }
    return { data: { attached: proven.map((r) => r.code) } };
  });

  app.get<{ Querystring: { page: number } }>('/me/transactions', { schema: { querystring: pageQuery } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { user } = await requireSession(db, request);
    return transactionsPage(db, user.id, request.query.page, request.lang);
  });
}

import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import { orderCodeParams } from '../../shared/contract/params';
import { ORDER_STATUSES, type OrderStatus } from '../../shared/contract/checkout';
import { SETTING_KEYS } from '../../shared/contract/settings';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { say } from '../i18n/messages';
import { orderByCode, ordersOut } from '../orders/order-out';
import { sameHash, sha256 } from '../orders/secrets';
import { OPERATOR_TRANSITIONS, transition } from '../orders/status';
import { FieldErrors, HttpError } from '../plugins/errors';
import { bearerToken } from './bearer';
import { tableLink } from './tables';

const listQuery = yup.object({
  status: yup.string().oneOf(ORDER_STATUSES).optional(),
  limit: yup.number().integer().min(1).max(200).default(50),
});
const settingParams = yup.object({ key: yup.string().oneOf(SETTING_KEYS, 'is not a setting').required() });
/** Text switches and values only; media settings keep their images. */
const settingBody = yup.object({ value: yup.string().max(2000).defined() });

const statusBody = yup.object({ status: yup.string().oneOf(ORDER_STATUSES, 'must be an order status').required() });

/**
 * The kitchen's API until the operator screen exists: list orders, move them along.
 * Closed unless OPERATOR_KEY is set; the key travels as a bearer token.
 */
export async function operatorRoutes(
  app: FastifyInstance,
  { db, operatorKey, publicUrl }: { db: Db; operatorKey?: string; publicUrl?: string },
): Promise<void> {
  const keyHash = operatorKey ? sha256(operatorKey) : null;
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!keyHash) throw new HttpError(403, 'The operator API is off: set OPERATOR_KEY to use it.');
    const given = bearerToken(request);
    if (!given || !sameHash(sha256(given), keyHash)) throw new HttpError(401, 'A valid operator key is required.');
  });

  // The operator steers the site through settings (spec §1): switch one, the storefront follows on its next read.
  app.put<{ Params: { key: string }; Body: { value: string } }>(
    '/settings/:key',
    { schema: { params: settingParams, body: settingBody } },
    async (request) => {
      const [row] = await db
        .update(t.settings)
        .set({ value: request.body.value })
        .where(eq(t.settings.key, request.params.key))
        .returning({ key: t.settings.key, value: t.settings.value });
      if (!row) throw new HttpError(404, 'This setting is not stored; it has no value to change.');
      return { data: row };
    },
  );

  app.get<{ Querystring: yup.InferType<typeof listQuery> }>('/orders', { schema: { querystring: listQuery } }, async (request) => {
    const where: SQL | undefined = request.query.status ? eq(t.orders.status, request.query.status) : undefined;
    const rows = await db.select().from(t.orders).where(where).orderBy(desc(t.orders.createdAt)).limit(request.query.limit);
    return { data: await ordersOut(db, rows, request.lang) };
  });

  app.get<{ Params: { code: string } }>('/orders/:code', { schema: { params: orderCodeParams } }, async (request) => {
    const row = await orderByCode(db, request.params.code);
    if (!row) throw new HttpError(404, say(request.lang, 'order.notFound'));
    const events = await db.select().from(t.orderEvents).where(eq(t.orderEvents.orderId, row.id)).orderBy(asc(t.orderEvents.id));
    const [order] = await ordersOut(db, [row], request.lang);
    return {
      data: order,
      meta: { events: events.map((e) => ({ from: e.fromStatus, to: e.toStatus, source: e.source, at: e.createdAt.toISOString() })) },
    };
  });

  app.patch<{ Params: { code: string }; Body: { status: OrderStatus } }>(
    '/orders/:code',
    { schema: { params: orderCodeParams, body: statusBody } },
    async (request) => {
      const row = await orderByCode(db, request.params.code);
      if (!row) throw new HttpError(404, say(request.lang, 'order.notFound'));
      const from = row.status as OrderStatus;
      const to = request.body.status;
      if (from !== to) {
        if (!OPERATOR_TRANSITIONS[from]?.includes(to)) {
          throw new FieldErrors({ status: [`An order that is ${from} cannot become ${to}.`] });
        }
        const moved = await transition(db, row.id, from, to, 'operator');
        if (!moved) throw new HttpError(409, 'The order changed meanwhile; load it again.');
      }
      const fresh = await orderByCode(db, row.code);
      const [order] = await ordersOut(db, fresh ? [fresh] : [], request.lang);
      return { data: order };
    },
  );

  app.get('/tables', async (request) => {
    const rows = await db.select().from(t.diningTables).where(and(eq(t.diningTables.active, true))).orderBy(asc(t.diningTables.id));
    const origin = publicUrl ?? `${request.protocol}://${request.host}`;
    return {
      data: rows.map((r) => ({
        code: r.code,
        name: r.name,
        seats: r.seats,
        link: tableLink(origin, r.code),
        qr: `/api/tables/${encodeURIComponent(r.code)}/qr.svg`,
      })),
    };
  });
}

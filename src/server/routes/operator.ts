import { and, asc, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import { orderCodeParams } from '../../shared/contract/params';
import { ORDER_STATUSES, type OrderStatus } from '../../shared/contract/checkout';
import { SETTING_KEYS, type SettingKey } from '../../shared/contract/settings';
import { HEADER_CODE_MAX } from '../branding/header-code';
import { settingValueProblem } from '../branding/setting-rules';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { say, statusText } from '../i18n/messages';
import { orderByCode, ordersOut } from '../orders/order-out';
import { sameHash, sha256 } from '../orders/secrets';
import type { Payments } from '../payments';
import { moveOrder, type BoardAction } from '../staff/board';
import type { Actor } from '../staff/audit';
import { DEFAULT_PREP_MINUTES, MAX_PREP_MINUTES, MAX_REJECT_NOTE, REJECT_REASONS } from '../../shared/contract/staff';
import { tableSheet } from '../tables/sessions';
import { FieldErrors, HttpError } from '../plugins/errors';
import { bearerToken } from '../auth/bearer';

const listQuery = yup.object({
  status: yup.string().oneOf(ORDER_STATUSES).optional(),
  limit: yup.number().integer().min(1).max(200).default(50),
});
const settingParams = yup.object({ key: yup.string().oneOf(SETTING_KEYS, 'is not a setting').required() });
/** Text switches and values only; media settings keep their images. Each key's own rules follow in the handler. */
const settingBody = yup.object({ value: yup.string().strict().max(HEADER_CODE_MAX).defined() });

const translationParams = yup.object({ lang: yup.string().matches(/^[a-z]{2}$/, 'is not a language code').required() });
/** An override of one built-in text, keyed by its English wording; an empty value gives the built-in wording back. */
const translationBody = yup.object({ key: yup.string().strict().matches(/\S/).max(500).required(), value: yup.string().strict().max(2000).defined() });

const statusBody = yup.object({
  status: yup.string().oneOf(ORDER_STATUSES, 'must be an order status').required(),
  minutes: yup.number().integer().min(1).max(MAX_PREP_MINUTES).optional(),
  reason: yup.string().oneOf(REJECT_REASONS).optional(),
  note: yup.string().trim().max(MAX_REJECT_NOTE).optional(),
});

/** The operator key acts for a machine (a till, a delivery platform's bridge), named so in the owner's log. */
const OPERATOR: Actor = { id: null, name: 'operator API' };

/**
 * The machine-to-machine API for integrations (a till, a delivery platform's bridge, scripts):
 * list orders, move them along the board's own rules, switch settings. Closed unless
 * OPERATOR_KEY is set; the key travels as a bearer token. People use the staff side.
 */
export async function operatorRoutes(
  app: FastifyInstance,
  { db, payments, operatorKey, publicUrl }: { db: Db; payments: Payments; operatorKey?: string; publicUrl?: string },
): Promise<void> {
  const keyHash = operatorKey ? sha256(operatorKey) : null;
  app.addHook('onRequest', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!keyHash) throw new HttpError(403, say(request.lang, 'operator.off'));
    const given = bearerToken(request);
    if (!given || !sameHash(sha256(given), keyHash)) throw new HttpError(401, say(request.lang, 'operator.keyRequired'));
  });

  // The operator steers the site through settings (spec §1): switch one, the storefront follows on its next read.
  app.put<{ Params: { key: SettingKey }; Body: { value: string } }>(
    '/settings/:key',
    { schema: { params: settingParams, body: settingBody } },
    async (request) => {
      const problem = settingValueProblem(request.lang, request.params.key, request.body.value);
      if (problem) throw new FieldErrors({ value: [problem] });
      const [row] = await db
        .update(t.settings)
        .set({ value: request.body.value })
        .where(eq(t.settings.key, request.params.key))
        .returning({ key: t.settings.key, value: t.settings.value });
      if (!row) throw new HttpError(404, say(request.lang, 'operator.settingNotStored'));
      return { data: row };
    },
  );

  // The operator's wording over the built-in texts (GET /api/translations), read by storefronts at their next start.
  app.put<{ Params: yup.InferType<typeof translationParams>; Body: yup.InferType<typeof translationBody> }>(
    '/translations/:lang',
    { schema: { params: translationParams, body: translationBody } },
    async (request) => {
      const { lang } = request.params;
      const [language] = await db.select().from(t.languages).where(eq(t.languages.code, lang));
      if (!language) throw new FieldErrors({ lang: [say(request.lang, 'translation.unknownLanguage')] });
      const key = request.body.key.trim();
      const { value } = request.body;
      if (value.trim() === '') {
        await db.delete(t.translations).where(and(eq(t.translations.lang, lang), eq(t.translations.key, key)));
        return { data: { lang, key, value: null } };
      }
      await db.insert(t.translations).values({ lang, key, value }).onConflictDoUpdate({ target: [t.translations.lang, t.translations.key], set: { value } });
      return { data: { lang, key, value } };
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

  app.patch<{ Params: { code: string }; Body: yup.InferType<typeof statusBody> }>(
    '/orders/:code',
    { schema: { params: orderCodeParams, body: statusBody } },
    async (request) => {
      const row = await orderByCode(db, request.params.code);
      if (!row) throw new HttpError(404, say(request.lang, 'order.notFound'));
      const { status, minutes, reason, note } = request.body;
      if (row.status === status) {
        const [order] = await ordersOut(db, [row], request.lang);
        return { data: order };
      }
      const action: BoardAction | undefined =
        status === 'approved'
          ? { to: 'approved', minutes: minutes ?? DEFAULT_PREP_MINUTES }
          : status === 'rejected'
            ? { to: 'rejected', reason: reason ?? 'other', note: note ?? '' }
            : status === 'ready' || status === 'completed'
              ? { to: status }
              : undefined;
      if (!action) {
        const [from, to] = [statusText(row.status as OrderStatus, request.lang), statusText(status, request.lang)];
        throw new FieldErrors({ status: [say(request.lang, 'staff.transition', { from, to })] });
      }
      await moveOrder(db, payments, OPERATOR, row.code, action, request.lang);
      const fresh = await orderByCode(db, row.code);
      const [order] = await ordersOut(db, fresh ? [fresh] : [], request.lang);
      return { data: order };
    },
  );

  app.get('/tables', async (request) => ({ data: await tableSheet(db, publicUrl ?? `${request.protocol}://${request.host}`) }));
}

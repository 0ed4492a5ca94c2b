import type { FastifyInstance, FastifyRequest } from 'fastify';
import { paymentCheckQuery } from '../../shared/contract/checkout';
import {
  tableCallSchema,
  tabPaySchema,
  tabSplitSchema,
  type TabPayInput,
  type TabPaymentCheck,
  type TableCallKind,
} from '../../shared/contract/table-tab';
import { bearerToken } from '../auth/bearer';
import { consume, type LimitRule } from '../auth/rate-limit';
import type { Db } from '../db/client';
import type { EventBus } from '../events/bus';
import { streamEvents } from '../events/sse';
import { say } from '../i18n/messages';
import type { Payments } from '../payments';
import { HttpError } from '../plugins/errors';
import { loadSettings } from '../settings';
import { callStaff } from '../tables/calls';
import { tableSessionFor } from '../tables/sessions';
import { tableCodeParams } from './tables';
import { readTab } from '../tables/tab';
import { cancelSplit, checkTabPayment, payTab, splitTab } from '../tables/tab-payments';

/** A phone at the table asks now and then; a script pressing the bell or the pay button does not get far. */
const TAB_LIMITS = {
  callsPerSession: { limit: 20, windowSeconds: 60 * 60 },
  paymentsPerSession: { limit: 30, windowSeconds: 15 * 60 },
} satisfies Record<string, LimitRule>;

type CodeRequest = FastifyRequest<{ Params: { code: string } }>;

export interface TableTabRouteOptions {
  db: Db;
  bus: EventBus;
  payments: Payments;
  rateLimitScale: number;
}

/** The shared table, for the phones at it: the tab, the calls, paying. The table session's token is the credential. */
export async function tableTabRoutes(app: FastifyInstance, { db, bus, payments, rateLimitScale }: TableTabRouteOptions): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  /** The session behind the token, for this table; an ended one (the table was closed) is a 401, as at checkout. */
  async function seated(request: CodeRequest) {
    const token = bearerToken(request);
    const row = token ? await tableSessionFor(db, token, request.params.code) : undefined;
    if (!row) throw new HttpError(401, say(request.lang, 'checkout.tableSessionEnded'));
    const { id, code, name, seats } = row.table;
    return { session: row.session, table: { id, code, name, seats } };
  }

  app.get<{ Params: { code: string } }>('/tables/:code/tab', { schema: { params: tableCodeParams } }, async (request) => {
    const { table } = await seated(request);
    return { data: await readTab(db, table, payments, request.lang) };
  });

  // The tab follows its table live: orders, their kitchen progress, calls seen, payments.
  app.get<{ Params: { code: string } }>('/tables/:code/tab/live', { schema: { params: tableCodeParams } }, async (request, reply) => {
    const { table } = await seated(request);
    await streamEvents(request, reply, bus, {
      topics: ['tables', 'orders'],
      accept: (event) => (event.data.type === 'table' || event.data.type === 'order') && event.data.table === table.id,
    });
  });

  app.post<{ Params: { code: string }; Body: { kind: TableCallKind } }>(
    '/tables/:code/calls',
    { schema: { params: tableCodeParams, body: tableCallSchema } },
    async (request) => {
      const { session, table } = await seated(request);
      await consume(db, `table-call:${session.id}`, TAB_LIMITS.callsPerSession, request.lang, rateLimitScale);
      await callStaff(db, table.id, request.body.kind);
      return { data: await readTab(db, table, payments, request.lang) };
    },
  );

  app.post<{ Params: { code: string }; Body: TabPayInput }>(
    '/tables/:code/tab/payments',
    { schema: { params: tableCodeParams, body: tabPaySchema } },
    async (request, reply) => {
      const { session, table } = await seated(request);
      await consume(db, `tab-pay:${session.id}`, TAB_LIMITS.paymentsPerSession, request.lang, rateLimitScale);
      const started = await payTab({ db, payments, settings: await loadSettings(db), table, lang: request.lang }, request.body);
      return reply.code(201).send({ data: started });
    },
  );

  app.get<{ Params: { code: string }; Querystring: { payment: string; sess: string } }>(
    '/tables/:code/tab/payments/check',
    { schema: { params: tableCodeParams, querystring: paymentCheckQuery } },
    async (request) => {
      const { table } = await seated(request);
      const state = await checkTabPayment(db, payments, table.id, request.query.payment, request.query.sess, request.lang);
      const data: TabPaymentCheck = { state, tab: await readTab(db, table, payments, request.lang) };
      return { data };
    },
  );

  app.post<{ Params: { code: string }; Body: { parts: number } }>(
    '/tables/:code/tab/split',
    { schema: { params: tableCodeParams, body: tabSplitSchema } },
    async (request) => {
      const { table } = await seated(request);
      await splitTab(db, table, request.body.parts, request.lang);
      return { data: await readTab(db, table, payments, request.lang) };
    },
  );

  app.delete<{ Params: { code: string } }>('/tables/:code/tab/split', { schema: { params: tableCodeParams } }, async (request) => {
    const { table } = await seated(request);
    await cancelSplit(db, table.id, request.lang);
    return { data: await readTab(db, table, payments, request.lang) };
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import { idParams } from '../../../shared/contract/params';
import { text } from '../../../shared/contract/settings';
import { TABLE_CALL_KINDS, tableCloseSchema, tabSettleSchema, type TableCallKind } from '../../../shared/contract/table-tab';
import type { Db } from '../../db/client';
import { say } from '../../i18n/messages';
import type { Payments } from '../../payments';
import { HttpError } from '../../plugins/errors';
import { loadSettings } from '../../settings';
import { requireStaff } from '../../staff/guard';
import { acknowledgeCall } from '../../tables/calls';
import { closeTable } from '../../tables/closing';
import { readTab, staffTables, tableById } from '../../tables/tab';
import { cancelSplit, settleAtTable } from '../../tables/tab-payments';

const callParams = yup.object({ id: idParams.fields.id, kind: yup.string().oneOf(TABLE_CALL_KINDS).required() });

/** The floor's side of the shared table: tabs and calls live, "on my way", paid at the table, close the table. */
export async function staffTableServiceRoutes(app: FastifyInstance, { db, payments }: { db: Db; payments: Payments }): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  async function tableOf(request: FastifyRequest<{ Params: { id: number } }>) {
    const table = await tableById(db, request.params.id);
    if (!table) throw new HttpError(404, say(request.lang, 'tab.unknownTable'));
    return table;
  }

  app.get('/tables/live', async (request) => {
    await requireStaff(db, request, 'board');
    return { data: await staffTables(db, payments, request.lang) };
  });

  app.post<{ Params: { id: number; kind: TableCallKind } }>('/tables/:id/calls/:kind/ack', { schema: { params: callParams } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'board');
    const table = await tableOf(request);
    await acknowledgeCall(db, staff, table.id, request.params.kind);
    return { data: await readTab(db, table, payments, request.lang) };
  });

  app.post<{ Params: { id: number }; Body: { lines?: number[] } }>(
    '/tables/:id/settle',
    { schema: { params: idParams, body: tabSettleSchema } },
    async (request) => {
      const { staff } = await requireStaff(db, request, 'board');
      const table = await tableOf(request);
      await settleAtTable(db, staff, table, request.body.lines, request.lang);
      return { data: await readTab(db, table, payments, request.lang) };
    },
  );

  app.delete<{ Params: { id: number } }>('/tables/:id/split', { schema: { params: idParams } }, async (request) => {
    await requireStaff(db, request, 'board');
    const table = await tableOf(request);
    await cancelSplit(db, table.id, request.lang);
    return { data: await readTab(db, table, payments, request.lang) };
  });

  app.post<{ Params: { id: number }; Body: { force: boolean } }>(
    '/tables/:id/close',
    { schema: { params: idParams, body: tableCloseSchema } },
    async (request) => {
      const { staff } = await requireStaff(db, request, 'board');
      const table = await tableOf(request);
      await closeTable(db, staff, table, request.body.force, request.lang, text(await loadSettings(db), 'CURRENCY') || 'EUR');
      return { data: await readTab(db, table, payments, request.lang) };
    },
  );
}

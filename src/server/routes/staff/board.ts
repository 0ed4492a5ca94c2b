import type { FastifyInstance } from 'fastify';
import { orderCodeParams } from '../../../shared/contract/params';
import { acceptSchema, rejectSchema, type RejectReason } from '../../../shared/contract/staff';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import type { Payments } from '../../payments';
import { streamEvents } from '../../events/sse';
import { acknowledgeArrival, acknowledgeOrder, boardOrder, boardOrders, moveOrder, type BoardAction } from '../../staff/board';
import { requireStaff } from '../../staff/guard';

type CodeRequest = { Params: { code: string } };

/** The live order board: the list, one order, the actions, and the event stream that keeps it current. */
export async function staffBoardRoutes(app: FastifyInstance, { db, bus, payments }: { db: Db; bus: EventBus; payments: Payments }): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/orders', async (request) => {
    await requireStaff(db, request, 'board');
    return { data: await boardOrders(db, request.lang) };
  });

  app.get<CodeRequest>('/orders/:code', { schema: { params: orderCodeParams } }, async (request) => {
    await requireStaff(db, request, 'board');
    return { data: await boardOrder(db, request.params.code, request.lang) };
  });

  const act = (path: string, action: (body: unknown) => BoardAction, body?: typeof acceptSchema | typeof rejectSchema) =>
    app.post<CodeRequest & { Body: unknown }>(
      `/orders/:code/${path}`,
      { schema: body ? { params: orderCodeParams, body } : { params: orderCodeParams } },
      async (request) => {
        const { staff } = await requireStaff(db, request, 'board');
        await moveOrder(db, payments, staff, request.params.code, action(request.body), request.lang);
        return { data: await boardOrder(db, request.params.code, request.lang) };
      },
    );
  act('accept', (b) => ({ to: 'approved', minutes: (b as { minutes: number }).minutes }), acceptSchema);
  act('reject', (b) => ({ to: 'rejected', reason: (b as { reason: RejectReason }).reason, note: (b as { note: string }).note }), rejectSchema);
  act('ready', () => ({ to: 'ready' }));
  act('complete', () => ({ to: 'completed' }));

  app.post<CodeRequest>('/orders/:code/ack', { schema: { params: orderCodeParams } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'board');
    await acknowledgeOrder(db, staff, request.params.code);
    return { data: await boardOrder(db, request.params.code, request.lang) };
  });

  app.post<CodeRequest>('/orders/:code/arrival-seen', { schema: { params: orderCodeParams } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'board');
    await acknowledgeArrival(db, staff, request.params.code);
    return { data: await boardOrder(db, request.params.code, request.lang) };
  });

  // Every order and switch change, live; the bearer header is why the board reads it with fetch, not EventSource.
  app.get('/events', async (request, reply) => {
    await requireStaff(db, request, 'board');
    await streamEvents(request, reply, bus, { topics: ['orders', 'menu', 'staff', 'tables'] });
  });
}

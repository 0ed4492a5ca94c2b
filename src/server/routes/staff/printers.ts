import type { FastifyInstance } from 'fastify';
import { idParams, orderCodeParams } from '../../../shared/contract/params';
import { printerCreateSchema, type PrinterInput } from '../../../shared/contract/printers';
import type { Db } from '../../db/client';
import { addPrinter, listPrinters, removePrinter, reprintOrder } from '../../printing/printers';
import { boardOrder } from '../../staff/board';
import { requireStaff } from '../../staff/guard';

/** Ticket printers: their state for the board, adding and removing them, and "print again". */
export async function staffPrinterRoutes(app: FastifyInstance, { db, publicUrl }: { db: Db; publicUrl?: string }): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/printers', async (request) => {
    await requireStaff(db, request, 'board');
    return { data: await listPrinters(db) };
  });

  app.post<{ Body: PrinterInput }>('/printers', { schema: { body: printerCreateSchema } }, async (request, reply) => {
    const { staff } = await requireStaff(db, request, 'edit');
    const base = publicUrl ?? `${request.protocol}://${request.host}`;
    return reply.code(201).send({ data: await addPrinter(db, staff, request.body, base, request.lang) });
  });

  app.delete<{ Params: { id: number } }>('/printers/:id', { schema: { params: idParams } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'edit');
    await removePrinter(db, staff, request.params.id, request.lang);
    return { data: await listPrinters(db) };
  });

  // Answered like the board's other actions (the order as the board shows it), with the tickets queued in a header.
  app.post<{ Params: { code: string } }>('/orders/:code/reprint', { schema: { params: orderCodeParams } }, async (request, reply) => {
    const { staff } = await requireStaff(db, request, 'board');
    const tickets = await reprintOrder(db, staff, request.params.code, request.lang);
    reply.header('x-tickets-queued', String(tickets));
    return { data: await boardOrder(db, request.params.code, request.lang) };
  });
}

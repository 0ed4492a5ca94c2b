import type { FastifyInstance } from 'fastify';
import { contactDoneSchema } from '../../../shared/contract/contact';
import { idParams } from '../../../shared/contract/params';
import { listContactMessages, markContactMessage } from '../../contact/messages';
import type { Db } from '../../db/client';
import { requireStaff } from '../../staff/guard';

/** What diners wrote through the contact form, newest first; marking done is for who answers (decision 015). */
export async function staffMessageRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/messages', async (request) => {
    await requireStaff(db, request, 'messages');
    return { data: await listContactMessages(db) };
  });

  app.post<{ Params: { id: number } }>('/messages/:id/done', { schema: { params: idParams } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'messagesDone');
    const { done } = await contactDoneSchema.validate(request.body, { abortEarly: false, stripUnknown: true });
    await markContactMessage(db, staff, request.params.id, done, request.lang);
    return { data: await listContactMessages(db) };
  });
}

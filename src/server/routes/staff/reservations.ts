import type { FastifyInstance } from 'fastify';
import { idParams } from '../../../shared/contract/params';
import { reservationDayQuery, reservationDeclineSchema } from '../../../shared/contract/reservation';
import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { decideReservation, listReservations } from '../../reservations/reservations';
import { requireStaff } from '../../staff/guard';

/** The day's reservations for every role; confirming and declining for who runs the floor (decision 016). */
export async function staffReservationRoutes(app: FastifyInstance, { db, mailer }: { db: Db; mailer: Mailer }): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/reservations', async (request) => {
    await requireStaff(db, request, 'reservations');
    const { date } = await reservationDayQuery.validate(request.query, { abortEarly: false, stripUnknown: true });
    return { data: await listReservations(db, date, request.lang) };
  });

  app.post<{ Params: { id: number } }>('/reservations/:id/confirm', { schema: { params: idParams } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'reservationsDecide');
    const row = await decideReservation(db, mailer, staff, request.params.id, 'confirmed', '', request.lang);
    return { data: { id: row.id, status: row.status } };
  });

  app.post<{ Params: { id: number } }>('/reservations/:id/decline', { schema: { params: idParams } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'reservationsDecide');
    const { reason } = await reservationDeclineSchema.validate(request.body ?? {}, { abortEarly: false, stripUnknown: true });
    const row = await decideReservation(db, mailer, staff, request.params.id, 'declined', reason, request.lang);
    return { data: { id: row.id, status: row.status } };
  });
}

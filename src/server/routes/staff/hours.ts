import type { FastifyInstance } from 'fastify';
import { closedDayParams, closedDaySchema, restaurantActiveSchema, weeklyHoursSchema, type ClosedDay, type WeeklyHours } from '../../../shared/contract/hours-admin';
import { readHoursAdmin, removeClosedDay, saveClosedDay, saveWeek, setRestaurantActive } from '../../admin/hours/hours';
import type { Db } from '../../db/client';
import { say } from '../../i18n/messages';
import { HttpError } from '../../plugins/errors';
import { requireStaff } from '../../staff/guard';

/** The back office's opening hours: the week, the closed days and the restaurant's switch. */
export async function staffHoursRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/hours', async (request) => {
    await requireStaff(db, request, 'editRead');
    return { data: await readHoursAdmin(db) };
  });

  app.put<{ Body: WeeklyHours }>('/hours/week', { schema: { body: weeklyHoursSchema } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'edit');
    await saveWeek(db, staff, request.body);
    return { data: await readHoursAdmin(db) };
  });

  app.put<{ Body: ClosedDay }>('/hours/closed-days', { schema: { body: closedDaySchema } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'edit');
    await saveClosedDay(db, staff, request.body);
    return { data: await readHoursAdmin(db) };
  });

  app.delete<{ Params: { date: string } }>('/hours/closed-days/:date', { schema: { params: closedDayParams } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'edit');
    if (!(await removeClosedDay(db, staff, request.params.date))) throw new HttpError(404, say(request.lang, 'admin.notFound'));
    return { data: await readHoursAdmin(db) };
  });

  app.put<{ Body: { active: boolean } }>('/hours/active', { schema: { body: restaurantActiveSchema } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'edit');
    await setRestaurantActive(db, staff, request.body.active);
    return { data: await readHoursAdmin(db) };
  });
}

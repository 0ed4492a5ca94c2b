import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import { busySchema, pauseSchema, soldOutSchema, SOLD_OUT_ITEMS, type HoldUntil, type PauseScope, type SoldOutItem } from '../../../shared/contract/staff';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';
import { say } from '../../i18n/messages';
import { FieldErrors } from '../../plugins/errors';
import { clearSoldOut, currentAvailability, endPause, markSoldOut, startBusy, startPause } from '../../staff/availability';
import { requireStaff } from '../../staff/guard';
import { categoryVisible, loadProducts, tr, visibleProductIds } from '../../catalog/load';
import { tableSheet } from '../../tables/sessions';

const idParams = yup.object({ id: yup.number().typeError('must be a number').integer().min(1).max(2_147_483_647).required() });
const soldOutParams = idParams.shape({ item: yup.string().oneOf(SOLD_OUT_ITEMS).required() });

/** What a sold-out switch names in the log and the live message: the item's name in the restaurant's language. */
async function itemName(db: Db, item: SoldOutItem, id: number, lang: string): Promise<string | undefined> {
  const table = item === 'product' ? t.products : item === 'option' ? t.options : t.extras;
  const [row] = await db.select({ name: table.name }).from(table).where(eq(table.id, id));
  return row ? tr(row.name, lang) : undefined;
}

/** During service: what is sold out, pause and busy mode, and the tables' QR sheet. */
export async function staffServiceRoutes(app: FastifyInstance, { db, publicUrl }: { db: Db; publicUrl?: string }): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // The whole menu with its switches: dishes by category, each with its options and extras.
  app.get('/availability', async (request) => {
    await requireStaff(db, request, 'availability');
    const ids = await visibleProductIds(db);
    const [products, categories, availability] = await Promise.all([
      loadProducts(db, request.lang, { productIds: ids }),
      db.select().from(t.categories).where(categoryVisible()).orderBy(asc(t.categories.sort), asc(t.categories.id)),
      currentAvailability(db),
    ]);
    return {
      data: {
        availability,
        categories: categories.map((c) => ({
          id: c.id,
          name: tr(c.name, request.lang),
          products: products
            .filter((p) => p.category.id === c.id)
            .map((p) => ({
              id: p.id,
              name: p.name,
              options: p.variants.flatMap((v) => v.options.map((o) => ({ id: o.id, name: o.name, variant: v.name }))),
              extras: p.extras.map((e) => ({ id: e.id, name: e.name })),
            })),
        })),
      },
    };
  });

  app.post<{ Body: { item: SoldOutItem; id: number; until: HoldUntil } }>('/sold-out', { schema: { body: soldOutSchema } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'availability');
    const { item, id, until } = request.body;
    const name = await itemName(db, item, id, request.lang);
    if (!name) throw new FieldErrors({ id: [say(request.lang, 'staff.unknownItem')] });
    await markSoldOut(db, staff, item, id, until, name);
    return { data: await currentAvailability(db) };
  });

  app.delete<{ Params: { item: SoldOutItem; id: number } }>('/sold-out/:item/:id', { schema: { params: soldOutParams } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'availability');
    const { item, id } = request.params;
    await clearSoldOut(db, staff, item, id, (await itemName(db, item, id, request.lang)) ?? `${item} ${id}`);
    return { data: await currentAvailability(db) };
  });

  app.post<{ Body: { scope: PauseScope; minutes?: number; until?: 'end_of_day' } }>('/pauses', { schema: { body: pauseSchema } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'pause');
    const { scope, minutes, until } = request.body;
    if (!minutes && until !== 'end_of_day') throw new FieldErrors({ minutes: [say(request.lang, 'validation.required')] });
    await startPause(db, staff, scope, until === 'end_of_day' ? undefined : minutes);
    return { data: await currentAvailability(db) };
  });

  app.post<{ Body: { minutes: number } }>('/busy', { schema: { body: busySchema } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'pause');
    await startBusy(db, staff, request.body.minutes);
    return { data: await currentAvailability(db) };
  });

  // Resumes a pause or ends busy mode early; one that already ended is no error (two tablets, one tap each).
  app.delete<{ Params: { id: number } }>('/pauses/:id', { schema: { params: idParams } }, async (request) => {
    const { staff } = await requireStaff(db, request, 'pause');
    await endPause(db, staff, request.params.id);
    return { data: await currentAvailability(db) };
  });

  app.get('/tables', async (request) => {
    await requireStaff(db, request, 'tables');
    return { data: await tableSheet(db, publicUrl ?? `${request.protocol}://${request.host}`) };
  });
}

import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Branch, BranchesMeta, WorkingHours, WorkingHoursMeta } from '../../../shared/contract/catalog';
import type { BranchSetup } from '../../branches';
import { WEEKDAYS } from '../../../shared/contract/catalog';
import { restaurantIsActive, timeZoneOf } from '../../../shared/contract/settings';
import { formatNextOpening } from '../../../shared/i18n/next-opening';
import { openingState } from '../../../shared/opening-hours';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';
import { areaOut, declarationsOut, taxOut } from '../../catalog/out';
import { catalogSnapshot } from '../../catalog/snapshot';

export async function loadWorkingHours(db: Db, now: Date, lang: string): Promise<{ data: WorkingHours; meta: WorkingHoursMeta }> {
  // The rules and settings of the current revision (decision 030): only the clock is read afresh.
  const snapshot = catalogSnapshot(db);
  const { hours, settings } = await snapshot.setup(await snapshot.sharedRevision());
  const { ranges: rows, closedDays } = hours;
  const data = Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as WorkingHours;
  for (const r of rows) {
    const day = WEEKDAYS[r.weekday];
    if (day) data[day].push({ start: r.start, end: r.end });
  }
  const timeZone = timeZoneOf(settings);
  const isActive = restaurantIsActive(settings);
  const state = openingState(rows, now, timeZone, closedDays);
  const nextOpen = isActive && state.nextOpen ? state.nextOpen.toISOString() : null;
  const isOpenNow = isActive && state.isOpenNow;
  return {
    data,
    meta: {
      isActive,
      isOpenNow,
      nextOpen,
      ...(nextOpen && !isOpenNow ? { nextOpenText: { lang, text: formatNextOpening(lang, nextOpen, timeZone) } } : {}),
    },
  };
}

export async function operationsRoutes(app: FastifyInstance, { db, branches }: { db: Db; branches: BranchSetup }): Promise<void> {
  const config = { catalog: true };

  app.get('/working-hours', async (request, reply) => {
    // Opening state changes with the clock, not with the data: revalidate, never reuse.
    reply.header('cache-control', 'no-store');
    return loadWorkingHours(db, new Date(), request.lang);
  });

  app.get('/taxes', { config }, async (request) => {
    const rows = await db.select().from(t.taxes).orderBy(asc(t.taxes.id));
    return { data: rows.map((x) => taxOut(x, request.lang)) };
  });

  app.get('/declarations', { config }, async (request) => ({ data: declarationsOut(await db.select().from(t.declarations), request.lang) }));

  app.get('/areas', { config }, async () => {
    const rows = await db.select().from(t.areas).orderBy(asc(t.areas.name));
    return { data: rows.map(areaOut) };
  });

  // Configuration, not data: every host answers the same list, and says whether it is one of them.
  app.get('/branches', { config }, async () => {
    const data: Branch[] = branches.branches;
    const meta: BranchesMeta = { hub: branches.hub, self: branches.self };
    return { data, meta };
  });
}

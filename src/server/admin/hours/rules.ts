import { asc } from 'drizzle-orm';
import type { WeeklyRange } from '../../../shared/opening-hours';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';

export interface OpeningRules {
  ranges: WeeklyRange[];
  /** Local dates (`YYYY-MM-DD`) on which the restaurant stays shut. */
  closedDays: string[];
}

/**
 * The weekly ranges and the closed days together: every place that asks "open at this moment?"
 * (the storefront's badge, checkout, reservations) reads both, so a holiday closes all of them.
 */
export async function loadOpeningRules(db: Db): Promise<OpeningRules> {
  const [ranges, closed] = await Promise.all([
    db.select().from(t.workingHours).orderBy(asc(t.workingHours.weekday), asc(t.workingHours.start)),
    db.select({ date: t.closedDays.date }).from(t.closedDays),
  ]);
  return { ranges, closedDays: closed.map((c) => c.date) };
}

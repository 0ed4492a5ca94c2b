import { and, eq, inArray } from 'drizzle-orm';
import { sortCodes } from '../../shared/allergens';
import { avoidsAnything, type AvoidList } from '../../shared/contract/allergen-filter';
import type { Db } from '../db/client';
import * as t from '../db/schema';

/**
 * What a diner shared of their allergen filter, narrowed to the restaurant's own declarations: a
 * code the restaurant has since removed tells the kitchen nothing. Nothing shared, nothing kept.
 */
export async function sharedAvoids(db: Db, avoids: AvoidList | null | undefined): Promise<AvoidList | null> {
  if (!avoids || !avoidsAnything(avoids)) return null;
  const known = async (kind: 'allergen' | 'additive', codes: string[]) => {
    if (!codes.length) return [];
    const rows = await db
      .select({ code: t.declarations.code })
      .from(t.declarations)
      .where(and(eq(t.declarations.kind, kind), inArray(t.declarations.code, [...new Set(codes)])));
    const found = new Set(rows.map((r) => r.code));
    return sortCodes(codes).filter((c) => found.has(c));
  };
  const out = { allergens: await known('allergen', avoids.allergens), additives: await known('additive', avoids.additives) };
  return avoidsAnything(out) ? out : null;
}

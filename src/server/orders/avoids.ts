import { sortCodes } from '../../shared/allergens';
import { avoidsAnything, type AvoidList } from '../../shared/contract/allergen-filter';
import type { CatalogSnapshot } from '../catalog/snapshot';
import type { Db } from '../db/client';
import * as t from '../db/schema';

interface KnownCodes {
  allergen: ReadonlySet<string>;
  additive: ReadonlySet<string>;
}

async function knownCodes(db: Db): Promise<KnownCodes> {
  const rows = await db.select({ kind: t.declarations.kind, code: t.declarations.code }).from(t.declarations);
  return {
    allergen: new Set(rows.filter((r) => r.kind === 'allergen').map((r) => r.code)),
    additive: new Set(rows.filter((r) => r.kind === 'additive').map((r) => r.code)),
  };
}

/**
 * What a diner shared of their allergen filter, narrowed to the restaurant's own declarations: a
 * code the restaurant has since removed tells the kitchen nothing. Nothing shared, nothing kept.
 * The codes are read once per catalog revision (declarations bump it), not per order.
 */
export async function sharedAvoids(db: Db, snapshot: CatalogSnapshot, revision: string, avoids: AvoidList | null | undefined): Promise<AvoidList | null> {
  if (!avoids || !avoidsAnything(avoids)) return null;
  const known = await snapshot.derive(revision, 'declaration-codes', () => knownCodes(db));
  const out = {
    allergens: sortCodes(avoids.allergens).filter((c) => known.allergen.has(c)),
    additives: sortCodes(avoids.additives).filter((c) => known.additive.has(c)),
  };
  return avoidsAnything(out) ? out : null;
}

import type { Area, Declaration, Declarations, Tax } from '../../shared/contract/catalog';
import * as t from '../db/schema';
import { tr } from './load';

export function taxOut(row: typeof t.taxes.$inferSelect, lang: string): Tax {
  return { id: row.id, name: tr(row.name, lang), amount: row.basisPoints / 100, inclusive: row.inclusive };
}

export function areaOut(a: typeof t.areas.$inferSelect): Area {
  return {
    id: a.id,
    name: a.name,
    zipcode: a.zipcode,
    minimumOrder: a.minimumOrderCents / 100,
    deliveryPrice: a.deliveryPriceCents / 100,
    freeDeliveryThreshold: a.freeDeliveryThresholdCents / 100,
  };
}

/** Every allergen and additive the restaurant declares, in code order: the allergen filter offers these. */
export function declarationsOut(rows: (typeof t.declarations.$inferSelect)[], lang: string): Declarations {
  const out = (kind: 'allergen' | 'additive'): Declaration[] =>
    rows
      .filter((d) => d.kind === kind)
      .sort((a, b) => a.code.localeCompare(b.code, 'en', { numeric: true }))
      .map((d) => ({ id: d.id, code: d.code, name: tr(d.name, lang), description: tr(d.description, lang) }));
  return { allergens: out('allergen'), additives: out('additive') };
}

import type { Area, Tax } from '../../shared/contract/catalog';
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

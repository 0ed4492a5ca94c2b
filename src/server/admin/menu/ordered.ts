import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';

/**
 * Which of these products some order refers to: as a product line, or as the dish chosen in a
 * combo menu's slot (kept only in the line's `choice`). Those are archived, never deleted.
 */
export async function orderedProductIds(db: Db, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const [direct, inMenus] = await Promise.all([
    db.selectDistinct({ id: t.orderLines.productId }).from(t.orderLines).where(inArray(t.orderLines.productId, ids)),
    db.execute(sql`
      select distinct (slot ->> 'productId')::int as id
      from ${t.orderLines}, jsonb_array_elements(case when jsonb_typeof(${t.orderLines.choice} -> 'items') = 'array' then ${t.orderLines.choice} -> 'items' else '[]'::jsonb end) as slot
      where ${t.orderLines.type} = 'menuItem' and jsonb_typeof(slot -> 'productId') = 'number'`),
  ]);
  const wanted = new Set(ids);
  const found = new Set<number>();
  for (const r of direct) if (r.id !== null) found.add(r.id);
  // Both drivers answer a raw query with `rows`.
  const rows = (inMenus as unknown as { rows: { id: number | string }[] }).rows;
  for (const r of rows) if (wanted.has(Number(r.id))) found.add(Number(r.id));
  return found;
}

/**
 * Which lines of an order go on which station's ticket (decision 052): a dish prints where its
 * category says, a combo's slots each where their dish's category says. A station without a
 * printer hands its lines to one that has one (the kitchen first), so nothing ordered goes unprinted.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import type { StoredOrderLineDetails, StoredTicketLine } from '../db/schema';
import type { PrinterStation as Station } from '../../shared/contract/printers';

interface MenuChoice {
  items?: { productId?: number }[];
}

function optionTexts(options: { name: string; values: string[] }[], extras: string[]): string[] {
  return [...options.map((o) => `${o.name}: ${o.values.join(', ')}`), ...extras.map((e) => `+ ${e}`)];
}

/** A line (or a combo's slot) as the ticket prints it, and the product that decides its station. */
interface Printable {
  productId: number | null;
  line: StoredTicketLine;
}

function printablesOf(row: typeof t.orderLines.$inferSelect): Printable[] {
  const details = row.details as StoredOrderLineDetails;
  if (row.type === 'productItem') {
    const texts = [...(details.size ? [details.size] : []), ...optionTexts(details.options, details.extras)];
    return [{ productId: row.productId, line: { lineId: row.id, slot: null, qty: row.qty, name: row.name, details: texts, codes: details.codes ?? [] } }];
  }
  const chosen = (row.choice as MenuChoice).items ?? [];
  return (details.menu ?? []).map((slot, i) => ({
    productId: chosen[i]?.productId ?? null,
    line: {
      lineId: row.id,
      slot: i,
      qty: row.qty,
      name: `${slot.product} (${row.name})`,
      details: [`${slot.slot}`, ...optionTexts(slot.options, slot.extras)],
      codes: slot.codes ?? [],
    },
  }));
}

const lineKey = (line: Pick<StoredTicketLine, 'lineId' | 'slot'>) => `${line.lineId}:${line.slot ?? '-'}`;

/** The stations that have a printer; empty when the restaurant prints no tickets. */
async function printingStations(tx: Db): Promise<Set<Station>> {
  const rows = await tx.selectDistinct({ station: t.printers.station }).from(t.printers);
  return new Set(rows.map((r) => r.station));
}

/** Every line of the order by the station it prints at (only stations with a printer). */
export async function linesByStation(tx: Db, orderId: number): Promise<Map<Station, StoredTicketLine[]>> {
  const out = new Map<Station, StoredTicketLine[]>();
  const stations = await printingStations(tx);
  if (!stations.size) return out;
  const rows = await tx.select().from(t.orderLines).where(eq(t.orderLines.orderId, orderId)).orderBy(t.orderLines.position);
  const printables = rows.flatMap(printablesOf);
  const productIds = [...new Set(printables.flatMap((p) => (p.productId === null ? [] : [p.productId])))];
  const homes = productIds.length
    ? await tx
        .select({ id: t.products.id, station: t.categories.station })
        .from(t.products)
        .innerJoin(t.categories, eq(t.categories.id, t.products.categoryId))
        .where(inArray(t.products.id, productIds))
    : [];
  const home = new Map(homes.map((h) => [h.id, h.station]));
  const fallback: Station = stations.has('kitchen') ? 'kitchen' : [...stations][0]!;
  for (const p of printables) {
    const wanted = (p.productId !== null ? home.get(p.productId) : undefined) ?? 'kitchen';
    const station = stations.has(wanted) ? wanted : fallback;
    out.set(station, [...(out.get(station) ?? []), p.line]);
  }
  return out;
}

/**
 * Queues, in the caller's transaction, a ticket per station for the order's lines that no earlier
 * ticket of that station holds: accepting an order prints it; lines added later print alone.
 */
export async function queueNewLines(tx: Db, orderId: number): Promise<number> {
  const byStation = await linesByStation(tx, orderId);
  if (!byStation.size) return 0;
  const earlier = await tx
    .select({ station: t.printJobs.station, lines: t.printJobs.lines })
    .from(t.printJobs)
    .where(and(eq(t.printJobs.orderId, orderId), eq(t.printJobs.copy, false)));
  let queued = 0;
  for (const [station, lines] of byStation) {
    const printed = new Set(earlier.filter((e) => e.station === station).flatMap((e) => e.lines.map(lineKey)));
    const fresh = lines.filter((l) => !printed.has(lineKey(l)));
    if (!fresh.length) continue;
    await tx.insert(t.printJobs).values({ orderId, station, lines: fresh });
    queued++;
  }
  return queued;
}

/** A reprint staff asked for: every line of the order again, each station's ticket marked "COPY". */
export async function queueReprint(tx: Db, orderId: number): Promise<number> {
  const byStation = await linesByStation(tx, orderId);
  for (const [station, lines] of byStation) await tx.insert(t.printJobs).values({ orderId, station, lines, copy: true });
  return byStation.size;
}

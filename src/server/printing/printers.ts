/**
 * The restaurant's ticket printers as staff see them: add one (its CloudPRNT address, with a key
 * shown once), remove one, and each printer's state for the board: when it last polled, what it
 * said, how many tickets wait for its station, and whether it has gone silent.
 */
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { PrinterAdmin, PrinterInput } from '../../shared/contract/printers';
import { PRINTER_SILENT_SECONDS } from '../../shared/contract/printers';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { say } from '../i18n/messages';
import { FieldErrors, HttpError } from '../plugins/errors';
import { orderByCode } from '../orders/order-out';
import { record, type Actor } from '../staff/audit';
import { hashPrinterKey, newPrinterKey } from './cloudprnt';
import { queueReprint } from './ticket-lines';

const MAX_PRINTERS = 20;

export async function listPrinters(db: Db, now = new Date()): Promise<PrinterAdmin[]> {
  const [rows, waiting] = await Promise.all([
    db.select().from(t.printers).orderBy(asc(t.printers.id)),
    db.select({ station: t.printJobs.station, n: count() }).from(t.printJobs).where(isNull(t.printJobs.confirmedAt)).groupBy(t.printJobs.station),
  ]);
  const waitingAt = new Map(waiting.map((w) => [w.station, Number(w.n)]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    station: r.station,
    mac: r.mac,
    lastPollAt: r.lastPollAt?.toISOString() ?? null,
    lastStatus: r.lastStatus,
    waiting: waitingAt.get(r.station) ?? 0,
    silent: !r.lastPollAt || now.getTime() - r.lastPollAt.getTime() > PRINTER_SILENT_SECONDS * 1000,
  }));
}

/** Adds a printer; the answer's `url` (with the printer's key) is shown once, to type into the printer. */
export async function addPrinter(db: Db, actor: Actor, input: PrinterInput, baseUrl: string, lang: string): Promise<{ printer: PrinterAdmin; url: string }> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(t.printers);
  if (Number(n) >= MAX_PRINTERS) throw new FieldErrors({ name: [say(lang, 'printer.tooMany')] });
  const key = newPrinterKey();
  const row = await db.transaction(async (tx) => {
    const [made] = await tx.insert(t.printers).values({ name: input.name, station: input.station, keyHash: hashPrinterKey(key) }).returning();
    if (!made) throw new Error('printer insert returned nothing');
    await record(tx, actor, 'printer.add', String(made.id), { name: input.name, station: input.station });
    return made;
  });
  const printer = (await listPrinters(db)).find((p) => p.id === row.id);
  if (!printer) throw new Error('printer vanished');
  return { printer, url: `${baseUrl.replace(/\/$/, '')}/api/cloudprnt/${key}` };
}

/** Its claimed, unconfirmed tickets go back to the station's other printers. */
export async function removePrinter(db: Db, actor: Actor, id: number, lang: string): Promise<void> {
  const gone = await db.transaction(async (tx) => {
    await tx.update(t.printJobs).set({ printerId: null, token: null }).where(and(eq(t.printJobs.printerId, id), isNull(t.printJobs.confirmedAt)));
    const rows = await tx.delete(t.printers).where(eq(t.printers.id, id)).returning({ name: t.printers.name });
    if (rows[0]) await record(tx, actor, 'printer.remove', String(id), { name: rows[0].name });
    return rows.length > 0;
  });
  if (!gone) throw new HttpError(404, say(lang, 'printer.notFound'));
}

/** Staff's "print again": every station's ticket of the order, marked "COPY". */
export async function reprintOrder(db: Db, actor: Actor, code: string, lang: string): Promise<number> {
  const order = await orderByCode(db, code);
  if (!order || order.status === 'awaiting_payment') throw new HttpError(404, say(lang, 'order.notFound'));
  return db.transaction(async (tx) => {
    const queued = await queueReprint(tx, order.id);
    await record(tx, actor, 'order.reprint', code, { tickets: queued });
    return queued;
  });
}

/**
 * Star CloudPRNT on the server (decision 052): the printer polls (POST), the server offers one job
 * with a token, the printer fetches it (GET) and confirms it (DELETE with a status code). Only a
 * confirmed job counts as printed. A job fetched and never confirmed may or may not have printed
 * (the printer went down in between): it is offered again marked "COPY", so a crash never loses a
 * ticket and adds at most one, which says it is a copy.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { timeZoneOf } from '../../shared/contract/settings';
import { intlLocale } from '../../shared/i18n/locales';
import type { DeliverType } from '../../shared/contract/order';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { say } from '../i18n/messages';
import { defaultLanguage } from '../admin/pages/pages';
import { loadSettings } from '../settings';
import { renderTicket, type TicketLanguage, type TicketView } from './ticket-escpos';

/** Star's own command set first (a Star printer picks it), then raw ESC/POS for printers in ESC/POS mode. */
export const MEDIA_TYPES: Record<string, TicketLanguage> = {
  'application/vnd.star.starprnt': 'star-prnt',
  'application/octet-stream': 'esc-pos',
};

export type Printer = typeof t.printers.$inferSelect;

export const hashPrinterKey = (key: string): string => createHash('sha256').update(key).digest('hex');
export const newPrinterKey = (): string => randomBytes(24).toString('base64url');

export async function printerByKey(db: Db, key: string): Promise<Printer | undefined> {
  const [row] = await db.select().from(t.printers).where(eq(t.printers.keyHash, hashPrinterKey(key))).limit(1);
  return row;
}

export interface PollBody {
  printerMAC?: string;
  statusCode?: string;
  printingInProgress?: boolean;
}

export interface PollAnswer {
  jobReady: boolean;
  mediaTypes?: string[];
  jobToken?: string;
  deleteMethod?: 'DELETE';
}

const clip = (value: string | undefined, max: number) => (value === undefined ? null : value.slice(0, max));

/** CloudPRNT sends the status code URL-encoded ("200%20OK"); a malformed escape is kept as sent. */
function statusText(code: string | undefined): string | undefined {
  if (code === undefined) return undefined;
  try {
    return decodeURIComponent(code);
  } catch {
    return code;
  }
}

/**
 * One poll: the printer's state is recorded, then the job it holds or the oldest waiting job of
 * its station is offered under a new token. A job it fetched under an earlier offer and never
 * confirmed becomes a copy. A printer busy printing is offered nothing.
 */
export async function poll(db: Db, printer: Printer, body: PollBody, now = new Date()): Promise<PollAnswer> {
  return db.transaction(async (tx) => {
    await tx
      .update(t.printers)
      .set({ lastPollAt: now, mac: clip(body.printerMAC, 32) ?? printer.mac, lastStatus: clip(statusText(body.statusCode), 80) })
      .where(eq(t.printers.id, printer.id));
    if (body.printingInProgress === true) return { jobReady: false };
    const token = randomBytes(12).toString('base64url');
    const [held] = await tx
      .update(t.printJobs)
      // Fetched under the last offer and not confirmed: it may be on paper already.
      .set({ token, copy: sql`${t.printJobs.copy} or ${t.printJobs.fetchCount} > 0`, fetchCount: 0 })
      .where(
        eq(
          t.printJobs.id,
          sql`(select id from print_jobs where printer_id = ${printer.id} and confirmed_at is null order by id limit 1 for update)`,
        ),
      )
      .returning({ id: t.printJobs.id });
    const job =
      held ??
      (
        await tx
          .update(t.printJobs)
          .set({ token, printerId: printer.id })
          .where(
            eq(
              t.printJobs.id,
              sql`(select id from print_jobs where station = ${printer.station} and printer_id is null and confirmed_at is null order by id limit 1 for update skip locked)`,
            ),
          )
          .returning({ id: t.printJobs.id })
      )[0];
    if (!job) return { jobReady: false };
    return { jobReady: true, mediaTypes: Object.keys(MEDIA_TYPES), jobToken: token, deleteMethod: 'DELETE' };
  });
}

async function ticketView(db: Db, job: typeof t.printJobs.$inferSelect): Promise<TicketView | null> {
  const [order] = await db
    .select({ code: t.orders.code, deliverType: t.orders.deliverType, deliverAt: t.orders.deliverAt, promisedAt: t.orders.promisedAt, name: t.orders.name, notes: t.orders.notes, avoids: t.orders.avoids, tableName: t.diningTables.name })
    .from(t.orders)
    .leftJoin(t.diningTables, eq(t.diningTables.id, t.orders.tableId))
    .where(eq(t.orders.id, job.orderId));
  if (!order) return null;
  const [settings, lang, declarations] = await Promise.all([loadSettings(db), defaultLanguage(db), db.select({ code: t.declarations.code, name: t.declarations.name }).from(t.declarations)]);
  const due = order.promisedAt ?? order.deliverAt;
  const dueText = due
    ? say(lang, 'ticket.dueAt', { time: new Intl.DateTimeFormat(intlLocale(lang), { hour: '2-digit', minute: '2-digit', timeZone: timeZoneOf(settings) }).format(due) })
    : say(lang, 'ticket.dueNow');
  return {
    code: order.code,
    station: job.station,
    copy: job.copy,
    deliverType: order.deliverType as DeliverType,
    tableName: order.tableName,
    guestName: order.name,
    dueText,
    notes: order.notes,
    avoids: order.avoids ? [...order.avoids.allergens, ...order.avoids.additives] : [],
    lines: job.lines,
    declarationNames: new Map(declarations.map((d) => [d.code, d.name?.[lang] ?? d.name?.en ?? ''])),
    lang,
  };
}

export type FetchAnswer = { bytes: Uint8Array; mediaType: string } | { status: 404 | 415 };

/**
 * The job offered under `token`, rendered in the media type the printer chose. Fetching has no
 * effect but a count (a printer may repeat its GET after a network error): whether it prints as a
 * copy was decided when it was offered.
 */
export async function fetchJob(db: Db, printer: Printer, token: string, mediaType: string): Promise<FetchAnswer> {
  const language = MEDIA_TYPES[mediaType.split(';')[0]!.trim()];
  if (!language) return { status: 415 };
  const [job] = await db
    .update(t.printJobs)
    .set({ fetchCount: sql`${t.printJobs.fetchCount} + 1`, fetchedAt: new Date() })
    .where(and(eq(t.printJobs.token, token), eq(t.printJobs.printerId, printer.id), isNull(t.printJobs.confirmedAt)))
    .returning();
  if (!job) return { status: 404 };
  const view = await ticketView(db, job);
  if (!view) return { status: 404 };
  return { bytes: renderTicket(view, language), mediaType };
}

/**
 * The printer's word on the job offered under `token`: a code starting with 2 means printed; any
 * other means it did not print (no paper, a format it cannot read, a download that timed out), so
 * the job waits for the next offer, as a fresh ticket and for any printer of the station.
 */
export async function confirmJob(db: Db, printer: Printer, token: string, code: string, now = new Date()): Promise<boolean> {
  const printed = code.trim().startsWith('2');
  const done = await db
    .update(t.printJobs)
    .set(printed ? { confirmedAt: now, token: null, lastError: null } : { printerId: null, token: null, fetchCount: 0, lastError: code.slice(0, 80) })
    .where(and(eq(t.printJobs.token, token), eq(t.printJobs.printerId, printer.id), isNull(t.printJobs.confirmedAt)))
    .returning({ id: t.printJobs.id });
  return done.length > 0;
}

/**
 * A kitchen ticket as printer commands: ESC/POS for printers that speak it, StarPRNT for Star's
 * own command set, both made by one maintained encoder (@point-of-sale/receipt-printer-encoder)
 * from one description, so the two never drift apart.
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { DeliverType } from '../../shared/contract/order';
import type { StoredTicketLine } from '../db/schema';
import { say } from '../i18n/messages';
import type { PrinterStation as Station } from '../../shared/contract/printers';

export interface TicketView {
  code: string;
  station: Station;
  copy: boolean;
  deliverType: DeliverType;
  tableName: string | null;
  guestName: string;
  /** When the kitchen should have it ready, in the restaurant's time zone, already worded. */
  dueText: string;
  notes: string;
  /** Codes the diner avoids, when they shared their allergen filter. */
  avoids: string[];
  lines: StoredTicketLine[];
  /** Allergen and additive names by code, in the ticket's language. */
  declarationNames: ReadonlyMap<string, string>;
  lang: string;
}

export type TicketLanguage = 'esc-pos' | 'star-prnt';

/** 80 mm paper at Font A: 48 characters a line (the common kitchen printer). */
const COLUMNS = 48;

const TYPE_KEY = {
  delivery: 'ticket.delivery',
  takeaway: 'ticket.takeaway',
  curbside: 'ticket.curbside',
  table: 'ticket.table',
} as const;

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (!line) line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      out.push(line);
      line = word;
    }
    while (line.length > width) {
      out.push(line.slice(0, width));
      line = line.slice(width);
    }
  }
  if (line) out.push(line);
  return out;
}

export function renderTicket(ticket: TicketView, language: TicketLanguage): Uint8Array {
  const { lang } = ticket;
  const e = new ReceiptPrinterEncoder({ language, columns: COLUMNS, codepageMapping: language === 'esc-pos' ? 'epson' : 'star', imageMode: 'raster' });
  e.initialize().codepage('auto');
  if (ticket.copy) e.align('center').invert(true).bold(true).size(2, 2).line(` ${say(lang, 'ticket.copy')} `).size(1, 1).bold(false).invert(false);
  e.align('center').bold(true).size(2, 2).line(say(lang, ticket.station === 'bar' ? 'ticket.station.bar' : 'ticket.station.kitchen'));
  e.line(`#${ticket.code}`).size(1, 1);
  const where = ticket.deliverType === 'table' && ticket.tableName ? say(lang, 'ticket.atTable', { table: ticket.tableName }) : say(lang, TYPE_KEY[ticket.deliverType]);
  e.size(2, 1).line(where).size(1, 1).bold(false);
  e.line(ticket.dueText);
  if (ticket.guestName) e.line(ticket.guestName);
  e.align('left').rule();
  if (ticket.avoids.length) {
    // Above the dishes and inverted: the cook reads it before starting any of them.
    const names = ticket.avoids.map((c) => `${c} ${ticket.declarationNames.get(c) ?? ''}`.trim()).join(', ');
    e.invert(true).bold(true).line(` ${say(lang, 'ticket.avoids')} `).invert(false);
    for (const part of wrap(names, COLUMNS)) e.line(part);
    e.bold(false).rule();
  }
  for (const line of ticket.lines) {
    const head = `${line.qty}x `;
    const [first = '', ...rest] = wrap(line.name, COLUMNS / 2 - head.length);
    e.bold(true).size(2, 2).line(head + first);
    for (const more of rest) e.line(' '.repeat(head.length) + more);
    e.size(1, 1).bold(false);
    for (const detail of line.details) for (const part of wrap(detail, COLUMNS - 4)) e.line(`    ${part}`);
    if (line.codes.length) {
      const names = line.codes.map((c) => `${c} ${ticket.declarationNames.get(c) ?? ''}`.trim()).join(', ');
      const [first, ...more] = wrap(`${say(lang, 'ticket.allergens')}: ${names}`, COLUMNS - 4);
      e.bold(true).line(`  ! ${first ?? ''}`).bold(false);
      for (const part of more) e.line(`    ${part}`);
    }
    e.newline();
  }
  if (ticket.notes.trim()) {
    e.rule().bold(true).line(`${say(lang, 'ticket.note')}:`).bold(false);
    for (const part of wrap(ticket.notes, COLUMNS)) e.line(part);
  }
  if (ticket.copy) e.rule().align('center').bold(true).line(say(lang, 'ticket.copy')).bold(false);
  return e.newline().newline().cut('partial').encode();
}

/**
 * The contact form's messages: a valid one is counted against its sender's address, stored,
 * announced to open staff screens and mailed to the restaurant; staff read them and mark them
 * done. Limits and their reasons are in decision 015.
 */
import { desc, eq, lt, sql } from 'drizzle-orm';
import type { ContactMessage, ContactRequest } from '../../shared/contract/contact';
import { text } from '../../shared/contract/settings';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { publish } from '../events/bus';
import { isEmail } from '../../shared/contract/email';
import type { Mailer } from '../mail/mailer';
import { contactMessageMail } from '../mail/templates';
import { DEFAULT_LANGUAGE } from '../plugins/language';
import { HttpError } from '../plugins/errors';
import { say } from '../i18n/messages';
import { loadSettings } from '../settings';
import { spendAddressAllowance, type AddressAllowance } from '../spam/per-address';
import { record, type Actor } from '../staff/audit';

export const CONTACT_RATE_LIMITS = {
  /** A person writes once, perhaps a second time with a correction; a flood is dozens a minute. */
  perAddressHour: { limit: 5, windowSeconds: 60 * 60 },
  perAddressDay: { limit: 20, windowSeconds: 24 * 60 * 60 },
} satisfies AddressAllowance;

/** Answered messages are kept this long for reference, then deleted (nobody needs a year-old enquiry). */
export const CONTACT_RETENTION_DAYS = 365;

export interface ContactSender {
  ip: string;
  lang: string;
  /** What the trap field held: anything at all means a robot filled it. */
  honeypot: string;
}

/**
 * Counts, stores, announces and mails one valid message. A robot that filled the trap field is
 * counted like anyone (so the limit answers it the same way) and told it succeeded, but nothing
 * is kept or sent.
 */
export async function receiveContactMessage(db: Db, mailer: Mailer, siteUrl: string, values: ContactRequest, sender: ContactSender, scale: number): Promise<void> {
  await spendAddressAllowance(db, 'contact', CONTACT_RATE_LIMITS, sender, scale, 'contact.rateLimited');
  if (sender.honeypot) return;
  await db.transaction(async (tx) => {
    await tx.insert(t.contactMessages).values({
      fname: values.fname,
      lname: values.lname,
      email: values.email,
      subject: values.subject,
      message: values.message,
      lang: sender.lang,
    });
    await publish(tx, { type: 'contact' });
  });
  const settings = await loadSettings(db);
  const to = text(settings, 'CONTACT_EMAIL').trim();
  // Without a contact address the message still waits on the staff side.
  if (!isEmail(to)) return;
  void mailer.send({
    to,
    replyTo: values.email,
    ...contactMessageMail({
      // The restaurant reads it: in the restaurant's language, whatever the diner's was.
      lang: DEFAULT_LANGUAGE,
      siteTitle: text(settings, 'SITE_TITLE'),
      name: `${values.fname} ${values.lname}`,
      email: values.email,
      subject: values.subject,
      message: values.message,
      staffUrl: `${siteUrl}/staff/messages`,
    }),
  });
}

/** Newest first; open ones first would hide a new message under old open ones, so the list shows both by date. */
export async function listContactMessages(db: Db, limit = 200): Promise<ContactMessage[]> {
  const rows = await db
    .select({ m: t.contactMessages, doneBy: t.staffUsers.name })
    .from(t.contactMessages)
    .leftJoin(t.staffUsers, eq(t.staffUsers.id, t.contactMessages.doneBy))
    .orderBy(desc(t.contactMessages.createdAt), desc(t.contactMessages.id))
    .limit(limit);
  return rows.map(({ m, doneBy }) => ({
    id: m.id,
    fname: m.fname,
    lname: m.lname,
    email: m.email,
    subject: m.subject,
    message: m.message,
    lang: m.lang,
    createdAt: m.createdAt.toISOString(),
    doneAt: m.doneAt ? m.doneAt.toISOString() : null,
    doneBy: m.doneAt ? (doneBy ?? '') : null,
  }));
}

/** Marks a message done (or open again), logged with who did it; other staff screens hear of it live. */
export async function markContactMessage(db: Db, actor: Actor & { id: number }, id: number, done: boolean, lang: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(t.contactMessages)
      .set(done ? { doneAt: sql`coalesce(${t.contactMessages.doneAt}, now())`, doneBy: sql`coalesce(${t.contactMessages.doneBy}, ${actor.id})` } : { doneAt: null, doneBy: null })
      .where(eq(t.contactMessages.id, id))
      .returning({ id: t.contactMessages.id });
    if (!row) throw new HttpError(404, say(lang, 'contact.notFound'));
    await record(tx, actor, done ? 'contact.done' : 'contact.reopen', `#${id}`);
    await publish(tx, { type: 'contact' });
  });
}

export async function pruneContactMessages(db: Db, now = new Date()): Promise<void> {
  const before = new Date(now.getTime() - CONTACT_RETENTION_DAYS * 86_400_000);
  await db.delete(t.contactMessages).where(lt(t.contactMessages.doneAt, before));
}

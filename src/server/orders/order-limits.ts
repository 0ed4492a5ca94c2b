/**
 * What one sender may order: flood limits per client address, per table session and per e-mail
 * recipient, and a ceiling on one order's total. The numbers and their reasons are in decision 011.
 */
import { consumeAll, type LimitRule } from '../auth/rate-limit';
import type { Db } from '../db/client';
import { formatMoneyFor, say } from '../i18n/messages';
import { FieldErrors } from '../plugins/errors';

export const ORDER_LIMITS = {
  /** Delivery, pickup and curbside orders from one network address. */
  perAddress: { limit: 20, windowSeconds: 60 * 60 },
  /** Table orders count per phone (table session), not per address: a dining room shares one Wi-Fi. */
  perTableSession: { limit: 20, windowSeconds: 60 * 60 },
  /** Orders, and so confirmation mails, to one mailbox. */
  perRecipientHour: { limit: 5, windowSeconds: 60 * 60 },
  perRecipientDay: { limit: 15, windowSeconds: 24 * 60 * 60 },
} satisfies Record<string, LimitRule>;

/** 500 €: above it an online order is more likely a mistake or a prank than dinner; a caterer calls. */
export const DEFAULT_MAX_ORDER_TOTAL_CENTS = 50_000;

export interface OrderLimits {
  maxTotalCents: number;
  /** Multiplies the flood limits; only a local demo, a load test or an end-to-end run raises it. */
  scale: number;
}

export const DEFAULT_ORDER_LIMITS: OrderLimits = { maxTotalCents: DEFAULT_MAX_ORDER_TOTAL_CENTS, scale: 1 };

/**
 * One mailbox however it is spelled: case, a `+tag` and (for Gmail) dots all reach the same
 * person, and a relay would use them to multiply its quota.
 */
export function mailboxKey(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return email.toLowerCase();
  let local = email.slice(0, at).toLowerCase().split('+')[0] ?? '';
  let domain = email.slice(at + 1).toLowerCase();
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}

export function checkOrderTotal(totalCents: number, limits: OrderLimits, lang: string, currency: string): void {
  if (totalCents > limits.maxTotalCents) {
    throw new FieldErrors({ items: [say(lang, 'checkout.totalTooHigh', { max: formatMoneyFor(lang, limits.maxTotalCents, currency) })] });
  }
}

export interface OrderSender {
  /** The client's network address (behind a trusted proxy: from X-Forwarded-For). */
  ip: string;
  /** Set for a table order: the table session's id. */
  tableSessionId: number | null;
  /** Where the confirmation goes; '' when none is given. */
  email: string;
}

/**
 * Counts one order against every rule that applies; called once the order is valid, so a diner
 * correcting a form never spends the allowance. Throws 429 with a wait the diner can act on.
 * One statement counts every rule; an order refused by one rule still counts against the others.
 */
export async function consumeOrderAllowance(db: Db, sender: OrderSender, limits: OrderLimits, lang: string): Promise<void> {
  const rules: [string, LimitRule][] = [];
  if (sender.tableSessionId !== null) rules.push([`order:table:${sender.tableSessionId}`, ORDER_LIMITS.perTableSession]);
  else rules.push([`order:ip:${sender.ip}`, ORDER_LIMITS.perAddress]);
  if (sender.email) {
    const mailbox = mailboxKey(sender.email);
    rules.push([`order:mail-h:${mailbox}`, ORDER_LIMITS.perRecipientHour], [`order:mail-d:${mailbox}`, ORDER_LIMITS.perRecipientDay]);
  }
  await consumeAll(db, rules, lang, limits.scale, 'checkout.rateLimited');
}

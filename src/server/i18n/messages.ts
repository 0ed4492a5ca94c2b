/**
 * Texts the API itself words: field errors, status labels and e-mails, in the request's language.
 * The spec's 422 body carries finished messages, so the server says them through the same Lingui
 * catalogs as the client (`texts.ts`, `shared/i18n`).
 */
import type { OrderStatus } from '../../shared/contract/checkout';
import { intlLocale } from '../../shared/i18n/locales';
import { ORDER_STATUS_TEXTS } from '../../shared/i18n/order-status-texts';
import { VALIDATION_TEXTS } from '../../shared/i18n/validation-texts';
import { formatMoney } from '../../shared/pricing';
import { i18nFor } from './catalogs';
import { SERVER_TEXTS } from './texts';

const ALL = [...SERVER_TEXTS, ...VALIDATION_TEXTS] as const;

export type MessageKey = (typeof ALL)[number]['id'];

const BY_ID: ReadonlyMap<string, { id: string; message: string }> = new Map(ALL.map((d) => [d.id, d]));

export function isMessageKey(value: string): value is MessageKey {
  return BY_ID.has(value);
}

export function say(lang: string, key: MessageKey, params: Record<string, string | number> = {}): string {
  const descriptor = BY_ID.get(key);
  return descriptor ? i18nFor(lang)._({ ...descriptor, values: params }) : key;
}

export function statusText(status: OrderStatus, lang: string): string {
  return i18nFor(lang)._(ORDER_STATUS_TEXTS[status]);
}

export function formatMoneyFor(lang: string, cents: number, currency = 'EUR'): string {
  return formatMoney(cents, intlLocale(lang), currency);
}

export function formatDateTimeFor(lang: string, date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(intlLocale(lang), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(date);
}

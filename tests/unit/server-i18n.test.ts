/**
 * The server's words come from the same Lingui catalogs as the client's: every message in every
 * language, plurals by each language's rules, e-mails mirrored for Arabic, and German for a
 * language the site does not speak.
 */
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_TEXTS } from '../../src/shared/i18n/order-status-texts';
import { VALIDATION_TEXTS } from '../../src/shared/i18n/validation-texts';
import { parsePo, SERVER_LOCALES } from '../../src/server/i18n/catalogs';
import { formatMoneyFor, say, statusText, type MessageKey } from '../../src/server/i18n/messages';
import { SERVER_TEXTS } from '../../src/server/i18n/texts';
import { orderReceivedMail, reservationMail, welcomeMail } from '../../src/server/mail/templates';

const ALL = [...SERVER_TEXTS, ...VALIDATION_TEXTS];

/** A value for every placeholder of a message: numbers for plurals, words for the rest. */
function paramsOf(message: string): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [, name, kind] of message.matchAll(/\{(\w+)(?:,\s*(\w+))?/g)) if (name) params[name] = kind === 'plural' ? 3 : `«${name}»`;
  return params;
}

describe('server messages', () => {
  it('speaks the twelve languages of the interface', () => {
    expect(SERVER_LOCALES).toEqual(expect.arrayContaining(['ar', 'de', 'en', 'fi', 'fr', 'ka', 'nl', 'ru', 'sr', 'th', 'tr', 'uk']));
  });

  it('has every message, with every placeholder filled, in every language', () => {
    for (const lang of SERVER_LOCALES) {
      for (const { id, message } of ALL) {
        const params = paramsOf(message);
        const text = say(lang, id as MessageKey, params);
        expect(text, `${lang} ${id}`).not.toBe(id);
        expect(text, `${lang} ${id}`).not.toMatch(/[{}]/);
        for (const [name, value] of Object.entries(params)) if (typeof value === 'string') expect(text, `${lang} ${id} drops {${name}}`).toContain(value);
        if (lang !== 'en' && message.length > 24) expect(text, `${lang} ${id} is still English`).not.toBe(message);
      }
    }
  });

  it('follows each language’s plural rules', () => {
    expect(say('en', 'duration.minutes', { n: 1 })).toBe('1 minute');
    expect(say('de', 'duration.minutes', { n: 5 })).toBe('5 Minuten');
    // Russian: one, few, many.
    const ru = [1, 3, 5].map((n) => say('ru', 'duration.minutes', { n }));
    expect(new Set(ru).size).toBe(3);
    // Arabic: six forms; at least one, two, few and many differ.
    const ar = [1, 2, 3, 11].map((n) => say('ar', 'duration.minutes', { n }));
    expect(new Set(ar).size).toBe(4);
  });

  it('words one order state once, for the board and the order page alike', () => {
    expect(statusText('cancelled', 'de')).toBe('Storniert');
    expect(statusText('cancelled', 'en')).toBe('Cancelled');
    for (const lang of SERVER_LOCALES.filter((l) => l !== 'en')) {
      for (const status of Object.keys(ORDER_STATUS_TEXTS) as (keyof typeof ORDER_STATUS_TEXTS)[]) {
        expect(statusText(status, lang), `${lang} ${status}`).not.toBe(ORDER_STATUS_TEXTS[status].message);
      }
    }
  });

  it('answers a language without catalogs in German, the restaurant’s own', () => {
    expect(say('es', 'validation.required')).toBe(say('de', 'validation.required'));
  });

  it('formats money and dates in the diner’s locale, Serbian in Latin script and Arabic with Western digits', () => {
    expect(formatMoneyFor('de', 1290)).toBe('12,90\u00a0€');
    expect(formatMoneyFor('ar', 1290)).toMatch(/12[.,٫]90/);
    expect(formatMoneyFor('ar', 1290)).not.toMatch(/[٠-٩]/);
  });
});

describe('parsePo', () => {
  it('reads multi-line strings and escapes as Lingui writes them', () => {
    const po = 'msgid ""\nmsgstr ""\n"Language: de\\n"\n\n#: a.ts:1\nmsgid "a.b"\nmsgstr ""\n"Erste \\"Zeile\\"\\n"\n"zweite"\n\nmsgctxt "x"\nmsgid "c"\nmsgstr "d"\n\nmsgid "e"\nmsgstr ""\n';
    expect(parsePo(po)).toEqual({ 'a.b': 'Erste "Zeile"\nzweite' });
  });
});

describe('e-mails', () => {
  it('are written in the diner’s language, mirrored for Arabic', () => {
    const ar = welcomeMail({ lang: 'ar', siteTitle: 'Lindenhof', name: 'Layla', loginUrl: 'https://example.test/login' });
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar.subject).toContain('Lindenhof');
    expect(ar.subject).not.toBe(welcomeMail({ lang: 'en', siteTitle: 'Lindenhof', name: 'Layla', loginUrl: 'x' }).subject);
    const order = orderReceivedMail({ lang: 'ar', siteTitle: 'L', name: '', code: 'AB12', orderUrl: 'https://x.test/o', deliverText: '', lines: [{ qty: 1, name: 'Pizza', priceText: '9.50 €' }], summary: [], totalText: '9.50 €', after: [] });
    expect(order.html).toContain('align="right" style="padding:8px 4px;border-bottom:2px');
    const tr = reservationMail({ kind: 'confirmed', lang: 'tr', siteTitle: 'L', name: 'Ayşe', whenText: 'Cuma 19:00', guests: 4, reason: '', phone: '+49 40 1' });
    expect(tr.text).toContain('Ayşe');
    expect(tr.text).toContain('+49 40 1');
    expect(tr.text).not.toContain('Personen');
  });
});

describe('an operator’s own menu text', () => {
  it('falls back to the restaurant’s language where a translation is missing or empty', async () => {
    const { tr } = await import('../../src/server/catalog/load');
    expect(tr({ de: 'Suppe', en: 'Soup', tr: 'Çorba' }, 'tr')).toBe('Çorba');
    expect(tr({ de: 'Suppe', en: 'Soup' }, 'ka')).toBe('Suppe');
    expect(tr({ de: 'Suppe', en: 'Soup', fr: '  ' }, 'fr')).toBe('Suppe');
    expect(tr({ en: 'Soup' }, 'fr')).toBe('Soup');
    expect(tr({ de: 'Suppe' }, 'constructor')).toBe('Suppe');
  });
});

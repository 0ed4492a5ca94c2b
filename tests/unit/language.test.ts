import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, languageOf } from '../../src/server/plugins/language';

function lang(header: IncomingHttpHeaders['accept-language'] | string[]): string {
  const headers: Record<string, string | string[] | undefined> = { 'accept-language': header };
  return languageOf({ headers });
}

describe('languageOf', () => {
  it('defaults to German', () => {
    expect(DEFAULT_LANGUAGE).toBe('de');
  });

  it('takes the primary tag of the first language', () => {
    expect(lang('en-GB,en;q=0.9')).toBe('en');
    expect(lang('fr-CH, fr;q=0.9, en;q=0.8')).toBe('fr');
  });

  it('lowercases and trims the tag', () => {
    expect(lang(' TR-tr')).toBe('tr');
    expect(lang('IT')).toBe('it');
  });

  it('drops a quality value on the first entry', () => {
    expect(lang('es;q=0.8,en')).toBe('es');
  });

  it('accepts three-letter primary tags', () => {
    expect(lang('gsw-CH')).toBe('gsw');
  });

  it('uses the first value when the header comes as an array', () => {
    expect(lang(['pl', 'en'])).toBe('pl');
  });

  it('falls back to de when the header is missing or empty', () => {
    expect(languageOf({ headers: {} })).toBe('de');
    expect(lang(undefined)).toBe('de');
    expect(lang('')).toBe('de');
    expect(lang([])).toBe('de');
  });

  it.each(['<script>', '*', 'english', 'e', '12', 'en_GB', '"><img src=x>'])('falls back to de for %s', (header) => {
    expect(lang(header)).toBe('de');
  });
});

import { describe, expect, it } from 'vitest';
import { activateLocale, i18n, loadRouteCatalog } from '../../src/client/lib/i18n';

describe('route catalogs', () => {
  it('load into the current language, and come along on every language switch', async () => {
    await activateLocale('de');
    await loadRouteCatalog('test', {
      de: async () => ({ messages: { 'route.greeting': 'Guten Appetit!' } }),
      en: async () => ({ messages: { 'route.greeting': 'Enjoy your meal!' } }),
    });
    expect(i18n._('route.greeting')).toBe('Guten Appetit!');

    await activateLocale('en');
    expect(i18n._('route.greeting')).toBe('Enjoy your meal!');
    await activateLocale('de');
    expect(i18n._('route.greeting')).toBe('Guten Appetit!');
  });

  it('leave the page in its source language when the catalog cannot load', async () => {
    await activateLocale('de');
    await loadRouteCatalog('broken', { de: () => Promise.reject(new Error('offline')) });
    expect(i18n._('route.unknown')).toBe('route.unknown');
    // A later switch does not fail on it either.
    await activateLocale('en');
    expect(i18n.locale).toBe('en');
  });
});

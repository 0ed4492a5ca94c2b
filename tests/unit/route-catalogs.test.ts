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

  it('load once per language, not at every navigation or preload of their route', async () => {
    await activateLocale('de');
    const loads: string[] = [];
    let changes = 0;
    const stop = i18n.on('change', () => changes++);
    const catalog = {
      de: async () => (loads.push('de'), { messages: { 'route.once': 'Einmal' } }),
      en: async () => (loads.push('en'), { messages: { 'route.once': 'Once' } }),
    };
    await loadRouteCatalog('once', catalog);
    await loadRouteCatalog('once', catalog);
    await loadRouteCatalog('once', catalog);
    expect(loads).toEqual(['de']);
    expect(changes).toBe(1);
    expect(i18n._('route.once')).toBe('Einmal');

    await activateLocale('en');
    await loadRouteCatalog('once', catalog);
    expect(loads).toEqual(['de', 'en']);
    expect(i18n._('route.once')).toBe('Once');
    stop();
  });

  it('leave the page in its source language when the catalog cannot load', async () => {
    await activateLocale('de');
    await loadRouteCatalog('broken', { de: () => Promise.reject(new Error('offline')) });
    expect(i18n._('route.unknown')).toBe('route.unknown');
    // A later switch does not fail on it either.
    await activateLocale('en');
    expect(i18n.locale).toBe('en');
  });

  it('are tried again by their route after a load that failed', async () => {
    await activateLocale('de');
    let online = false;
    const catalog = { de: async () => (online ? { messages: { 'route.later': 'Später' } } : Promise.reject(new Error('offline'))) };
    await loadRouteCatalog('later', catalog);
    expect(i18n._('route.later')).toBe('route.later');
    online = true;
    await loadRouteCatalog('later', catalog);
    expect(i18n._('route.later')).toBe('Später');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Category, Media, Menu, Product } from '../../src/shared/contract/catalog';
import { PLACEHOLDER_IMAGE } from '../../src/shared/contract/catalog';
import { isSaveCurrent, mayFetchMenu, parseSavedMenus, phoneImages } from '../../src/client/features/catalog/offline-plan';
import { ApiError } from '../../src/client/lib/api';
import { shouldRetry } from '../../src/client/lib/query-client';
import { makeMenu, makeProduct } from '../factories/catalog';

const media = (name: string, variants: Media['variants'] = {}): Media => ({ id: name, url: `/media/${name}.jpg`, alt: '', variants });

function category(id: number, poster: Media | null, gallery: Media[] = []): Category {
  return { id, name: `C${id}`, description: '', poster, hasPoster: poster !== null, gallery, productCount: 1 };
}

const product = (id: number, poster: Media | null): Product => makeProduct({ id, poster, hasPoster: poster !== null });

const menu = (id: number, poster: Media | null): Menu => makeMenu({ id, poster, hasPoster: poster !== null });

describe('whether to save the menu at all', () => {
  it('saves online on an ordinary connection, and where the browser says nothing about data', () => {
    expect(mayFetchMenu({ onLine: true, connection: { saveData: false } })).toBe(true);
    expect(mayFetchMenu({ onLine: true })).toBe(true);
  });

  it('does not when the diner asked to save data, nor offline', () => {
    expect(mayFetchMenu({ onLine: true, connection: { saveData: true } })).toBe(false);
    expect(mayFetchMenu({ onLine: false })).toBe(false);
  });
});

describe('once per catalog version', () => {
  const saved = { version: 'v1', worker: true };

  it('is current for the same version, stored by the worker, with the cache complete', () => {
    expect(isSaveCurrent(saved, 'v1', true, true)).toBe(true);
  });

  it('runs again for a new version, after nothing was saved, or when the cache lost it', () => {
    expect(isSaveCurrent(saved, 'v2', true, true)).toBe(false);
    expect(isSaveCurrent(undefined, 'v1', true, true)).toBe(false);
    expect(isSaveCurrent(saved, 'v1', true, false)).toBe(false);
  });

  it('runs again when the worker was not there to store it, unless the device has none', () => {
    expect(isSaveCurrent({ version: 'v1', worker: false }, 'v1', true, true)).toBe(false);
    expect(isSaveCurrent({ version: 'v1', worker: false }, 'v1', false, true)).toBe(true);
  });

  it('reads what was saved per language and ignores anything else in storage', () => {
    expect(parseSavedMenus(JSON.stringify({ de: { version: 'a', worker: true }, en: { version: 'b', worker: false } }))).toEqual({
      de: { version: 'a', worker: true },
      en: { version: 'b', worker: false },
    });
    expect(parseSavedMenus(JSON.stringify({ de: { version: 3 }, en: 'x' }))).toEqual({});
    expect(parseSavedMenus('not json')).toEqual({});
    expect(parseSavedMenus('[1]')).toEqual({});
    expect(parseSavedMenus(null)).toEqual({});
  });
});

describe('the pictures a phone shows', () => {
  it('takes tile and poster of each category, its first 8 gallery tiles, and wide and square of each dish and menu, once each', () => {
    const shared = media('shared', { wide: '/media/shared-wide.jpg', square: '/media/shared-wide.jpg' });
    const gallery = Array.from({ length: 10 }, (_, i) => media(`g${i}`, { square: `/media/g${i}-sq.jpg` }));
    const urls = phoneImages(
      [category(1, media('c1', { circle: '/media/c1-circle.jpg', wide: '/media/c1-wide.jpg' }), gallery), category(2, null)],
      [product(1, media('p1', { wide: '/media/p1-wide.jpg', square: '/media/p1-sq.jpg' })), product(2, shared), product(3, shared), product(4, null)],
      [menu(1, null), menu(2, media('m2', { circle: '/media/m2-circle.jpg', wide: '/media/m2-wide.jpg' }))],
    );
    expect(urls.sort()).toEqual(
      [
        '/media/c1-circle.jpg',
        '/media/c1-wide.jpg',
        ...gallery.slice(0, 8).map((_, i) => `/media/g${i}-sq.jpg`),
        PLACEHOLDER_IMAGE,
        '/media/p1-wide.jpg',
        '/media/p1-sq.jpg',
        '/media/shared-wide.jpg',
        '/media/m2-wide.jpg',
        // No square rendition: the original stands in, as on screen.
        '/media/m2.jpg',
        '/media/m2-circle.jpg',
      ].sort(),
    );
  });
});

describe('retrying a failed query', () => {
  afterEach(() => vi.restoreAllMocks());

  it('retries a network failure twice while online, and a server error, but never a 4xx', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(1, new ApiError(503, 'unavailable'))).toBe(true);
    expect(shouldRetry(2, new TypeError('Failed to fetch'))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 'not found'))).toBe(false);
  });

  it('fails at once offline, so a screen waiting for it can say what is missing instead of hanging', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(false);
  });
});

/**
 * The decisions behind saving the whole menu for offline use, kept apart from fetching so they
 * can be tested on their own: whether to run at all, whether what is saved is still current, and
 * which pictures a phone shows.
 */
import { posterUrl, type Category, type Menu, type Product } from '../../../shared/contract/catalog';

/** `navigator.connection` where the browser has it (Chromium); others say nothing. */
export interface ConnectionHints {
  saveData?: boolean;
}

/** What this browser says about its connection now. */
export function connectionHints(): ConnectionHints | undefined {
  return (navigator as Navigator & { connection?: ConnectionHints }).connection;
}

/** The diner asked the browser to save data: nothing is fetched before it is needed. */
export function savesData(): boolean {
  return connectionHints()?.saveData === true;
}

export interface DeviceState {
  onLine: boolean;
  connection?: ConnectionHints;
}

/** Offline there is nothing to fetch; a diner who asked the browser to save data pays for every byte. */
export function mayFetchMenu(device: DeviceState): boolean {
  return device.onLine && device.connection?.saveData !== true;
}

/** What one language's saved menu was: its catalog version, and whether the worker stored it too. */
export interface SavedMenu {
  version: string;
  worker: boolean;
}

export type SavedMenus = Partial<Record<string, SavedMenu>>;

export function parseSavedMenus(raw: string | null): SavedMenus {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const out: SavedMenus = {};
    for (const [lang, value] of Object.entries(parsed as Record<string, unknown>)) {
      const v = value as Partial<SavedMenu> | null;
      if (v && typeof v.version === 'string' && typeof v.worker === 'boolean') out[lang] = { version: v.version, worker: v.worker };
    }
    return out;
  } catch {
    return {};
  }
}

/**
 * Saved and still good: the same catalog version, stored by the worker when the device has one,
 * and still in the query cache (a new app version or the storage quota may have dropped it).
 */
export function isSaveCurrent(saved: SavedMenu | undefined, version: string, hasWorker: boolean, cacheComplete: boolean): boolean {
  return saved?.version === version && (saved.worker || !hasWorker) && cacheComplete;
}

/** The gallery tiles the category screen shows (spec §2: up to 8). */
const GALLERY_SIZE = 8;

/**
 * Every picture the menu screens show on a phone, once each: category tiles and posters, gallery
 * tiles, dish and menu cards (also the dialogs), and the cart's thumbnails.
 */
export function phoneImages(categories: readonly Category[], products: readonly Product[], menus: readonly Menu[]): string[] {
  const urls = new Set<string>();
  for (const c of categories) {
    urls.add(posterUrl(c, 'circle'));
    urls.add(posterUrl(c, 'wide'));
    for (const m of c.gallery.slice(0, GALLERY_SIZE)) urls.add(m.variants.square ?? m.url);
  }
  for (const owner of [...products, ...menus]) {
    if (!owner.hasPoster) continue;
    urls.add(posterUrl(owner, 'wide'));
    urls.add(posterUrl(owner, 'square'));
  }
  const menusTile = menus.find((m) => m.hasPoster);
  if (menusTile) urls.add(posterUrl(menusTile, 'circle'));
  return [...urls];
}

/**
 * The diner's allergen filter, kept on this device only (decision 054): what they avoid, whether
 * dishes with it are hidden or shown marked, and whether an order tells the kitchen. Read with
 * `useSyncExternalStore`, so the server's page (which cannot know it) hydrates as rendered and
 * then follows the device; another tab's change follows through the `storage` event.
 */
import { useSyncExternalStore } from 'react';
import { AVOID_LIST_MAX, avoidsAnything, DECLARATION_CODE, type AvoidList } from '../../../shared/contract/allergen-filter';
import { STORAGE_KEYS } from '../../lib/storage-keys';

export type FilterMode = 'hide' | 'mark';

export interface AllergenFilter extends AvoidList {
  mode: FilterMode;
  /** Send the list with an order, for the board and the kitchen ticket. */
  share: boolean;
}

export const NO_FILTER: AllergenFilter = Object.freeze({ allergens: [], additives: [], mode: 'hide', share: true });

const codes = (value: unknown): string[] =>
  Array.isArray(value) ? [...new Set(value.filter((c): c is string => typeof c === 'string' && DECLARATION_CODE.test(c)))].slice(0, AVOID_LIST_MAX) : [];

/** Whatever is stored, a filter: storage is the diner's, and anything may be in it. */
export function parseFilter(raw: string | null): AllergenFilter {
  if (!raw) return NO_FILTER;
  try {
    const v: unknown = JSON.parse(raw);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return NO_FILTER;
    const o = v as Record<string, unknown>;
    return { allergens: codes(o.allergens), additives: codes(o.additives), mode: o.mode === 'mark' ? 'mark' : 'hide', share: o.share !== false };
  } catch {
    return NO_FILTER;
  }
}

let cachedRaw: string | null | undefined;
/** Set when storage refused a save: the filter still holds for this page. */
let unsaved: AllergenFilter | null = null;
let cached: AllergenFilter = NO_FILTER;
const listeners = new Set<() => void>();

function read(): AllergenFilter {
  if (unsaved) return unsaved;
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(STORAGE_KEYS.allergenFilter);
  } catch {
    // Storage blocked: no filter, as on a first visit.
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parseFilter(raw);
  }
  return cached;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === STORAGE_KEYS.allergenFilter || e.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function saveFilter(next: AllergenFilter): void {
  try {
    localStorage.setItem(STORAGE_KEYS.allergenFilter, JSON.stringify(next));
    unsaved = null;
  } catch {
    // Storage full or blocked: the filter holds for this page only.
    unsaved = next;
  }
  for (const l of listeners) l();
}

export function currentFilter(): AllergenFilter {
  return typeof window === 'undefined' ? NO_FILTER : read();
}

export function useAllergenFilter(): AllergenFilter {
  return useSyncExternalStore(subscribe, read, () => NO_FILTER);
}

/**
 * At start, before the menu renders: a device with a filter marks the page, and the menu's lists
 * stay hidden (styles.css) until the filter is applied to them, so a dish the diner avoids never
 * shows while the app starts (the menu clears the mark, `appliedFilter`).
 */
export function markFilterPending(): void {
  if (avoidsAnything(read())) document.documentElement.dataset.avoids = 'pending';
}

export function appliedFilter(): void {
  delete document.documentElement.dataset.avoids;
}

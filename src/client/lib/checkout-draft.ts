/**
 * The checkout form's entries while an order is being attempted (docs/decisions/006-checkout-draft.md).
 * They hold personal data, so they live in session storage (this tab only, gone when it closes),
 * belong to one owner (a guest, one customer, one table), expire, and go as soon as an order is placed.
 * The outbox and the payment return clear it; the checkout form writes and reads it.
 */
import { STORAGE_KEYS } from './storage-keys';

/** Long enough for a payment page and a second try, short enough not to keep a stranger's details. */
export const CHECKOUT_DRAFT_MAX_AGE_MS = 2 * 60 * 60_000;

export type DraftValues = Record<string, unknown>;

interface StoredDraft {
  owner: string;
  savedAt: number;
  values: DraftValues;
}

function isStoredDraft(x: unknown): x is StoredDraft {
  if (typeof x !== 'object' || x === null) return false;
  const d = x as Record<string, unknown>;
  return typeof d.owner === 'string' && typeof d.savedAt === 'number' && typeof d.values === 'object' && d.values !== null && !Array.isArray(d.values);
}

export function saveCheckoutDraft(owner: string, values: DraftValues, now = Date.now()): void {
  const draft: StoredDraft = { owner, savedAt: now, values };
  try {
    sessionStorage.setItem(STORAGE_KEYS.checkoutDraft, JSON.stringify(draft));
  } catch {
    // Storage full or switched off: the form still works, it just starts empty after a return.
  }
}

/** The owner's draft, or null; someone else's or an expired draft is deleted on the way. */
export function readCheckoutDraft(owner: string, now = Date.now()): DraftValues | null {
  let parsed: unknown;
  try {
    const raw = sessionStorage.getItem(STORAGE_KEYS.checkoutDraft);
    if (raw === null) return null;
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  if (!isStoredDraft(parsed) || parsed.owner !== owner || now - parsed.savedAt > CHECKOUT_DRAFT_MAX_AGE_MS || parsed.savedAt > now + 60_000) {
    clearCheckoutDraft();
    return null;
  }
  return parsed.values;
}

export function clearCheckoutDraft(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEYS.checkoutDraft);
  } catch {
    // Nothing stored where storage is unavailable.
  }
}

/** Which popup pages this tab's session has seen (the rule itself is shared with the server's render: `shared/popup-rule.ts`). */
import { STORAGE_KEYS } from '../../lib/storage-keys';

export { popupToOpen, type HomeVisit } from '../../../shared/popup-rule';

export function seenPopups(): number[] {
  try {
    const raw = JSON.parse(sessionStorage.getItem(STORAGE_KEYS.popupSeen) ?? '[]') as unknown;
    return Array.isArray(raw) ? raw.filter((x): x is number => typeof x === 'number') : [];
  } catch {
    return [];
  }
}

export function markPopupSeen(id: number): void {
  try {
    sessionStorage.setItem(STORAGE_KEYS.popupSeen, JSON.stringify([...new Set([...seenPopups(), id])]));
  } catch {
    // Without session storage the popup may show again; never block the page for it.
  }
}

let openedByServer: number | null = null;

/**
 * The server's render opened this popup page (decision 045): the page takes on its address, the
 * session has seen it, and the home page makes no choice of its own on this visit.
 */
export function adoptServerPopup(id: number, href: string): void {
  openedByServer = id;
  markPopupSeen(id);
  history.replaceState(history.state, '', href);
}

export function popupFromServer(): number | null {
  return openedByServer;
}

import { storefrontDbExists } from './db';
import { STORAGE_KEYS } from './storage-keys';

/** What the server's render of a page was made with (decision 045), as it wrote it on `#root`. */
export interface ServerRender {
  lang: string;
  /** The closed notice: shown in it, or not because the session had seen it (the server's cookie). */
  closedNotice: 'shown' | 'seen' | '';
  /** The popup page it opened, with the address it rendered (`/?page=ID`), or null. */
  popup: { id: number; href: string } | null;
}

export function serverRenderOf(root: HTMLElement): ServerRender | null {
  if (root.dataset.ssr === undefined) return null;
  const notice = root.dataset.closedNotice;
  const popup = Number(root.dataset.popup);
  const href = root.dataset.href ?? '';
  return {
    lang: root.dataset.ssr,
    closedNotice: notice === 'shown' || notice === 'seen' ? notice : '',
    popup: Number.isSafeInteger(popup) && popup > 0 && href.startsWith('/') ? { id: popup, href } : null,
  };
}

/** Keys whose presence changes what a page's first render shows: a signed-in header, kept data, the operator's wording, a branch. */
const RENDER_KEYS = [STORAGE_KEYS.token, STORAGE_KEYS.queryCache, STORAGE_KEYS.branch];

function keptSomething(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if ((RENDER_KEYS as readonly string[]).includes(key) || key.startsWith(STORAGE_KEYS.translations)) return true;
    }
    return sessionStorage.getItem(STORAGE_KEYS.table) !== null;
  } catch {
    // Storage blocked: nothing kept, but nothing can be told either; render afresh.
    return true;
  }
}

/**
 * Whether this browser's first render of the page is the server's: nothing kept on the device
 * (no cart, table, orders, sign-in, kept menu or wording) and the same language. Only then does
 * the page hydrate the server's HTML; otherwise the app renders afresh over it, as over the shell.
 */
export async function rendersAsServer(server: ServerRender, locale: string): Promise<boolean> {
  if (server.lang !== locale || keptSomething()) return false;
  return !(await storefrontDbExists());
}

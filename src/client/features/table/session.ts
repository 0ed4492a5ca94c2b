import { proxy, useSnapshot } from 'valtio';
import type { TableSessionGrant } from '../../../shared/contract/order';
import { ApiError, get } from '../../lib/api';
import { existingStorefrontDb, storefrontDb, type StoredTableSession } from '../../lib/db';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { msg } from '@lingui/core/macro';
import { i18n } from '../../lib/i18n';
import { pushToast } from '../../ui/toasts';
import { takePageTableGrant } from '../catalog';

export const tableState = proxy<{ session: StoredTableSession | null }>({ session: null });

export function useTableSession(): StoredTableSession | null {
  return useSnapshot(tableState).session;
}

function live(session: StoredTableSession | undefined): session is StoredTableSession {
  return session !== undefined && Date.parse(session.expiresAt) > Date.now();
}

let restoring: Promise<void> | null = null;

/** The session survives reloads (IndexedDB); session storage mirrors the code under the spec's key `table`. */
export function restoreTableSession(): Promise<void> {
  restoring ??= readStoredSession();
  return restoring;
}

/**
 * The table session once the stored one has been read: the menu renders before it is (decision
 * 038), so a guard that decides by it asks here rather than reading `tableState` at once.
 */
export async function currentTableSession(): Promise<StoredTableSession | null> {
  await restoreTableSession();
  return tableState.session;
}

async function readStoredSession(): Promise<void> {
  try {
    const stored = await (await existingStorefrontDb())?.tableSession.get('current');
    // A code scanned while it was read has started a newer session.
    if (tableState.session !== null) return;
    if (live(stored)) {
      tableState.session = stored;
      sessionStorage.setItem(STORAGE_KEYS.table, stored.code);
    } else if (stored) await endTableSession();
  } catch {
    // Without IndexedDB there is no table session to restore; the diner scans again.
  }
}

export type TableStart = { ok: true; session: StoredTableSession } | { ok: false; reason: 'unknown' | 'offline' };

/** Checks a scanned code with the server, which answers with the table and a table-user token. */
export async function startTableSession(code: string): Promise<TableStart> {
  let grant: TableSessionGrant;
  try {
    grant = await get<TableSessionGrant>(`/tables/${encodeURIComponent(code)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { ok: false, reason: 'unknown' };
    return { ok: false, reason: 'offline' };
  }
  const session = sessionOf(grant);
  await (await storefrontDb()).tableSession.put(session);
  adopt(session);
  return { ok: true, session };
}

/**
 * The session the page brought for its QR code (decision 047), taken up before the first render
 * so the banner and the welcome are in it, on the server's render and in the browser alike. Null
 * when the page brought none for this code: the arrival then asks the server.
 */
async function arriveWithPageGrant(code: string): Promise<StoredTableSession | null> {
  const grant = takePageTableGrant(code);
  if (!grant) return null;
  const session = sessionOf(grant);
  // Kept before the page renders, as a scanned one is, so a reload or the next page finds it; a
  // device that cannot store it still orders for this page's life.
  if (!import.meta.env.SSR) await storefrontDb().then((db) => db.tableSession.put(session)).catch(() => undefined);
  adopt(session);
  greetAtTable(session.name);
  return session;
}

/** The welcome of a table's diner: the table's name, and how ordering there works (in the language they switch to while it is up). */
export function greetAtTable(name: string): void {
  pushToast({ tone: 'success', slot: { name: 'arrival', rank: 0 }, title: () => i18n._(msg`Welcome to ${name}`), body: () => i18n._(msg`Order from your phone: we bring everything to your table.`) }, 6000);
}

function sessionOf(grant: TableSessionGrant): StoredTableSession {
  return { id: 'current', code: grant.table.code, name: grant.table.name, seats: grant.table.seats, token: grant.token, expiresAt: grant.expiresAt, startedAt: Date.now() };
}

function adopt(session: StoredTableSession): void {
  sessionStorage.setItem(STORAGE_KEYS.table, session.code);
  tableState.session = session;
}

/** Leaving the table, a paid bill or a refused token ends the session on this device. */
export async function endTableSession(): Promise<void> {
  tableState.session = null;
  sessionStorage.removeItem(STORAGE_KEYS.table);
  await (await storefrontDb()).tableSession.delete('current');
}

/**
 * A QR code's arrival whose table session came with the page (decision 047), taken before the
 * router loads (decision 049), in the browser and in the server's render alike: the session is
 * adopted and the page is routed at its address without the code. Taken later, from the menu's
 * effect, the code's leaving the address re-rendered the whole page at once (about 100 ms at a 4×
 * slower CPU), the router's updates being never time-sliced. Returns the address to route, or
 * null when there is nothing to take (no code, another page, or no session for this code).
 */
export async function arriveBeforeRouting(href: string): Promise<string | null> {
  const url = new URL(href, 'http://page.invalid');
  const code = url.searchParams.get('table');
  if (url.pathname !== '/' || !code || !(await arriveWithPageGrant(code))) return null;
  url.searchParams.delete('table');
  return `${url.pathname}${url.search}${url.hash}`;
}

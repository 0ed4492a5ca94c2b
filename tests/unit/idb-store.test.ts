/**
 * The device's database without Dexie (decision 046): a device that stored its data under Dexie
 * opens it unchanged, a Dexie version 1 database loses only its token-less table sessions, and the
 * calls the storefront makes behave as Dexie's did.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

function raw<R>(request: IDBRequest<R>): Promise<R> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Writes a database the way Dexie did: `version` in tens, the stores and rows given. */
async function dexieEra(version: number, stores: Record<string, { keyPath: string; indexes?: string[]; rows: object[] }>): Promise<void> {
  const request = indexedDB.open('storefront', version);
  request.onupgradeneeded = () => {
    for (const [name, shape] of Object.entries(stores)) {
      const store = request.result.createObjectStore(name, { keyPath: shape.keyPath });
      for (const index of shape.indexes ?? []) store.createIndex(index, index);
      for (const row of shape.rows) store.put(row);
    }
  };
  (await raw(request)).close();
}

async function freshModule() {
  vi.resetModules();
  return import('../../src/client/lib/db');
}

const session = { id: 'current' as const, code: 'T01', name: 'Tisch 1', seats: 4, token: 'tok', expiresAt: '2026-12-03T20:00:00Z', startedAt: 1 };

describe('the device database', () => {
  beforeEach(async () => {
    await raw(indexedDB.deleteDatabase('storefront'));
  });
  afterEach(() => {
    vi.resetModules();
  });

  it('opens a database Dexie wrote at its version 2 and keeps every row', async () => {
    await dexieEra(20, {
      cart: { keyPath: 'id', rows: [{ id: 'current', schema: 3, savedAt: 5, lines: [{ id: 'a' }] }] },
      tableSession: { keyPath: 'id', rows: [session] },
      outbox: { keyPath: 'key', indexes: ['createdAt'], rows: [] },
      orders: { keyPath: 'code', indexes: ['createdAt'], rows: [{ code: 'K-2', createdAt: '2026-12-02', accessKey: 'x', status: 'pending_approval', total: 100, snapshot: null }] },
      pendingPayments: { keyPath: 'code', rows: [] },
    });
    const { existingStorefrontDb } = await freshModule();
    const db = await existingStorefrontDb();
    expect(db).not.toBeNull();
    expect(await db?.cart.get('current')).toMatchObject({ schema: 3, lines: [{ id: 'a' }] });
    expect(await db?.tableSession.get('current')).toEqual(session);
    expect((await db?.orders.toArray())?.map((o) => o.code)).toEqual(['K-2']);
  });

  it('upgrades a Dexie version 1 database: the stores it lacked are made, the token-less table session goes, the cart stays', async () => {
    await dexieEra(10, {
      cart: { keyPath: 'id', rows: [{ id: 'current', schema: 3, savedAt: 5, lines: [] }] },
      tableSession: { keyPath: 'id', rows: [{ id: 'current', code: 'T01' }] },
    });
    const { storefrontDb } = await freshModule();
    const db = await storefrontDb();
    expect(await db.tableSession.get('current')).toBeUndefined();
    expect(await db.cart.get('current')).toMatchObject({ schema: 3 });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.pendingPayments.get('nothing')).toBeUndefined();
  });

  it('does not create the database to find out that a first visit has stored nothing', async () => {
    const { existingStorefrontDb, storefrontDbExists } = await freshModule();
    expect(await existingStorefrontDb()).toBeNull();
    expect(await storefrontDbExists()).toBe(false);
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain('storefront');
  });

  it('merges an update into the stored row, creates nothing for a missing key, and lists by index', async () => {
    const { storefrontDb } = await freshModule();
    const db = await storefrontDb();
    const order = (code: string, createdAt: string) => ({ code, createdAt, accessKey: `k-${code}`, status: 'pending_approval' as const, total: 990, snapshot: null });
    await db.orders.put(order('B', '2026-12-03T10:00:00Z'));
    await db.orders.put(order('A', '2026-12-03T12:00:00Z'));
    await db.orders.put(order('C', '2026-12-01T09:00:00Z'));
    expect(await db.orders.update('B', { status: 'approved' })).toBe(1);
    expect(await db.orders.get('B')).toEqual({ ...order('B', '2026-12-03T10:00:00Z'), status: 'approved' });
    expect(await db.orders.update('missing', { status: 'approved' })).toBe(0);
    expect(await db.orders.get('missing')).toBeUndefined();
    expect((await db.orders.orderBy('createdAt').toArray()).map((o) => o.code)).toEqual(['C', 'B', 'A']);
    await db.orders.delete('A');
    expect(await db.orders.count()).toBe(2);
    await db.orders.clear();
    expect(await db.orders.toArray()).toEqual([]);
  });

  it('rejects a row without its key, and the next write still works', async () => {
    const { storefrontDb } = await freshModule();
    const db = await storefrontDb();
    await expect(db.cart.put({ schema: 1 } as never)).rejects.toBeTruthy();
    await db.cart.put({ id: 'current', schema: 1, savedAt: 2, lines: [] });
    expect(await db.cart.count()).toBe(1);
  });
});

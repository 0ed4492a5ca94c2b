import type { Dexie, EntityTable } from 'dexie';
import type { CheckoutPayload, Order, OrderStatus } from '../../shared/contract/order';

/** One stored cart; `schema` tells whether this build can still read it. */
export interface StoredCart {
  id: 'current';
  schema: number;
  savedAt: number;
  lines: unknown;
}

export interface StoredTableSession {
  id: 'current';
  code: string;
  name: string;
  seats: number;
  /** The table-user token the server gave for this session. */
  token: string;
  expiresAt: string;
  startedAt: number;
}

export type OutboxPhase = 'queued' | 'sending' | 'confirm';

/** An order written down before it is sent, so a lost answer, a reload or a dead network cannot lose or double it. */
export interface OutboxEntry {
  /** The Idempotency-Key: made once on this device, sent with every attempt. */
  key: string;
  createdAt: number;
  payload: CheckoutPayload;
  tableToken: string | null;
  /** Cart lines this order holds, removed from the cart once the restaurant has it. */
  lineIds: string[];
  phase: OutboxPhase;
  attempts: number;
  /** Set when the diner confirmed an order that waited too long. */
  confirmedAt: number | null;
}

/** "My orders on this device": the private link's key and the last status seen. */
export interface DeviceOrder {
  code: string;
  accessKey: string;
  createdAt: string;
  status: OrderStatus;
  total: number;
  snapshot: Order | null;
}

/** A payment handed to a provider's page, awaiting the return; the return's check names the order. */
export interface PendingPayment {
  code: string;
  lineIds: string[];
  tableOrder: boolean;
  createdAt: number;
}

export type StorefrontDb = Dexie & {
  cart: EntityTable<StoredCart, 'id'>;
  tableSession: EntityTable<StoredTableSession, 'id'>;
  outbox: EntityTable<OutboxEntry, 'key'>;
  orders: EntityTable<DeviceOrder, 'code'>;
  pendingPayments: EntityTable<PendingPayment, 'code'>;
};

let opened: Promise<StorefrontDb> | null = null;

/**
 * The device's own data (cart, table session, outbox, orders): IndexedDB survives reloads, crashes
 * and offline time. Dexie (about 28 KB on the wire) is loaded the first time the data is needed.
 */
export function storefrontDb(): Promise<StorefrontDb> {
  opened ??= import('dexie').then(({ Dexie }) => {
    const db = new Dexie('storefront') as StorefrontDb;
    db.version(1).stores({ cart: 'id', tableSession: 'id' });
    // Version 1 table sessions carried no token: they cannot order, so they go.
    db.version(2)
      .stores({ cart: 'id', tableSession: 'id', outbox: 'key, createdAt', orders: 'code, createdAt', pendingPayments: 'code' })
      .upgrade((tx) => tx.table('tableSession').clear());
    return db;
  });
  return opened;
}

let exists: Promise<boolean> | null = null;

/**
 * For what a start reads back: null while this device has never stored anything, so a first visit
 * restores an empty cart without downloading Dexie to find nothing (issue 16). A browser that cannot
 * list its databases opens it as before.
 */
export async function existingStorefrontDb(): Promise<StorefrontDb | null> {
  if (opened) return opened;
  exists ??= indexedDB.databases().then(
    (list) => list.some((d) => d.name === 'storefront'),
    () => true,
  );
  const found = await exists.catch(() => true);
  return found ? storefrontDb() : null;
}

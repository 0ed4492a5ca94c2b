import type { CheckoutPayload, Order, OrderStatus } from '../../shared/contract/order';
import { openDatabase, table, type Table } from './idb-store';

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

export interface StorefrontDb {
  cart: Table<StoredCart, 'current'>;
  tableSession: Table<StoredTableSession, 'current'>;
  outbox: Table<OutboxEntry, string>;
  orders: Table<DeviceOrder, string>;
  pendingPayments: Table<PendingPayment, string>;
}

/**
 * IndexedDB version 20 is the schema Dexie wrote as its version 2 (Dexie counts in tens), so a
 * device that stored its cart before decision 046 opens the same database without an upgrade.
 */
const VERSION = 20;
const STORES = {
  cart: { keyPath: 'id' },
  tableSession: { keyPath: 'id' },
  outbox: { keyPath: 'key', indexes: ['createdAt'] },
  orders: { keyPath: 'code', indexes: ['createdAt'] },
  pendingPayments: { keyPath: 'code' },
} as const;

let connection: Promise<IDBDatabase> | null = null;

function connect(): Promise<IDBDatabase> {
  connection ??= openDatabase('storefront', VERSION, STORES, (tx, oldVersion) => {
    // Table sessions from before version 20 carried no token: they cannot order, so they go.
    if (oldVersion > 0 && oldVersion < 20) tx.objectStore('tableSession').clear();
  }).then(
    (db) => {
      // A newer build in another tab needs the database: step aside, and open again when next asked.
      db.onversionchange = () => {
        db.close();
        connection = null;
      };
      return db;
    },
    (err: unknown) => {
      connection = null;
      throw err;
    },
  );
  return connection;
}

let opened: Promise<StorefrontDb> | null = null;

/** The device's own data (cart, table session, outbox, orders): IndexedDB survives reloads, crashes and offline time. */
export function storefrontDb(): Promise<StorefrontDb> {
  opened ??= Promise.resolve({
    cart: table<StoredCart, 'current'>(connect, 'cart'),
    tableSession: table<StoredTableSession, 'current'>(connect, 'tableSession'),
    outbox: table<OutboxEntry, string>(connect, 'outbox'),
    orders: table<DeviceOrder, string>(connect, 'orders'),
    pendingPayments: table<PendingPayment, string>(connect, 'pendingPayments'),
  });
  return opened;
}

let exists: Promise<boolean> | null = null;

/**
 * For what a start reads back: null while this device has never stored anything, so a first visit
 * finds its empty cart without creating the database, which would make the next visit look like a
 * returning one (issue 16). A browser that cannot list its databases opens it as before.
 */
export async function existingStorefrontDb(): Promise<StorefrontDb | null> {
  if (opened) return opened;
  return (await storefrontDbExists()) ? storefrontDb() : null;
}

/** Whether this device has ever stored a cart, a table session, an order or a queued submit (true when it cannot tell). */
export async function storefrontDbExists(): Promise<boolean> {
  if (opened) return true;
  exists ??= indexedDB.databases().then(
    (list) => list.some((d) => d.name === 'storefront'),
    () => true,
  );
  return exists.catch(() => true);
}

import Dexie, { type EntityTable } from 'dexie';

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
  startedAt: number;
}

export type StorefrontDb = Dexie & {
  cart: EntityTable<StoredCart, 'id'>;
  tableSession: EntityTable<StoredTableSession, 'id'>;
};

let instance: StorefrontDb | null = null;

/** The device's own data (cart, table session): IndexedDB survives reloads, crashes and offline time. */
export function storefrontDb(): StorefrontDb {
  if (!instance) {
    const db = new Dexie('storefront') as StorefrontDb;
    db.version(1).stores({ cart: 'id', tableSession: 'id' });
    instance = db;
  }
  return instance;
}

/**
 * The few IndexedDB calls the storefront makes, as promises (decision 046). It replaced Dexie,
 * whose 27 KB crossed the network on a table's first visit to store one session row; the device's
 * data needs keyed reads and writes, a merge, and a list in index order, nothing more.
 */

/** One object store: its key path and the indexes a list may follow. */
export interface StoreShape {
  keyPath: string;
  indexes?: readonly string[];
}

export interface Table<T, K extends IDBValidKey> {
  get(key: K): Promise<T | undefined>;
  put(value: T): Promise<void>;
  delete(key: K): Promise<void>;
  /** Merges `changes` into the stored row; 1 if there was one, 0 if not (nothing is created). */
  update(key: K, changes: Partial<T>): Promise<number>;
  toArray(): Promise<T[]>;
  orderBy(index: string): { toArray(): Promise<T[]> };
  clear(): Promise<void>;
  count(): Promise<number>;
}

function done<R>(request: IDBRequest<R>): Promise<R> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/** Resolves once the transaction has committed, so a write that resolved is on disk as far as the browser can say. */
function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/**
 * Opens (or creates and upgrades) the database. `onUpgrade` runs inside the version change, after
 * missing stores are made, with the version the device had (0 for a new database).
 */
export function openDatabase(name: string, version: number, stores: Record<string, StoreShape>, onUpgrade?: (tx: IDBTransaction, oldVersion: number) => void): Promise<IDBDatabase> {
  const request = indexedDB.open(name, version);
  request.onupgradeneeded = (event) => {
    const db = request.result;
    const tx = request.transaction;
    if (!tx) return;
    for (const [storeName, shape] of Object.entries(stores)) {
      const store = db.objectStoreNames.contains(storeName) ? tx.objectStore(storeName) : db.createObjectStore(storeName, { keyPath: shape.keyPath });
      for (const index of shape.indexes ?? []) if (!store.indexNames.contains(index)) store.createIndex(index, index);
    }
    onUpgrade?.(tx, event.oldVersion);
  };
  return done(request);
}

export function table<T, K extends IDBValidKey>(connection: () => Promise<IDBDatabase>, name: string): Table<T, K> {
  async function run<R>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => Promise<R>): Promise<R> {
    const tx = (await connection()).transaction(name, mode);
    const [result] = await Promise.all([work(tx.objectStore(name)), committed(tx)]);
    return result;
  }
  return {
    get: (key) => run('readonly', (store) => done(store.get(key) as IDBRequest<T | undefined>)),
    put: (value) => run('readwrite', (store) => done(store.put(value))).then(() => undefined),
    delete: (key) => run('readwrite', (store) => done(store.delete(key))),
    update: (key, changes) =>
      run('readwrite', (store) => {
        // The write is made in the read's success callback, inside the same transaction: no write
        // from another tab lands between the two.
        const read = store.get(key) as IDBRequest<T | undefined>;
        return new Promise<number>((resolve, reject) => {
          read.onerror = () => reject(read.error ?? new Error('IndexedDB request failed'));
          read.onsuccess = () => {
            if (read.result === undefined) return resolve(0);
            store.put({ ...read.result, ...changes });
            resolve(1);
          };
        });
      }),
    toArray: () => run('readonly', (store) => done(store.getAll() as IDBRequest<T[]>)),
    orderBy: (index) => ({ toArray: () => run('readonly', (store) => done(store.index(index).getAll() as IDBRequest<T[]>)) }),
    clear: () => run('readwrite', (store) => done(store.clear())),
    count: () => run('readonly', (store) => done(store.count())),
  };
}

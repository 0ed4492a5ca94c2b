/**
 * The catalog and the restaurant's setup as one process last read them, checked against the
 * database's `catalog_revision` before use (decision 030). Statement triggers bump that counter
 * in the same transaction as any write to the tables read here, so a snapshot whose revision still
 * matches is exactly what the database holds, whichever process made the change.
 *
 * Availability (pauses, sold out) is not part of it: it changes every service and is read per order.
 */
import { asc, sql } from 'drizzle-orm';
import type { Menu, Product, Tax } from '../../shared/contract/catalog';
import type { SettingsMap } from '../../shared/contract/settings';
import { loadOpeningRules, type OpeningRules } from '../admin/hours/rules';
import type { Database, Db } from '../db/client';
import { rowsOf } from '../db/rows';
import * as t from '../db/schema';
import { loadSettings } from '../settings';
import { loadMenus, loadProducts, visibleProductIds } from './load';
import { taxOut } from './out';

/** What checkout prices from, in one language. */
export interface PricingView {
  /** Every product, switched-off ones too, so a refusal can name them. */
  products: Map<number, Product>;
  /** Products a diner may order: switched on, not archived, in a visible category. */
  visible: Set<number>;
  /** Active menus; their slots carry switched-off candidates too, for the same reason. */
  menus: Map<number, Menu>;
  taxes: Tax[];
}

/** Read once per revision, whatever the language. */
export interface SetupView {
  revision: string;
  settings: SettingsMap;
  hours: OpeningRules;
}

/** Languages kept per revision; a client inventing language codes gets answers built afresh, not a growing cache. */
const MAX_LANGUAGES = 32;

type Built<T> = { revision: string; value: Promise<T> };

/** `revision` is a bigint: compared as text, never parsed into a float. */
export const REVISION_SQL = sql`(select revision::text from catalog_revision where id = 1)`;

export async function readRevision(db: Db): Promise<string> {
  const [row] = rowsOf<{ revision: string | null }>(await db.execute(sql`select ${REVISION_SQL} as revision`));
  return revisionOf(row?.revision);
}

/** The revision as read (within a larger statement too); a missing row is a broken database. */
export function revisionOf(revision: string | null | undefined): string {
  if (revision === undefined || revision === null) throw new Error('catalog_revision has no row');
  return revision;
}

async function loadPricingView(db: Db, lang: string): Promise<PricingView> {
  const [all, visible, menus, taxRows] = await Promise.all([
    db.select({ id: t.products.id }).from(t.products),
    visibleProductIds(db),
    loadMenus(db, lang, undefined, { withInactiveProducts: true }),
    db.select().from(t.taxes).orderBy(asc(t.taxes.id)),
  ]);
  const products = await loadProducts(db, lang, { productIds: all.map((r) => r.id), withInactive: true });
  return {
    products: new Map(products.map((p) => [p.id, p])),
    visible: new Set(visible),
    menus: new Map(menus.map((m) => [m.id, m])),
    taxes: taxRows.map((x) => taxOut(x, lang)),
  };
}

/**
 * One per database handle. `pricing()`/`setup()` read the revision first and rebuild when it
 * moved; concurrent callers for the same revision share one build.
 */
export class CatalogSnapshot {
  private setupBuilt: Built<SetupView> | undefined;
  private pricingBuilt = new Map<string, Built<PricingView>>();
  private derived = new Map<string, Built<unknown>>();
  private sharedRead: Promise<string> | undefined;
  /** Apps hearing this database's commits (`follow`): while there is one, the revision is kept in memory. */
  private followers = 0;
  private known: string | undefined;
  /** Counts changes heard, so a read that was under way when one arrived is not kept as current. */
  private changes = 0;

  constructor(private readonly db: Db) {}

  /**
   * For a database that hands a commit's notifications back before the writer resumes (PGlite:
   * one connection in this process): from now on the revision is read once and kept until
   * `changed()`, so a menu read costs no statement. Returns the undo, for when the listener goes.
   */
  follow(): () => void {
    this.followers++;
    let followed = true;
    return () => {
      if (!followed) return;
      followed = false;
      this.followers--;
      this.changed();
    };
  }

  /** The catalog changed (its revision's notification): the next menu read reads the revision again. */
  changed(): void {
    this.changes++;
    this.known = undefined;
    this.sharedRead = undefined;
  }

  /** A fresh read of the revision: what an order must price against. */
  revision(): Promise<string> {
    return readRevision(this.db);
  }

  /**
   * The revision menu reads answer from: kept in memory while the app follows the database's
   * commits (`follow`). Otherwise a read already under way is shared: for menu reads under load, where one statement per burst
   * of requests is enough (a request never sees a revision older than one read after it arrived
   * minus the read's own duration).
   */
  sharedRevision(): Promise<string> {
    if (this.followers > 0 && this.known !== undefined) return Promise.resolve(this.known);
    if (!this.sharedRead) {
      const changes = this.changes;
      const read: Promise<string> = readRevision(this.db)
        .then((revision) => {
          if (this.followers > 0 && this.changes === changes) this.known = revision;
          return revision;
        })
        .finally(() => {
          if (this.sharedRead === read) this.sharedRead = undefined;
        });
      this.sharedRead = read;
    }
    return this.sharedRead;
  }

  setup(revision: string): Promise<SetupView> {
    const hit = this.setupBuilt;
    if (hit && hit.revision === revision) return hit.value;
    const value = Promise.all([loadSettings(this.db), loadOpeningRules(this.db)]).then(([settings, hours]) => ({ revision, settings, hours }));
    this.setupBuilt = { revision, value };
    value.catch(() => {
      if (this.setupBuilt?.value === value) this.setupBuilt = undefined;
    });
    return value;
  }

  pricing(revision: string, lang: string): Promise<PricingView> {
    return this.cached(this.pricingBuilt, revision, lang, () => loadPricingView(this.db, lang));
  }

  /**
   * Anything else built from the catalog for one revision (the menu routes' serialized answers):
   * `key` names what is built, in which language.
   */
  derive<T>(revision: string, key: string, build: () => Promise<T>): Promise<T> {
    return this.cached(this.derived as Map<string, Built<T>>, revision, key, build);
  }

  private cached<T>(map: Map<string, Built<T>>, revision: string, key: string, build: () => Promise<T>): Promise<T> {
    const hit = map.get(key);
    if (hit && hit.revision === revision) return hit.value;
    // A newer revision makes every entry of the older one useless.
    for (const [k, v] of map) if (v.revision !== revision) map.delete(k);
    if (map.size >= MAX_LANGUAGES * 64) return build();
    const value = build();
    map.set(key, { revision, value });
    value.catch(() => {
      if (map.get(key)?.value === value) map.delete(key);
    });
    return value;
  }
}

const snapshots = new WeakMap<Db, CatalogSnapshot>();

/** The snapshot of this database handle (several apps in one process each have their own handle). */
export function catalogSnapshot(db: Db): CatalogSnapshot {
  let snapshot = snapshots.get(db);
  if (!snapshot) {
    snapshot = new CatalogSnapshot(db);
    snapshots.set(db, snapshot);
  }
  return snapshot;
}

/** What the revision's trigger notifies on (migration 0016). */
const CATALOG_CHANNEL = 'catalog_revision';

/**
 * Only where a commit's notification reaches this process before the writer resumes (PGlite, the
 * one process owning its directory: decision 033) may the revision be kept in memory. On
 * PostgreSQL a notification arrives some time after the commit, from any process, so menu reads
 * keep reading the revision (shared while one read is under way). Returns the unsubscribe.
 */
export async function followCatalogCommits(db: Db, database: Pick<Database, 'kind' | 'listen'>): Promise<() => Promise<void>> {
  if (database.kind !== 'pglite') return async () => undefined;
  const snapshot = catalogSnapshot(db);
  const unlisten = await database.listen(CATALOG_CHANNEL, { notify: () => snapshot.changed(), resync: () => snapshot.changed() });
  const unfollow = snapshot.follow();
  return async () => {
    unfollow();
    await unlisten();
  };
}

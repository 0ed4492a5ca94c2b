import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/**
 * The query cache kept in `localStorage` (decision 044), in the format of TanStack's persister
 * (`{ buster, timestamp, clientState }`), so a cache kept by an earlier version restores as before.
 *
 * TanStack's sync persister serialised the whole cache on a 500 ms throttle: every dish list again
 * each time any query changed, about 80 ms of one task on a phone at a 4× slower CPU, several times
 * while the menu loads. Here a save waits for an idle moment, and each answer is serialised once:
 * its text is kept per data object (a refetch gives a new object), so a save costs the small
 * per-query envelopes, a join and the write.
 */
export interface PersistOptions {
  key: string;
  /** Data older than this is dropped at restore, not shown. */
  maxAge: number;
  /** An app version: a cache of another version is dropped. */
  buster: string;
  /** Which queries are kept: a customer's own data stays in memory. */
  keep: Parameters<typeof dehydrate>[1];
  storage?: Storage;
}

type DehydratedQuery = DehydratedState['queries'][number];

/** How long a change may wait for an idle moment before it is written anyway. */
const IDLE_TIMEOUT_MS = 2000;

const dataText = new WeakMap<object, string>();

function jsonOfData(data: unknown): string | undefined {
  if (data === null || typeof data !== 'object') return JSON.stringify(data);
  let text = dataText.get(data);
  if (text === undefined) {
    text = JSON.stringify(data);
    dataText.set(data, text);
  }
  return text;
}

/** `value` as JSON with `key` added last, its value already JSON (left out when undefined, as JSON.stringify does). */
function withMember(value: object, key: string, json: string | undefined): string {
  const base = JSON.stringify(value);
  if (json === undefined) return base;
  return base === '{}' ? `{${JSON.stringify(key)}:${json}}` : `${base.slice(0, -1)},${JSON.stringify(key)}:${json}}`;
}

/** The same JSON as `JSON.stringify(query)` up to the order of members, with its data's text reused. */
export function jsonOfQuery(query: DehydratedQuery): string {
  const { state, ...envelope } = query;
  const { data, ...rest } = state;
  return withMember(envelope, 'state', withMember(rest, 'data', jsonOfData(data)));
}

function documentOf(buster: string, mutations: DehydratedState['mutations'], queries: readonly string[]): string {
  return `{"buster":${JSON.stringify(buster)},"timestamp":${Date.now()},"clientState":{"mutations":${JSON.stringify(mutations)},"queries":[${queries.join(',')}]}}`;
}

/**
 * Writes the cache as it is now. Over the storage quota the least recently fetched queries are
 * given up until the rest fits (a failed write would otherwise leave storage behind for good).
 */
export function saveQueries(queryClient: QueryClient, options: PersistOptions): void {
  const storage = options.storage ?? window.localStorage;
  const state = dehydrate(queryClient, options.keep);
  const queries = state.queries.map((query) => ({ updatedAt: query.state.dataUpdatedAt, json: jsonOfQuery(query) }));
  for (;;) {
    try {
      storage.setItem(options.key, documentOf(options.buster, state.mutations, queries.map((q) => q.json)));
      return;
    } catch {
      if (queries.length === 0) return;
      let oldest = 0;
      queries.forEach((q, i) => {
        if (q.updatedAt < (queries[oldest]?.updatedAt ?? Infinity)) oldest = i;
      });
      queries.splice(oldest, 1);
    }
  }
}

/**
 * Serialises the kept queries' answers that have no text yet, at least one, then while `hasTime`.
 * Says whether all have their text now.
 */
export function serialiseNewAnswers(queryClient: QueryClient, options: PersistOptions, hasTime: () => boolean): boolean {
  const kept = options.keep?.shouldDehydrateQuery ?? ((query) => query.state.status === 'success');
  let serialised = false;
  for (const query of queryClient.getQueryCache().getAll()) {
    const data: unknown = query.state.data;
    if (data === null || typeof data !== 'object' || dataText.has(data) || !kept(query)) continue;
    if (serialised && !hasTime()) return false;
    jsonOfData(data);
    serialised = true;
  }
  return true;
}

interface Persisted {
  buster?: unknown;
  timestamp?: unknown;
  clientState?: DehydratedState;
}

/** Puts the kept cache back, unless it is too old or from another version (then it is removed). */
export function restoreQueries(queryClient: QueryClient, options: PersistOptions): void {
  const storage = options.storage ?? window.localStorage;
  try {
    const text = storage.getItem(options.key);
    if (!text) return;
    const kept = JSON.parse(text) as Persisted;
    const fresh = typeof kept.timestamp === 'number' && Date.now() - kept.timestamp <= options.maxAge;
    if (!fresh || kept.buster !== options.buster || !kept.clientState) storage.removeItem(options.key);
    else hydrate(queryClient, kept.clientState);
  } catch {
    // Unreadable (a half-written or foreign value): start without it.
    storage.removeItem(options.key);
  }
}

let flushPending: (() => void) | null = null;

/**
 * Writes any change waiting for an idle moment now. The offline save calls it before it notes the
 * menu as saved.
 */
export function flushQueryPersistence(): void {
  flushPending?.();
}

/** Restores the cache, then follows it: a change is written at the next idle moment, or when the page is hidden. */
export function followQueries(queryClient: QueryClient, options: PersistOptions): () => void {
  restoreQueries(queryClient, options);
  let scheduled: (() => void) | null = null;
  const schedule = () => {
    if (scheduled) return;
    if ('requestIdleCallback' in window) {
      const id = requestIdleCallback(onIdle, { timeout: IDLE_TIMEOUT_MS });
      scheduled = () => cancelIdleCallback(id);
    } else {
      const id = setTimeout(onIdle, 500);
      scheduled = () => clearTimeout(id);
    }
  };
  // New answers are serialised a few per idle moment (all the dish lists arrive together); the
  // write waits until every one is, unless the browser found no idle moment for IDLE_TIMEOUT_MS.
  function onIdle(deadline?: IdleDeadline) {
    scheduled = null;
    if (deadline && !deadline.didTimeout && !serialiseNewAnswers(queryClient, options, () => deadline.timeRemaining() > 1)) schedule();
    else saveQueries(queryClient, options);
  }
  const flush = () => {
    if (!scheduled) return;
    scheduled();
    scheduled = null;
    saveQueries(queryClient, options);
  };
  flushPending = flush;
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', flush);
  const onChange = (event: { type: string }) => {
    if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') schedule();
  };
  const unsubscribeQueries = queryClient.getQueryCache().subscribe(onChange);
  const unsubscribeMutations = queryClient.getMutationCache().subscribe(onChange);
  return () => {
    unsubscribeQueries();
    unsubscribeMutations();
    scheduled?.();
    scheduled = null;
    if (flushPending === flush) flushPending = null;
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', flush);
  };
}

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
/**
 * The least time between two writes. While the menu loads, its answers arrive one by one and the
 * offline save adds dozens more: a write per idle moment put 6 MB through `setItem` in the first
 * 12 s of a visit (31-34 writes of 190 KB, 660-930 ms at a 4× slower CPU).
 */
const WRITE_GAP_MS = 3000;

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

/** What a write would hold, short of the answers' text: which answers, of which moment, and the mutations. */
function signatureOf(state: DehydratedState): string {
  return JSON.stringify([state.queries.map((query) => [query.queryHash, query.state.dataUpdatedAt]), state.mutations]);
}

/** The signature of the cache as it is now, to pass to `saveQueries` as what storage already holds. */
export function querySignature(queryClient: QueryClient, options: PersistOptions): string {
  return signatureOf(dehydrate(queryClient, options.keep));
}

/**
 * Writes the cache as it is now, unless storage already holds it (`written`, the signature of the
 * last write: a refetch that brought nothing new, or a fetch starting, changes no answer). Over
 * the storage quota the least recently fetched queries are given up until the rest fits (a
 * failed write would otherwise leave storage behind for good). Returns the signature of what
 * storage holds now.
 */
export function saveQueries(queryClient: QueryClient, options: PersistOptions, written?: string): string {
  const storage = options.storage ?? window.localStorage;
  const state = dehydrate(queryClient, options.keep);
  const signature = signatureOf(state);
  if (signature === written) return signature;
  const queries = state.queries.map((query) => ({ updatedAt: query.state.dataUpdatedAt, json: jsonOfQuery(query) }));
  for (;;) {
    try {
      storage.setItem(options.key, documentOf(options.buster, state.mutations, queries.map((q) => q.json)));
      return signature;
    } catch {
      // Nothing could be written: the next save tries again.
      if (queries.length === 0) return '';
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

/**
 * Restores the cache, then follows it for the page's life: a change is written at the next idle
 * moment at least WRITE_GAP_MS after the last write, or at once when the page is hidden.
 */
export function followQueries(queryClient: QueryClient, options: PersistOptions): void {
  restoreQueries(queryClient, options);
  // What was restored is what storage holds: it is not written again.
  let written = querySignature(queryClient, options);
  let writtenAt = -Infinity;
  const save = () => {
    const now = saveQueries(queryClient, options, written);
    if (now !== written) writtenAt = performance.now();
    written = now;
  };
  let cancel: (() => void) | null = null;
  const after = (ms: number, run: () => void) => {
    const id = setTimeout(run, ms);
    cancel = () => clearTimeout(id);
  };
  const schedule = () => {
    if (cancel) return;
    const wait = writtenAt + WRITE_GAP_MS - performance.now();
    if (wait > 0)
      after(wait, () => {
        cancel = null;
        schedule();
      });
    else if ('requestIdleCallback' in window) {
      const id = requestIdleCallback(onIdle, { timeout: IDLE_TIMEOUT_MS });
      cancel = () => cancelIdleCallback(id);
    } else after(500, onIdle);
  };
  // New answers are serialised a few per idle moment (all the dish lists arrive together); the
  // write waits until every one is, unless the browser found no idle moment for IDLE_TIMEOUT_MS.
  function onIdle(deadline?: IdleDeadline) {
    cancel = null;
    if (deadline && !deadline.didTimeout && !serialiseNewAnswers(queryClient, options, () => deadline.timeRemaining() > 1)) schedule();
    else save();
  }
  const flush = () => {
    if (!cancel) return;
    cancel();
    cancel = null;
    save();
  };
  flushPending = flush;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
  const onChange = (event: { type: string }) => {
    if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') schedule();
  };
  queryClient.getQueryCache().subscribe(onChange);
  queryClient.getMutationCache().subscribe(onChange);
}

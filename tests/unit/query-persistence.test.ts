import { QueryClient, dehydrate } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { jsonOfQuery, querySignature, restoreQueries, saveQueries, serialiseNewAnswers, type PersistOptions } from '../../src/client/lib/query-persistence';

/** A Storage holding at most `quota` characters, as a browser's does. */
function memoryStorage(quota = Infinity): Storage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    key: (i: number) => [...items.keys()][i] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    removeItem: (key: string) => void items.delete(key),
    setItem: (key: string, value: string) => {
      if (value.length > quota) throw new DOMException('quota', 'QuotaExceededError');
      items.set(key, value);
    },
  };
}

const options = (storage: Storage, over: Partial<PersistOptions> = {}): PersistOptions => ({
  key: 'query-cache',
  maxAge: 60_000,
  buster: 'build-1',
  keep: { shouldDehydrateQuery: (q) => q.state.status === 'success' && q.meta?.private !== true },
  storage,
  ...over,
});

describe('the query cache kept on the device', () => {
  it('writes each query as JSON.stringify would, whatever its data', () => {
    const client = new QueryClient();
    client.setQueryData(['list'], [{ id: 1, name: 'Obazda "hausgemacht"\u2028' }]);
    client.setQueryData(['object'], { a: 1, nested: { b: [null, true] } });
    client.setQueryData(['number'], 0);
    client.setQueryData(['text'], 'ja');
    client.setQueryData(['null'], null);
    for (const query of dehydrate(client).queries) expect(JSON.parse(jsonOfQuery(query))).toEqual(JSON.parse(JSON.stringify(query)));
  });

  it('restores what it saved into a new client, and keeps a private query in memory only', () => {
    const storage = memoryStorage();
    const first = new QueryClient();
    first.setQueryData(['categories', 'de'], [{ id: 2, name: 'Suppen' }]);
    first.getQueryCache().build(first, { queryKey: ['me'], meta: { private: true } }).setData({ email: 'a@b.de' });
    saveQueries(first, options(storage));
    expect(storage.items.get('query-cache')).not.toContain('a@b.de');

    const next = new QueryClient();
    restoreQueries(next, options(storage));
    expect(next.getQueryData(['categories', 'de'])).toEqual([{ id: 2, name: 'Suppen' }]);
    expect(next.getQueryData(['me'])).toBeUndefined();
  });

  it('serialises an answer once, however many saves follow', () => {
    let serialised = 0;
    const client = new QueryClient();
    client.setQueryData(['dishes'], { toJSON: () => (serialised++, { ok: true }) });
    const storage = memoryStorage();
    saveQueries(client, options(storage));
    client.setQueryData(['other'], 1);
    saveQueries(client, options(storage));
    expect(serialised).toBe(1);
    const next = new QueryClient();
    restoreQueries(next, options(storage));
    expect(next.getQueryData(['dishes'])).toEqual({ ok: true });
    expect(next.getQueryData(['other'])).toBe(1);
  });

  it('writes again only when an answer or a mutation changed, and a restored cache not at all', () => {
    const storage = memoryStorage();
    let writes = 0;
    const counting: Storage = { ...storage, setItem: (key: string, value: string) => (writes++, storage.setItem(key, value)) };
    const client = new QueryClient();
    client.setQueryData(['dishes', 1], [{ id: 4, name: 'Bruschetta' }]);
    const first = saveQueries(client, options(counting));
    // A fetch starting, or a private answer arriving, changes nothing storage holds.
    client.getQueryCache().find({ queryKey: ['dishes', 1] })?.setState({ fetchStatus: 'fetching' });
    client.getQueryCache().build(client, { queryKey: ['me'], meta: { private: true } }).setData({ email: 'a@b.de' });
    expect(saveQueries(client, options(counting), first)).toBe(first);
    expect(writes).toBe(1);
    // A new answer is written.
    client.setQueryData(['dishes', 1], [{ id: 4, name: 'Bruschetta' }], { updatedAt: Date.now() + 1 });
    const second = saveQueries(client, options(counting), first);
    expect(second).not.toBe(first);
    expect(writes).toBe(2);
    // Restored elsewhere, the cache's signature is the one written: nothing to write.
    const next = new QueryClient();
    restoreQueries(next, options(storage));
    expect(querySignature(next, options(storage))).toBe(second);
  });

  it('serialises new answers a slice at a time, one at least, and leaves private ones alone', () => {
    const counted = (counter: { n: number }) => ({ toJSON: () => (counter.n++, [1, 2]) });
    const a = { n: 0 };
    const b = { n: 0 };
    const mine = { n: 0 };
    const client = new QueryClient();
    client.setQueryData(['categories', 2], counted(a));
    client.setQueryData(['categories', 3], counted(b));
    client.getQueryCache().build(client, { queryKey: ['me'], meta: { private: true } }).setData(counted(mine));
    // No time left: one answer all the same, so a busy page still gets there.
    expect(serialiseNewAnswers(client, options(memoryStorage()), () => false)).toBe(false);
    expect(a.n + b.n).toBe(1);
    expect(serialiseNewAnswers(client, options(memoryStorage()), () => true)).toBe(true);
    expect([a.n, b.n, mine.n]).toEqual([1, 1, 0]);
    // The write reuses both texts.
    saveQueries(client, options(memoryStorage()));
    expect([a.n, b.n]).toEqual([1, 1]);
  });

  it('gives up the least recently fetched queries when storage is full, and keeps the rest', () => {
    const client = new QueryClient();
    client.setQueryData(['old'], 'x'.repeat(400), { updatedAt: 1_000 });
    client.setQueryData(['new'], 'y'.repeat(400), { updatedAt: 2_000 });
    const storage = memoryStorage(900);
    saveQueries(client, options(storage));
    const next = new QueryClient();
    restoreQueries(next, options(storage));
    expect(next.getQueryData(['old'])).toBeUndefined();
    expect(next.getQueryData(['new'])).toBe('y'.repeat(400));
  });

  it('drops a cache of another build, one past its age, and one that is not JSON', () => {
    const client = new QueryClient();
    client.setQueryData(['categories'], [1]);
    for (const [saved, restored] of [
      [{ buster: 'build-1' }, { buster: 'build-2' }],
      [{ maxAge: 60_000 }, { maxAge: -1 }],
    ] as const) {
      const storage = memoryStorage();
      saveQueries(client, options(storage, saved));
      const next = new QueryClient();
      restoreQueries(next, options(storage, restored));
      expect(next.getQueryData(['categories'])).toBeUndefined();
      expect(storage.items.has('query-cache')).toBe(false);
    }
    const broken = memoryStorage();
    broken.setItem('query-cache', '{"buster":');
    restoreQueries(new QueryClient(), options(broken));
    expect(broken.items.has('query-cache')).toBe(false);
  });
});

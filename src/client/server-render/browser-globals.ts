/**
 * The browser globals the storefront's modules touch while they load and render, installed when
 * this module is evaluated: an entry of the server-render build of its own, which the render
 * worker imports before the render module, so before any module of the app. Only ever loaded in the server's render worker (decision 045), never in
 * the server's own thread. They stand for a first visit's browser: nothing stored, online, no
 * media query matching, no element found, no network. What the app does after rendering (effects,
 * timers, events) never runs there.
 */
class MemoryStorage {
  readonly #items = new Map<string, string>();
  get length(): number {
    return this.#items.size;
  }
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.#items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.#items.delete(key);
  }
  clear(): void {
    this.#items.clear();
  }
}

const noop = (): void => undefined;

/** An element that takes every call and holds nothing. */
function inertElement(): Record<string, unknown> {
  return {
    style: {},
    dataset: {},
    classList: { add: noop, remove: noop, toggle: () => false, contains: () => false },
    setAttribute: noop,
    removeAttribute: noop,
    getAttribute: () => null,
    appendChild: noop,
    remove: noop,
    addEventListener: noop,
    removeEventListener: noop,
  };
}

function installBrowserGlobals(origin: string): void {
  const scope = globalThis as Record<string, unknown>;
  const define = (name: string, value: unknown) => Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  define('window', globalThis);
  define('self', globalThis);
  define('location', new URL(`${origin}/`));
  define('localStorage', new MemoryStorage());
  define('sessionStorage', new MemoryStorage());
  define('navigator', { onLine: true, language: 'de', languages: ['de'], userAgent: 'storefront-server-render' });
  define('matchMedia', () => ({ matches: false, media: '', addEventListener: noop, removeEventListener: noop, addListener: noop, removeListener: noop }));
  define('document', {
    documentElement: { ...inertElement(), lang: '', dir: 'ltr' },
    head: inertElement(),
    body: inertElement(),
    cookie: '',
    readyState: 'complete',
    visibilityState: 'visible',
    createElement: inertElement,
    getElementById: () => null,
    querySelector: () => null,
    querySelectorAll: () => [],
    addEventListener: noop,
    removeEventListener: noop,
  });
  scope.addEventListener = noop;
  scope.removeEventListener = noop;
  // The render uses the answers it is given; a call it would make instead fails at once, as offline.
  define('fetch', () => Promise.reject(new TypeError('no network in the server render')));
}

// Links in the page are relative; the origin only answers `location` questions (a branch, the staff side).
installBrowserGlobals('http://localhost');

import { chosenBranch } from './branch';
import { STORAGE_KEYS } from './storage-keys';

/** The staff side (its own page at /staff) always runs its own host's restaurant, whatever a diner chose on this device. */
const branch = location.pathname.startsWith('/staff') ? null : chosenBranch();
/**
 * The API lives beside the app (spec §7: a relative base ending in /api); with a branch chosen on
 * another host, the base is that branch's (decision 017). Read once: choosing a branch reloads.
 */
export const API_BASE = branch && branch.url !== location.origin ? `${branch.url}/api` : '/api';
/** Cookies only to our own origin: across origins the sign-in is the bearer token and the proof is the Origin header. */
export const API_CREDENTIALS: RequestCredentials = API_BASE === '/api' ? 'include' : 'omit';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Field errors of a 422: first message per field is what forms show. */
    readonly fields: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

let currentLanguage = 'de';

/** Every call carries the diner's language; the server answers content in it. */
export function setApiLanguage(lang: string): void {
  currentLanguage = lang;
}

export function apiLanguage(): string {
  return currentLanguage;
}

type Query = Record<string, string | number | boolean | null | undefined>;

function urlOf(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers; an Authorization here replaces the stored token. */
  headers?: Record<string, string>;
  /** `no-cache` asks the worker for the current answer (network first) instead of its stored one. */
  cache?: RequestCache;
}

/** Spec §7: non-GET calls echo the anti-forgery cookie the API set (cookie XSRF-TOKEN, header X-XSRF-TOKEN). */
function xsrfToken(): string {
  const match = /(?:^|;\s*)XSRF-TOKEN=([^;]*)/.exec(document.cookie);
  return match?.[1] ? decodeURIComponent(match[1]) : '';
}

let sessionEnded: () => void = () => undefined;

/** Told when the server refuses the stored sign-in token (expired, revoked): the account forgets it, the cart stays. */
export function onSessionEnded(listener: () => void): void {
  sessionEnded = listener;
}

/**
 * One call, answered with its status and parsed body whatever the status. Rejects only when no
 * answer arrived (offline, dropped connection): the caller cannot know whether the server acted.
 */
export interface Answer {
  status: number;
  body: unknown;
  /** A 429's or 503's Retry-After in seconds, when the server gave one. */
  retryAfterSeconds: number | null;
}

export async function send(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
  const first = await sendOnce(method, path, options);
  // A first visit's first call may be a POST before any answer set the cookie; the refusal sets it.
  if (first.status === 403 && (first.body as { code?: unknown } | null)?.code === 'xsrf') return sendOnce(method, path, options);
  return first;
}

async function sendOnce(method: string, path: string, options: RequestOptions): Promise<Answer> {
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage };
  const token = localStorage.getItem(STORAGE_KEYS.token);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  // Another host's cookie is out of reach: there the browser's Origin header stands in for it.
  if (method !== 'GET' && method !== 'HEAD' && API_CREDENTIALS === 'include') headers['X-XSRF-TOKEN'] = xsrfToken();
  Object.assign(headers, options.headers);
  const usedStoredToken = Boolean(token) && headers.Authorization === `Bearer ${token}`;
  const response = await fetch(urlOf(path, options.query), {
    method,
    headers,
    credentials: API_CREDENTIALS,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
    cache: options.cache,
  });
  if (response.status === 401 && usedStoredToken && localStorage.getItem(STORAGE_KEYS.token) === token) {
    localStorage.removeItem(STORAGE_KEYS.token);
    sessionEnded();
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  const retryAfter = response.headers.get('retry-after');
  return { status: response.status, body, retryAfterSeconds: retryAfter && /^\d+$/.test(retryAfter) ? Number(retryAfter) : null };
}

export function apiErrorOf(status: number, body: unknown): ApiError {
  const b = (body ?? {}) as { message?: string; data?: Record<string, string[]> };
  return new ApiError(status, b.message ?? String(status), b.data ?? {});
}

async function request<T>(method: string, path: string, options: RequestOptions): Promise<T> {
  const { status, body } = await send(method, path, options);
  if (status < 200 || status >= 300) throw apiErrorOf(status, body);
  return body as T;
}

/** Resolves to the whole `{ data, meta }` body, for calls whose meta matters. */
export function getWithMeta<T, M>(path: string, query?: Query, signal?: AbortSignal): Promise<{ data: T; meta: M }> {
  return request('GET', path, { query, signal });
}

/** Resolves to the body's `data`. */
export async function get<T>(path: string, query?: Query, signal?: AbortSignal, headers?: Record<string, string>): Promise<T> {
  const body = await request<{ data: T }>('GET', path, { query, signal, headers });
  return body.data;
}

/** A GET's whole body, in the fetch cache mode the caller chooses (`no-cache`: past the worker's stored copy). */
export function getBody<T>(path: string, signal: AbortSignal | undefined, cache: RequestCache): Promise<T> {
  return request('GET', path, { signal, cache });
}

/** Like `get`, but the current answer: the worker's stored copy only serves offline. */
export async function getFresh<T>(path: string, query?: Query): Promise<T> {
  return (await request<{ data: T }>('GET', path, { query, cache: 'no-cache' })).data;
}

export async function post<T>(path: string, body: unknown, headers?: Record<string, string>): Promise<T> {
  return (await request<{ data: T }>('POST', path, { body, headers })).data;
}

export async function put<T>(path: string, body: unknown): Promise<T> {
  return (await request<{ data: T }>('PUT', path, { body })).data;
}

export async function del<T>(path: string, headers?: Record<string, string>): Promise<T> {
  return (await request<{ data: T }>('DELETE', path, { headers })).data;
}

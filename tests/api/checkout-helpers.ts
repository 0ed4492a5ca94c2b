/**
 * Shared pieces of the checkout API tests: valid payloads built from the seeded catalog as the
 * API serves it, a price oracle written independently of `shared/pricing`, clock-free delivery
 * times, and small database switches (settings, opening hours) for the tests that need them.
 */
import { randomUUID } from 'node:crypto';
import { asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Area, Menu, Product, Variant } from '../../src/shared/contract/catalog';
import type { OptionChoices } from '../../src/shared/contract/cart';
import type { CheckoutMenuLine, CheckoutProductLine, CheckoutResult, Order } from '../../src/shared/contract/checkout';
import type { SettingKey } from '../../src/shared/contract/settings';
import type { StaffSession } from '../../src/shared/contract/staff';
import type { Db } from '../../src/server/db/client';
import * as t from '../../src/server/db/schema';
import { ensureOwner } from '../../src/server/staff/accounts';
import { requiredOptions } from '../factories/choices';

export interface Reply<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: T;
  text: string;
}

export interface ValidationBody {
  message: string;
  data: Record<string, string[]>;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A browser's anti-forgery pair: the cookie the API set and the same value echoed in the header. */
export const XSRF_TOKEN = 'test-xsrf-token-0123456789abcdefghijklmnopq';
export const XSRF_HEADERS = { cookie: `XSRF-TOKEN=${XSRF_TOKEN}`, 'x-xsrf-token': XSRF_TOKEN } as const;

/**
 * One request through `app.inject`, its JSON body parsed (raw text kept for non-JSON answers).
 * State-changing calls carry the anti-forgery pair as the app's browser client does, unless
 * `xsrf: false` (the tests of the refusal itself).
 */
export async function call<T = unknown>(
  app: FastifyInstance,
  method: Method,
  url: string,
  options: { payload?: unknown; headers?: Record<string, string>; xsrf?: boolean; remoteAddress?: string } = {},
): Promise<Reply<T>> {
  const xsrf = method !== 'GET' && options.xsrf !== false ? XSRF_HEADERS : {};
  const res = await app.inject({
    method,
    url,
    headers: { ...xsrf, ...options.headers },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.payload === undefined ? {} : { payload: options.payload as Record<string, unknown> }),
  });
  const isJson = String(res.headers['content-type'] ?? '').includes('json');
  return { status: res.statusCode, headers: res.headers, body: (isJson && res.body ? JSON.parse(res.body) : null) as T, text: res.body };
}

// ---------------------------------------------------------------------------------------------
// Time: the restaurant's wall clock (Europe/Berlin), so no test depends on when it runs.

export const TIME_ZONE = 'Europe/Berlin';
const WEEKDAY_INDEX: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };
const berlinFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  weekday: 'short',
});

/** The Berlin wall clock at an instant: its datetime-local value and weekday (Monday = 0). */
export function berlinClock(at: Date): { local: string; date: string; weekday: number } {
  const p = Object.fromEntries(berlinFormat.formatToParts(at).map((x) => [x.type, x.value]));
  const date = `${p.year}-${p.month}-${p.day}`;
  return { local: `${date}T${p.hour}:${p.minute}`, date, weekday: WEEKDAY_INDEX[p.weekday ?? ''] ?? -1 };
}

/** The next day (tomorrow or later, within 8 days) on one of `weekdays` (Monday = 0), at `time` in Berlin. */
export function nextLocalSlot(weekdays: number[], time: string, now = new Date()): string {
  for (let days = 1; days <= 8; days++) {
    const clock = berlinClock(new Date(now.getTime() + days * 86_400_000));
    if (weekdays.includes(clock.weekday)) return `${clock.date}T${time}`;
  }
  throw new Error(`no day among ${weekdays.join(',')} within 8 days`);
}

/** Thursday or Friday 19:00 (open 11:30–23:00 both days in the seed): always a valid scheduled time. */
export const nextOpenEvening = (now = new Date()): string => nextLocalSlot([3, 4], '19:00', now);
/** Monday noon: the seeded restaurant is closed all Monday. */
export const nextMondayNoon = (now = new Date()): string => nextLocalSlot([0], '12:00', now);

// ---------------------------------------------------------------------------------------------
// Catalog and payloads.

export interface Catalog {
  products: Product[];
  menus: Menu[];
  areas: Area[];
}

/** The seeded catalog as the storefront reads it, in English so tests can name things. */
export async function loadCatalog(app: FastifyInstance): Promise<Catalog> {
  const headers = { 'accept-language': 'en' };
  const get = async <T>(url: string): Promise<T> => {
    const res = await call<{ data: T }>(app, 'GET', url, { headers });
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    return res.body.data;
  };
  const categories = await get<{ id: number }[]>('/api/products/categories');
  const lists = await Promise.all(categories.map((c) => get<Product[]>(`/api/products/categories/${c.id}/products`)));
  const [menus, areas] = await Promise.all([get<Menu[]>('/api/products/menus'), get<Area[]>('/api/areas')]);
  return { products: lists.flat(), menus, areas };
}

function named<T extends { name: string }>(list: T[], name: string, what: string): T {
  const found = list.find((x) => x.name === name);
  if (!found) throw new Error(`no ${what} named ${name}`);
  return found;
}

export const productNamed = (c: Catalog, name: string): Product => named(c.products, name, 'product');
export const menuNamed = (c: Catalog, name: string): Menu => named(c.menus, name, 'menu');
export const areaNamed = (c: Catalog, name: string): Area => named(c.areas, name, 'area');

export function productLine(
  product: Product,
  choice: { sizeIndex?: number; qty?: number; options?: OptionChoices; extraIds?: number[] } = {},
): CheckoutProductLine {
  const size = product.sizes[choice.sizeIndex ?? 0];
  if (!size) throw new Error(`${product.name} has no size ${choice.sizeIndex ?? 0}`);
  return {
    type: 'productItem',
    productId: product.id,
    sizeId: size.id,
    qty: choice.qty ?? 1,
    options: { ...requiredOptions(product.variants), ...choice.options },
    extraIds: choice.extraIds ?? [],
  };
}

export interface SlotPick {
  product?: number;
  options?: OptionChoices;
  extraIds?: number[];
}

/** A menu line taking the first candidate of every slot unless `picks[slotIndex]` says otherwise. */
export function menuLine(menu: Menu, qty = 1, picks: Record<number, SlotPick> = {}): CheckoutMenuLine {
  return {
    type: 'menuItem',
    menuId: menu.id,
    qty,
    items: menu.items.map((slot, i) => {
      const pick = picks[i] ?? {};
      const candidate = slot.products[pick.product ?? 0];
      if (!candidate) throw new Error(`slot ${slot.name} has no candidate ${pick.product ?? 0}`);
      return {
        slotId: slot.id,
        productId: candidate.id,
        options: { ...requiredOptions(candidate.variants), ...pick.options },
        extraIds: pick.extraIds ?? [],
      };
    }),
  };
}

export const GUEST = { name: 'Erika Mustermann', email: 'erika@example.org', phone: '+49 40 7654321' };

/** A payload a guest may send: takeaway, paid on site, for the next open Thursday or Friday evening. */
export function payload(items: unknown[], overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    items,
    ...GUEST,
    deliverType: 'takeaway',
    deliverAt: 'later',
    deliverDate: nextOpenEvening(),
    notes: '',
    tip: 0,
    terms: true,
    paymentType: 'cash',
    ...overrides,
  };
}

export const newKey = (): string => randomUUID();

/** `POST /api/checkout/v2` with a fresh Idempotency-Key unless one is given (`null`: none at all). */
export function checkout(
  app: FastifyInstance,
  body: unknown,
  options: { key?: string | null; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const key = options.key === undefined ? newKey() : options.key;
  return call(app, 'POST', '/api/checkout/v2', {
    payload: body,
    headers: { ...(key === null ? {} : { 'idempotency-key': key }), ...options.headers },
  });
}

/** The created order of a 201 answer (fails the test with the body otherwise). */
export function placed(res: Reply): CheckoutResult {
  expect(res.status, res.text).toBe(201);
  return (res.body as { data: CheckoutResult }).data;
}

/** The field errors of a 422 answer in the spec's shape. */
export function fieldErrors(res: Reply): Record<string, string[]> {
  expect(res.status, res.text).toBe(422);
  const body = res.body as ValidationBody;
  expect(body.message).toBe('Validation Error');
  expect(typeof body.data).toBe('object');
  for (const messages of Object.values(body.data)) {
    expect(Array.isArray(messages)).toBe(true);
    expect(messages.length).toBeGreaterThan(0);
    for (const m of messages) expect(typeof m).toBe('string');
  }
  return body.data;
}

/** Places a valid order and returns it. */
export async function placeOrder(app: FastifyInstance, body: unknown, headers: Record<string, string> = {}): Promise<CheckoutResult> {
  return placed(await checkout(app, body, { headers }));
}

/** The order page (`GET /api/orders/{code}?key=…`). */
export async function orderPage(app: FastifyInstance, result: CheckoutResult): Promise<Order> {
  const res = await call<{ data: Order }>(app, 'GET', `/api/orders/${result.order.code}?key=${encodeURIComponent(result.accessKey)}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data;
}

// ---------------------------------------------------------------------------------------------
// Price oracle: the spec's formulas (§9) on the catalog's euro amounts, in whole cents.

export const cents = (euros: number): number => Math.round(euros * 100);

function optionsCents(variants: Variant[], options: OptionChoices): number {
  let total = 0;
  for (const v of variants) {
    const chosen = options[v.id] ?? [];
    for (const o of v.options) {
      if (!chosen.includes(o.id)) continue;
      total += cents(o.price) + optionsCents(o.children, options);
    }
  }
  return total;
}

function extrasCents(product: Product, extraIds: number[], sizeId: number): number {
  return extraIds.reduce((sum, id) => {
    const price = product.extras.find((e) => e.id === id)?.prices.find((p) => p.sizeId === sizeId)?.price;
    if (price === undefined) throw new Error(`extra ${id} has no price for size ${sizeId}`);
    return sum + cents(price);
  }, 0);
}

export function expectedProductUnit(product: Product, line: CheckoutProductLine): number {
  const size = product.sizes.find((s) => s.id === line.sizeId);
  if (!size) throw new Error(`size ${line.sizeId} is not one of ${product.name}'s`);
  return cents(size.price) + optionsCents(product.variants, line.options) + extrasCents(product, line.extraIds, size.id);
}

/** Menu price after its discount (half up to the cent), plus every slot's options and extras at the slot's size. */
export function expectedMenuUnit(menu: Menu, line: CheckoutMenuLine): number {
  let total = Math.round((cents(menu.price) * (100 - menu.discount)) / 100);
  for (const slot of menu.items) {
    const choice = line.items.find((i) => i.slotId === slot.id);
    const candidate = slot.products.find((p) => p.id === choice?.productId);
    const size = candidate?.sizes[0];
    if (!choice || !candidate || !size) throw new Error(`slot ${slot.name} has no valid choice`);
    total += optionsCents(candidate.variants, choice.options) + extrasCents(candidate, choice.extraIds, size.id);
  }
  return total;
}

// ---------------------------------------------------------------------------------------------
// Database switches and counters.

export async function setSetting(db: Db, key: SettingKey, value: unknown): Promise<void> {
  await db.update(t.settings).set({ value }).where(eq(t.settings.key, key));
}

/** Runs `fn` with a setting changed, and puts the old value back afterwards. */
export async function withSetting<T>(db: Db, key: SettingKey, value: unknown, fn: () => Promise<T>): Promise<T> {
  const [row] = await db.select({ value: t.settings.value }).from(t.settings).where(eq(t.settings.key, key));
  if (!row) throw new Error(`setting ${key} is not seeded`);
  await setSetting(db, key, value);
  try {
    return await fn();
  } finally {
    await setSetting(db, key, row.value);
  }
}

export interface Range {
  weekday: number;
  start: string;
  end: string;
}

/** Open around the clock every day ('00:00'–'00:00' is a range running through to the next midnight). */
export const ALL_WEEK: Range[] = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '00:00', end: '00:00' }));

export async function setWorkingHours(db: Db, ranges: Range[]): Promise<void> {
  await db.delete(t.workingHours);
  if (ranges.length) await db.insert(t.workingHours).values(ranges);
}

/** Runs `fn` with other opening hours, and restores the previous ones afterwards. */
export async function withWorkingHours<T>(db: Db, ranges: Range[], fn: () => Promise<T>): Promise<T> {
  const before = await db.select().from(t.workingHours).orderBy(asc(t.workingHours.id));
  await setWorkingHours(db, ranges);
  try {
    return await fn();
  } finally {
    await setWorkingHours(
      db,
      before.map(({ weekday, start, end }) => ({ weekday, start, end })),
    );
  }
}

export async function orderCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(t.orders);
  return Number(row?.n ?? 0);
}

/** The `order_events` rows of one order, oldest first. */
export async function eventsOf(db: Db, code: string): Promise<{ from: string | null; to: string; source: string }[]> {
  const rows = await db
    .select({ from: t.orderEvents.fromStatus, to: t.orderEvents.toStatus, source: t.orderEvents.source })
    .from(t.orderEvents)
    .innerJoin(t.orders, eq(t.orders.id, t.orderEvents.orderId))
    .where(eq(t.orders.code, code))
    .orderBy(asc(t.orderEvents.id));
  return rows;
}

/** Open every day, an owner signed in, the menu as the API serves it: where the order tests that switch the catalog start. */
export async function openWithOwner(app: FastifyInstance, db: Db, owner: { email: string; password: string }): Promise<{ catalog: Catalog; token: string }> {
  await setWorkingHours(db, ALL_WEEK);
  await ensureOwner(db, owner.email, owner.password);
  const token = (await call<{ data: StaffSession }>(app, 'POST', '/api/staff/login', { payload: owner })).body.data.token;
  return { catalog: await loadCatalog(app), token };
}

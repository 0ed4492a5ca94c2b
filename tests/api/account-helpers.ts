/**
 * Shared pieces of the account API tests: registering and signing in through the API as the
 * client does, bearer headers, unique e-mails and client addresses (every sign-in door is
 * rate-limited per address, so each helper call comes from its own), and a few database reads
 * and switches for the tests that need them.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AddressOut, AuthResult, Transaction, User } from '../../src/shared/contract/account';
import type { Db } from '../../src/server/db/client';
import * as t from '../../src/server/db/schema';
import type { MailMessage } from '../../src/server/mail/mailer';
import { call, payload, type Reply } from './checkout-helpers';

export { setSetting, withSetting } from './checkout-helpers';

/** English answers, so tests can compare the exact texts of src/server/i18n/messages.ts. */
export const EN = { 'accept-language': 'en' } as const;

export const PASSWORD = 'correct horse battery staple';
export const PHONE = '+49 40 7654321';

/** A fresh e-mail address per call, so tests in one database never collide. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.org`;
}

let addressCounter = Math.floor(Math.random() * 200);
/**
 * A client address nobody else in this process uses: the sign-in doors count attempts per
 * address, so helpers must not eat into the budget a test is measuring.
 */
export function freshAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export const authHeaders = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

/** What the registration form sends. */
export function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Ada Lovelace',
    email: uniqueEmail(),
    phone: PHONE,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    terms: true,
    ...overrides,
  };
}

export function register(app: FastifyInstance, body: Record<string, unknown>, options: { remoteAddress?: string; headers?: Record<string, string> } = {}): Promise<Reply> {
  return call(app, 'POST', '/api/register', { payload: body, remoteAddress: options.remoteAddress ?? freshAddress(), headers: options.headers });
}

/** Registers a password account (201 or the test fails) and returns it with its credentials. */
export async function registerUser(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<{ user: User; email: string; password: string }> {
  const body = registration(overrides);
  const res = await register(app, body);
  expect(res.status, res.text).toBe(201);
  const { user } = (res.body as { data: { user: User } }).data;
  return { user, email: String(body.email), password: String(body.password) };
}

export function loginCall(
  app: FastifyInstance,
  email: string,
  password: string,
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  return call(app, 'POST', '/api/login', { payload: { email, password }, remoteAddress: options.remoteAddress ?? freshAddress(), headers: options.headers });
}

/** Signs in (200 or the test fails) and returns the bearer token. */
export async function login(app: FastifyInstance, email: string, password = PASSWORD): Promise<string> {
  const res = await loginCall(app, email, password);
  expect(res.status, res.text).toBe(200);
  const auth = (res.body as { data: AuthResult }).data;
  expect(typeof auth.token).toBe('string');
  return auth.token;
}

export interface Customer {
  user: User;
  email: string;
  password: string;
  token: string;
  headers: Record<string, string>;
}

/** Registers and signs in: a customer ready to call /me. */
export async function signUp(app: FastifyInstance, overrides: Record<string, unknown> = {}): Promise<Customer> {
  const registered = await registerUser(app, overrides);
  const token = await login(app, registered.email, registered.password);
  return { ...registered, token, headers: authHeaders(token) };
}

/** `GET /api/me` with a bearer token. */
export function me(app: FastifyInstance, token: string): Promise<Reply<{ data: User; message?: string }>> {
  return call(app, 'GET', '/api/me', { headers: { ...EN, ...authHeaders(token) } });
}

export async function userRow(db: Db, email: string): Promise<typeof t.users.$inferSelect> {
  const [row] = await db.select().from(t.users).where(eq(t.users.email, email.toLowerCase()));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

/** Sets a loyalty balance directly, as if it had been earned. */
export async function setProfit(db: Db, userId: number, cents: number): Promise<void> {
  await db.update(t.users).set({ profitCents: cents }).where(eq(t.users.id, userId));
}

export async function profitCents(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ cents: t.users.profitCents }).from(t.users).where(eq(t.users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return row.cents;
}

export async function ledgerOf(db: Db, userId: number): Promise<(typeof t.loyaltyTransactions.$inferSelect)[]> {
  return db.select().from(t.loyaltyTransactions).where(eq(t.loyaltyTransactions.userId, userId)).orderBy(asc(t.loyaltyTransactions.id));
}

export async function ledgerRowsOf(db: Db, orderCode: string, kind: 'spent' | 'earned' | 'refunded'): Promise<(typeof t.loyaltyTransactions.$inferSelect)[]> {
  const rows = await db
    .select({ tx: t.loyaltyTransactions })
    .from(t.loyaltyTransactions)
    .innerJoin(t.orders, eq(t.orders.id, t.loyaltyTransactions.orderId))
    .where(and(eq(t.orders.code, orderCode), eq(t.loyaltyTransactions.kind, kind)));
  return rows.map((r) => r.tx);
}

/** `GET /api/me/transactions?page=…` */
export function transactions(
  app: FastifyInstance,
  token: string,
  page?: number,
): Promise<Reply<{ data: Transaction[]; meta: { pagination: { total: number; current_page: number; per_page: number; total_pages: number } } }>> {
  return call(app, 'GET', `/api/me/transactions${page === undefined ? '' : `?page=${page}`}`, { headers: { ...EN, ...authHeaders(token) } });
}

/** Saves an address in the old address system (an area chosen from the list). */
export async function saveAddress(app: FastifyInstance, token: string, body: Record<string, unknown>): Promise<AddressOut> {
  const res = await call<{ data: AddressOut }>(app, 'POST', '/api/me/addresses', { payload: body, headers: { ...EN, ...authHeaders(token) } });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

/** A checkout body of a signed-in customer: name, e-mail and phone come from the account. */
export function accountPayload(items: unknown[], overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const body = payload(items, overrides);
  for (const field of ['name', 'email', 'phone'] as const) if (!(field in overrides)) delete body[field];
  return body;
}

/** The mails sent to one address so far. */
export function mailsTo(sent: MailMessage[], to: string): MailMessage[] {
  return sent.filter((m) => m.to === to);
}

/** Polls until `check` holds (mail goes out after the answer); fails after `ms`. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Sign-in and calls for the back-office API tests of hours, pages and tables. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { AuditEntry, StaffMember, StaffSession } from '../../src/shared/contract/staff';
import type { Db } from '../../src/server/db/client';
import { ensureOwner } from '../../src/server/staff/accounts';
import { authHeaders } from './account-helpers';
import { call, type Reply } from './checkout-helpers';

export const OWNER = { email: 'owner@lindenhof.example', password: 'owner-password-123' };
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface StaffTokens {
  owner: string;
  manager: string;
  service: string;
}

export async function staffLogin(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await call<{ data: StaffSession }>(app, 'POST', '/api/staff/login', { payload: { email, password } });
  expect(res.status, res.text).toBe(200);
  return res.body.data.token;
}

export function staffCall<T = unknown>(app: FastifyInstance, token: string | null, method: Method, url: string, body?: unknown, lang = 'en'): Promise<Reply<T>> {
  const headers = { ...(token ? authHeaders(token) : {}), 'accept-language': lang };
  return call<T>(app, method, `/api/staff${url}`, { headers, payload: body });
}

/** The owner, a manager and a service member, signed in. */
export async function signInTeam(app: FastifyInstance, db: Db): Promise<StaffTokens> {
  await ensureOwner(db, OWNER.email, OWNER.password);
  const owner = await staffLogin(app, OWNER.email, OWNER.password);
  const add = async (role: 'manager' | 'service') => {
    const email = `${role}-${Math.random().toString(36).slice(2, 8)}@lindenhof.example`;
    const res = await staffCall<{ data: StaffMember }>(app, owner, 'POST', '/team', { name: `A ${role}`, email, role, password: 'staff-password-1' });
    expect(res.status, res.text).toBe(201);
    return staffLogin(app, email, 'staff-password-1');
  };
  return { owner, manager: await add('manager'), service: await add('service') };
}

/** The newest history lines of one action, newest first. */
export async function historyOf(app: FastifyInstance, owner: string, action: string): Promise<AuditEntry[]> {
  const res = await staffCall<{ data: AuditEntry[] }>(app, owner, 'GET', '/audit?limit=200');
  expect(res.status, res.text).toBe(200);
  return res.body.data.filter((e) => e.action === action);
}

/** Bodies no endpoint may answer with a 500: wrong types, prototype keys, NUL bytes, floods, deep nesting. */
export function hostileBodies(): unknown[] {
  let deep: unknown = 'x';
  for (let i = 0; i < 200; i++) deep = { a: deep };
  return [
    null,
    'text',
    42,
    [],
    [1, 2],
    JSON.parse('{"__proto__": {"admin": true}}'),
    { constructor: { prototype: { polluted: true } } },
    { name: 'a\u0000b' },
    { name: 'x'.repeat(300_000) },
    deep,
  ];
}

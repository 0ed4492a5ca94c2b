/**
 * A customer keeps at most 20 addresses and exactly one default, held by the database itself (an
 * insert trigger and a unique partial index, migration 0005), so parallel saves cannot break either.
 */
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../src/server/db/schema';
import { MAX_ADDRESSES } from '../../src/server/routes/addresses';
import type { AddressOut } from '../../src/shared/contract/account';
import { authHeaders, EN, signUp } from './account-helpers';
import { areaNamed, call, fieldErrors, loadCatalog, type Catalog } from './checkout-helpers';
import { backends, useTestApp } from './harness';

describe.each(backends())('address limits on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let catalog: Catalog;

  beforeAll(async () => {
    catalog = await loadCatalog(app());
  });

  const home = (i: number) => ({ name: `Home ${i}`, areaId: areaNamed(catalog, 'Eppendorf').id, address: `Eppendorfer Landstraße ${i + 1}`, isDefault: true });
  const stored = async (userId: number) => {
    const [all] = await db().select({ n: count() }).from(t.addresses).where(eq(t.addresses.userId, userId));
    const [defaults] = await db().select({ n: count() }).from(t.addresses).where(and(eq(t.addresses.userId, userId), eq(t.addresses.isDefault, true)));
    return { all: all?.n, defaults: defaults?.n };
  };

  it('stores 20 of 50 parallel saves, each asking to be the default, and keeps one default', async () => {
    expect(MAX_ADDRESSES).toBe(20);
    const c = await signUp(app());
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call<{ data: AddressOut }>(app(), 'POST', '/api/me/addresses', { payload: home(i), headers: { ...EN, ...authHeaders(c.token) } }),
      ),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(20);
    for (const r of answers.filter((x) => x.status !== 201)) expect(fieldErrors(r)).toEqual({ name: ['You can save at most 20 addresses. Please remove one first.'] });
    expect(await stored(c.user.id)).toEqual({ all: 20, defaults: 1 });
  });

  it('refuses, in the database, a second default and a 21st address however they are written', async () => {
    const c = await signUp(app());
    const area = areaNamed(catalog, 'Eppendorf').id;
    const row = (i: number, isDefault: boolean) => ({ userId: c.user.id, name: `Raw ${i}`, address: `Weg ${i}`, areaId: area, isDefault });
    await db().insert(t.addresses).values(row(0, true));
    await expect(db().insert(t.addresses).values(row(1, true))).rejects.toThrow();
    for (let i = 1; i < 20; i++) await db().insert(t.addresses).values(row(i, false));
    await expect(db().insert(t.addresses).values(row(20, false))).rejects.toThrow();
    expect(await stored(c.user.id)).toEqual({ all: 20, defaults: 1 });
  });
});

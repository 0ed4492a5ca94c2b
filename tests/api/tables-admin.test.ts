/**
 * The back office's tables (issue 14): add, rename, switch off and on, and a new code for a
 * table whose printed code got out: the old code and its sessions stop at once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/shared/contract/staff';
import type { TableAdmin } from '../../src/shared/contract/tables-admin';
import { tableSessionFor } from '../../src/server/tables/sessions';
import { backends, useTestApp } from './harness';
import { ALL_WEEK, call, fieldErrors, setWorkingHours } from './checkout-helpers';
import { historyOf, hostileBodies, signInTeam, staffCall, type StaffTokens } from './site-admin-helpers';

interface Grant {
  data: { token: string; table: { code: string } };
}

describe.each(backends())('tables in the back office on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let team: StaffTokens;

  const all = async () => (await staffCall<{ data: TableAdmin[] }>(app(), team.owner, 'GET', '/tables/all')).body.data;
  const sheet = async () => (await staffCall<{ data: { code: string; name: string }[] }>(app(), team.owner, 'GET', '/tables')).body.data;
  const scan = (code: string) => call<Grant>(app(), 'GET', `/api/tables/${encodeURIComponent(code)}`);
  /** Whether a table session still counts, asked the way checkout asks before taking a table's order. */
  const sessionAlive = async (code: string, token: string) => Boolean(await tableSessionFor(db(), token, code));

  beforeAll(async () => {
    await setWorkingHours(db(), ALL_WEEK);
    team = await signInTeam(app(), db());
  });

  it('lists all tables, switched off ones too, to every staff member', async () => {
    for (const token of [team.owner, team.manager, team.service]) {
      const res = await staffCall<{ data: TableAdmin[] }>(app(), token, 'GET', '/tables/all');
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.length).toBeGreaterThan(3);
      expect(res.body.data[0]).toMatchObject({ id: expect.any(Number), code: expect.any(String), active: true });
    }
    expect((await staffCall(app(), null, 'GET', '/tables/all')).status).toBe(401);
  });

  it('adds a table with a fresh code that opens a session, renames it and logs both', async () => {
    const before = await all();
    const res = await staffCall<{ data: TableAdmin }>(app(), team.manager, 'POST', '/tables', { name: ' Terrasse 1 ', seats: 4 });
    expect(res.status, res.text).toBe(201);
    const table = res.body.data;
    expect(table).toMatchObject({ name: 'Terrasse 1', seats: 4, active: true });
    expect(table.code).toMatch(/^T\d{2}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(before.some((b) => b.code.slice(0, 3) === table.code.slice(0, 3))).toBe(false);
    expect((await scan(table.code)).status).toBe(200);
    expect((await sheet()).some((s) => s.code === table.code)).toBe(true);

    const renamed = await staffCall<{ data: TableAdmin }>(app(), team.manager, 'PATCH', `/tables/${table.id}`, { name: 'Terrasse Ost', seats: 6 });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Terrasse Ost', seats: 6, code: table.code });
    expect((await historyOf(app(), team.owner, 'table.create'))[0]).toMatchObject({ subject: 'Terrasse 1', details: { before: null, after: { name: 'Terrasse 1', seats: 4 } } });
    expect((await historyOf(app(), team.owner, 'table.update'))[0]?.details).toEqual({
      before: { name: 'Terrasse 1', seats: 4 },
      after: { name: 'Terrasse Ost', seats: 6 },
    });
  });

  it('a switched-off table no longer starts or keeps a session, leaves the print sheet, and comes back when switched on', async () => {
    const table = (await staffCall<{ data: TableAdmin }>(app(), team.owner, 'POST', '/tables', { name: 'Fenster', seats: 2 })).body.data;
    const grant = await scan(table.code);
    expect(grant.status).toBe(200);
    expect(await sessionAlive(table.code, grant.body.data.token)).toBe(true);
    expect((await staffCall(app(), team.owner, 'PATCH', `/tables/${table.id}`, { active: false })).status).toBe(200);
    expect((await scan(table.code)).status).toBe(404);
    expect(await sessionAlive(table.code, grant.body.data.token)).toBe(false);
    expect((await sheet()).some((s) => s.code === table.code)).toBe(false);
    expect((await all()).find((t) => t.id === table.id)?.active).toBe(false);
    expect((await staffCall(app(), team.owner, 'PATCH', `/tables/${table.id}`, { active: true })).status).toBe(200);
    expect((await scan(table.code)).status).toBe(200);
    // The old session stays ended: switching off sent that diner away for good.
    expect(await sessionAlive(table.code, grant.body.data.token)).toBe(false);
  });

  it('a new code kills the old one and its open sessions at once, and the history does not spell out either code', async () => {
    const table = (await staffCall<{ data: TableAdmin }>(app(), team.owner, 'POST', '/tables', { name: 'Ecke', seats: 4 })).body.data;
    const grant = await scan(table.code);
    expect(await sessionAlive(table.code, grant.body.data.token)).toBe(true);
    const res = await staffCall<{ data: TableAdmin }>(app(), team.owner, 'POST', `/tables/${table.id}/code`);
    expect(res.status, res.text).toBe(200);
    const fresh = res.body.data.code;
    expect(fresh).not.toBe(table.code);
    expect(fresh.slice(0, 4)).toBe(table.code.slice(0, 4));
    expect((await scan(table.code)).status).toBe(404);
    expect(await sessionAlive(table.code, grant.body.data.token)).toBe(false);
    expect(await sessionAlive(fresh, grant.body.data.token)).toBe(false);
    const newGrant = await scan(fresh);
    expect(newGrant.status).toBe(200);
    expect(await sessionAlive(fresh, newGrant.body.data.token)).toBe(true);
    expect((await sheet()).map((s) => s.code)).toContain(fresh);
    const [line] = await historyOf(app(), team.owner, 'table.newCode');
    expect(line?.subject).toBe('Ecke');
    expect(JSON.stringify(line?.details)).not.toContain(table.code.slice(4));
    expect(JSON.stringify(line?.details)).not.toContain(fresh.slice(4));
  });

  it('refuses bad names and seats, hostile bodies with 4xx, and service staff with 403', async () => {
    expect(fieldErrors(await staffCall(app(), team.owner, 'POST', '/tables', { name: '', seats: 4 }))).toHaveProperty('name');
    expect(fieldErrors(await staffCall(app(), team.owner, 'POST', '/tables', { name: 'x'.repeat(41), seats: 4 }))).toHaveProperty('name');
    expect(fieldErrors(await staffCall(app(), team.owner, 'POST', '/tables', { name: 'A', seats: 0 }))).toHaveProperty('seats');
    expect(fieldErrors(await staffCall(app(), team.owner, 'POST', '/tables', { name: 'A', seats: '4' }))).toHaveProperty('seats');
    expect(fieldErrors(await staffCall(app(), team.owner, 'PATCH', '/tables/1', { active: 'no' }))).toHaveProperty('active');
    const count = (await all()).length;
    for (const [method, url] of [['POST', '/tables'], ['PATCH', '/tables/1']] as const) {
      for (const hostile of hostileBodies()) {
        const res = await staffCall(app(), team.owner, method, url, hostile);
        expect(res.status, `${method} ${url} ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${method} ${url} ${res.text.slice(0, 200)}`).toBeLessThan(500);
      }
      expect((await staffCall(app(), team.service, method, url, { name: 'B', seats: 2 })).status).toBe(403);
      expect((await staffCall(app(), null, method, url, { name: 'B', seats: 2 })).status).toBe(401);
    }
    expect((await staffCall(app(), team.service, 'POST', '/tables/1/code')).status).toBe(403);
    expect((await staffCall(app(), team.owner, 'POST', '/tables/999999/code')).status).toBe(404);
    expect((await staffCall(app(), team.owner, 'PATCH', '/tables/999999', { seats: 2 })).status).toBe(404);
    expect((await all()).length).toBe(count);
  });

  it('filters the owner\'s history by kind and pages back with "before"; only the owner reads it', async () => {
    const read = (query: string, token = team.owner) => staffCall<{ data: AuditEntry[] }>(app(), token, 'GET', `/audit?${query}`);
    const tables = await read('kind=tables&limit=200');
    expect(tables.status, tables.text).toBe(200);
    expect(tables.body.data.length).toBeGreaterThan(3);
    expect(tables.body.data.every((e) => e.action.startsWith('table.'))).toBe(true);
    const team_ = await read('kind=team&limit=200');
    expect(team_.body.data.every((e) => e.action.startsWith('staff.'))).toBe(true);
    expect(team_.body.data.length).toBeGreaterThan(0);
    const first = await read('kind=tables&limit=2');
    const older = await read(`kind=tables&limit=2&before=${first.body.data[1]?.id}`);
    expect(older.body.data[0]?.id).toBeLessThan(first.body.data[1]?.id ?? 0);
    expect((await read('kind=nonsense')).status).toBe(422);
    expect((await read('kind=tables', team.manager)).status).toBe(403);
  });
});

/**
 * The shared table (issue 17 part 1): several phones at one table see one tab, call the waiter or
 * ask for the bill, pay their own lines or an even share, and staff take the rest and close the
 * table. Journeys across steps, as a table lives them; the races two phones can run are run.
 */
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../src/server/db/schema';
import type { CheckoutResult, TableSessionGrant } from '../../src/shared/contract/checkout';
import type { StaffTable, TabPaymentCheck, TabPaymentStarted, TableTab } from '../../src/shared/contract/table-tab';
import { authHeaders } from './account-helpers';
import { type Catalog, call, cents, newKey, openWithOwner, productLine, productNamed } from './checkout-helpers';
import { backends, useTestApp } from './harness';

const OWNER = { email: 'owner-tab@lindenhof.example', password: 'owner-password-123' };
const EN = { 'accept-language': 'en' };

describe.each(backends())('the shared table on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let catalog: Catalog;
  let staff: string;

  beforeAll(async () => {
    ({ catalog, token: staff } = await openWithOwner(app(), db(), OWNER));
  });

  const scan = async (code: string) => {
    const res = await call<{ data: TableSessionGrant }>(app(), 'GET', `/api/tables/${code}`);
    expect(res.status, res.text).toBe(200);
    return res.body.data.token;
  };
  const as = (token: string) => ({ ...authHeaders(token), ...EN });
  const order = async (code: string, token: string, name: string, dishes: string[]) => {
    const res = await call<{ data: CheckoutResult }>(app(), 'POST', '/api/checkout/v2', {
      headers: { ...as(token), 'idempotency-key': newKey() },
      payload: {
        items: dishes.map((d) => productLine(productNamed(catalog, d))),
        deliverType: 'table',
        table: code,
        deliverAt: 'now',
        tip: 0,
        terms: true,
        paymentType: 'cash',
        name,
      },
    });
    expect(res.status, res.text).toBe(201);
    return res.body.data.order;
  };
  const tab = async (code: string, token: string) => {
    const res = await call<{ data: TableTab }>(app(), 'GET', `/api/tables/${code}/tab`, { headers: as(token) });
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  };
  const pay = (code: string, token: string, body: Record<string, unknown>) =>
    call<{ data: TabPaymentStarted }>(app(), 'POST', `/api/tables/${code}/tab/payments`, { headers: as(token), payload: { paymentType: 'sandbox', ...body } });
  const sessOf = (started: TabPaymentStarted) => /^\/sandbox-pay\/([A-Za-z0-9_-]+)$/.exec(started.url)?.[1] ?? '';
  const decide = (sess: string, action: 'approve' | 'decline' | 'cancel') => call(app(), 'POST', `/api/sandbox-pay/${sess}/${action}`);
  const check = async (code: string, token: string, sess: string) => {
    const res = await call<{ data: TabPaymentCheck }>(app(), 'GET', `/api/tables/${code}/tab/payments/check?payment=sandbox&sess=${sess}`, { headers: as(token) });
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  };
  const staffCall = <T>(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
    call<T>(app(), method, `/api/staff${url}`, { headers: as(staff), payload: body });
  const tableId = async (code: string) => {
    const [row] = await db().select({ id: t.diningTables.id }).from(t.diningTables).where(eq(t.diningTables.code, code));
    if (!row) throw new Error(`no table ${code}`);
    return row.id;
  };
  const linesOf = (tabNow: TableTab, name: string) => tabNow.orders.filter((o) => o.name === name).flatMap((o) => o.lines);
  const sum = (amounts: number[]) => amounts.reduce((a, b) => a + cents(b), 0);

  it('shows every phone at the table the same tab: who ordered what, live totals', async () => {
    const code = 'T05-ZDVN-N4ZC-H7BC';
    const [anna, ben] = [await scan(code), await scan(code)];
    const first = await order(code, anna, 'Anna', ['Currywurst with fries', 'Draught pilsner']);
    const second = await order(code, ben, 'Ben', ['Kaiserschmarrn']);

    const seenByAnna = await tab(code, anna);
    expect(await tab(code, ben)).toEqual(seenByAnna);
    expect(seenByAnna.table.name).toBe('Tisch 5');
    expect(seenByAnna.orders.map((o) => [o.code, o.name])).toEqual([
      [first.code, 'Anna'],
      [second.code, 'Ben'],
    ]);
    expect(linesOf(seenByAnna, 'Anna').map((l) => l.name)).toEqual(['Currywurst with fries', 'Draught pilsner']);
    // The lines' dues add up to what the orders cost, taxes included, to the cent.
    expect(sum(seenByAnna.orders.flatMap((o) => o.lines).map((l) => l.due))).toBe(cents(first.payment.price) + cents(second.payment.price));
    expect(cents(seenByAnna.total)).toBe(cents(first.payment.price) + cents(second.payment.price));
    expect(seenByAnna.open).toBe(seenByAnna.total);
    expect(seenByAnna.paid).toBe(0);
    expect(seenByAnna.payWith.map((p) => p.id)).toEqual(['sandbox']);

    // A phone at another table sees only its own table.
    const other = await scan('T06-MEWK-CMN2-PTZE');
    expect((await tab('T06-MEWK-CMN2-PTZE', other)).orders).toEqual([]);
    // And no token, or a token of another table, opens nothing.
    expect((await call(app(), 'GET', `/api/tables/${code}/tab`)).status).toBe(401);
    expect((await call(app(), 'GET', `/api/tables/${code}/tab`, { headers: as(other) })).status).toBe(401);

    // A refused order leaves the tab.
    const moved = await staffCall('POST', `/orders/${second.code}/reject`, { reason: 'closing', note: '' });
    expect(moved.status, moved.text).toBe(200);
    const after = await tab(code, anna);
    expect(after.orders.map((o) => o.name)).toEqual(['Anna']);
    expect(cents(after.total)).toBe(cents(first.payment.price));
  });

  it('a call reaches the staff once however often it is pressed, and the phone sees it acknowledged', async () => {
    const code = 'T07-Y5HZ-G1TC-GNMA';
    const [anna, ben] = [await scan(code), await scan(code)];
    const id = await tableId(code);
    // Two phones press "call the waiter" at the same moment, one of them twice.
    const presses = await Promise.all([anna, ben, anna].map((tok) => call<{ data: TableTab }>(app(), 'POST', `/api/tables/${code}/calls`, { headers: as(tok), payload: { kind: 'waiter' } })));
    expect(presses.map((r) => r.status)).toEqual([200, 200, 200]);
    const raised = await db().select({ n: count() }).from(t.tableCalls).where(eq(t.tableCalls.tableId, id));
    expect(raised[0]?.n).toBe(1);
    expect((await tab(code, ben)).calls).toEqual([expect.objectContaining({ kind: 'waiter', seenAt: null })]);

    const board = await staffCall<{ data: StaffTable[] }>('GET', '/tables/live');
    expect(board.status, board.text).toBe(200);
    const row = board.body.data.find((x) => x.id === id);
    expect(row?.tab.calls).toEqual([expect.objectContaining({ kind: 'waiter', seenAt: null })]);
    // A table with a waiting call comes first.
    expect(board.body.data[0]?.id).toBe(id);

    const ack = await staffCall<{ data: TableTab }>('POST', `/tables/${id}/calls/waiter/ack`);
    expect(ack.status, ack.text).toBe(200);
    const seen = (await tab(code, anna)).calls.find((c) => c.kind === 'waiter');
    expect(seen?.seenAt).not.toBeNull();

    // Asking for the bill is its own call; once seen, a new press is a new call.
    await call(app(), 'POST', `/api/tables/${code}/calls`, { headers: as(anna), payload: { kind: 'bill' } });
    await call(app(), 'POST', `/api/tables/${code}/calls`, { headers: as(anna), payload: { kind: 'waiter' } });
    const calls = (await tab(code, ben)).calls;
    expect(calls.map((c) => [c.kind, c.seenAt])).toEqual(
      expect.arrayContaining([
        ['bill', null],
        ['waiter', null],
      ]),
    );
    expect(calls).toHaveLength(2);
  });

  it('two phones paying the same line at the same moment: one pays, the other is told', async () => {
    const code = 'T08-AW1D-19FT-K3XH';
    const [anna, ben] = [await scan(code), await scan(code)];
    await order(code, anna, 'Anna', ['Currywurst with fries', 'Draught pilsner']);
    await order(code, ben, 'Ben', ['Kaiserschmarrn']);
    const mine = linesOf(await tab(code, anna), 'Anna').map((l) => l.id);

    const [a, b] = await Promise.all([pay(code, anna, { lines: mine, name: 'Anna' }), pay(code, ben, { lines: [mine[0]], name: 'Ben' })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const winner = a.status === 201 ? a : b;
    const loser = a.status === 201 ? b : a;
    expect((loser.body as unknown as { message: string }).message).toBe('Someone at your table has just paid this or is paying it right now.');

    // While the card payment is under way its lines are held: nobody else can start paying them.
    const held = await tab(code, ben);
    const heldIds = held.orders.flatMap((o) => o.lines).filter((l) => l.state === 'pending').map((l) => l.id);
    expect(heldIds.length).toBeGreaterThan(0);
    expect((await pay(code, ben, { lines: heldIds })).status).toBe(409);

    // Declined at the provider: the lines are open again, and paying them works.
    const sess = sessOf(winner.body.data);
    expect((await decide(sess, 'decline')).status).toBe(200);
    const declined = await check(code, anna, sess);
    expect(declined.state).toBe('failed');
    expect(declined.tab.pending).toBe(0);
    expect(declined.tab.orders.flatMap((o) => o.lines).every((l) => l.state === 'open')).toBe(true);

    const again = await pay(code, anna, { lines: mine, name: 'Anna' });
    expect(again.status, again.text).toBe(201);
    expect((await decide(sessOf(again.body.data), 'approve')).status).toBe(200);
    const paid = await check(code, anna, sessOf(again.body.data));
    expect(paid.state).toBe('paid');
    expect(linesOf(paid.tab, 'Anna').every((l) => l.state === 'paid')).toBe(true);
    expect(sum([paid.tab.paid])).toBe(sum(linesOf(paid.tab, 'Anna').map((l) => l.due)));
    expect(sum([paid.tab.open])).toBe(sum(linesOf(paid.tab, 'Ben').map((l) => l.due)));
    // A paid line is never paid again, by anyone.
    expect((await pay(code, ben, { lines: [mine[0]] })).status).toBe(409);
    // The sandbox took exactly what the lines owe.
    const [ledger] = await db().select().from(t.sandboxPayments).where(eq(t.sandboxPayments.session, sessOf(again.body.data)));
    expect(ledger?.amountCents).toBe(sum(linesOf(paid.tab, 'Anna').map((l) => l.due)));
  });

  it('splits the rest evenly: each share is paid once, staff take the last one at the table, then close it', async () => {
    const code = 'T09-QS59-8CNB-XDHN';
    const [anna, ben, cem] = [await scan(code), await scan(code), await scan(code)];
    const id = await tableId(code);
    await order(code, anna, 'Anna', ['Currywurst with fries', 'Draught pilsner']);
    await order(code, ben, 'Ben', ['Kaiserschmarrn', 'Draught pilsner']);
    const before = await tab(code, cem);

    const split = await call<{ data: TableTab }>(app(), 'POST', `/api/tables/${code}/tab/split`, { headers: as(cem), payload: { parts: 3 } });
    expect(split.status, split.text).toBe(200);
    const shares = split.body.data.split?.shares ?? [];
    expect(shares).toHaveLength(3);
    expect(sum(shares.map((s) => s.amount))).toBe(cents(before.open));
    expect(Math.max(...shares.map((s) => cents(s.amount))) - Math.min(...shares.map((s) => cents(s.amount)))).toBeLessThanOrEqual(1);
    // A second split while this one stands is refused; lines held by the split cannot be paid one by one.
    expect((await call(app(), 'POST', `/api/tables/${code}/tab/split`, { headers: as(anna), payload: { parts: 2 } })).status).toBe(409);
    expect((await pay(code, anna, { lines: [before.orders[0]?.lines[0]?.id] })).status).toBe(409);

    // Two phones pay a share at the same moment: two different shares.
    const [a, b] = await Promise.all([pay(code, anna, { share: true }), pay(code, ben, { share: true })]);
    expect([a.status, b.status]).toEqual([201, 201]);
    for (const started of [a, b]) expect((await decide(sessOf(started.body.data), 'approve')).status).toBe(200);
    await check(code, anna, sessOf(a.body.data));
    const twoPaid = await check(code, ben, sessOf(b.body.data));
    expect(twoPaid.tab.split?.shares.map((s) => s.state).sort()).toEqual(['open', 'paid', 'paid']);
    expect(twoPaid.tab.orders.flatMap((o) => o.lines).every((l) => l.state === 'split')).toBe(true);
    // Once a share is paid the split stays.
    expect((await call(app(), 'DELETE', `/api/tables/${code}/tab/split`, { headers: as(cem) })).status).toBe(409);

    // Closing with a share still open needs staff to say so.
    const refused = await staffCall<{ message: string }>('POST', `/tables/${id}/close`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/still open at this table/);

    // Cem pays cash to the waiter: staff take the rest at the table.
    const settled = await staffCall<{ data: TableTab }>('POST', `/tables/${id}/settle`, {});
    expect(settled.status, settled.text).toBe(200);
    expect(settled.body.data.open).toBe(0);
    expect(settled.body.data.split).toBeNull();
    expect(settled.body.data.orders.flatMap((o) => o.lines).every((l) => l.state === 'paid')).toBe(true);
    expect(sum([settled.body.data.paid])).toBe(cents(before.total));
    expect((await staffCall('POST', `/tables/${id}/settle`, {})).status).toBe(409);

    // Closing ends the tab and every phone's session at the table.
    const closed = await staffCall('POST', `/tables/${id}/close`, {});
    expect(closed.status, closed.text).toBe(200);
    for (const tok of [anna, ben, cem]) expect((await call(app(), 'GET', `/api/tables/${code}/tab`, { headers: as(tok) })).status).toBe(401);
    const next = await scan(code);
    expect((await tab(code, next)).orders).toEqual([]);
    const log = await db().select().from(t.auditLog).where(eq(t.auditLog.subject, 'Tisch 9'));
    expect(log.map((x) => x.action)).toEqual(expect.arrayContaining(['table.settled', 'table.closed']));
  });

  it('staff can close a table with something owed once they say so', async () => {
    const code = 'T02-MD1M-VZTB-TTWD';
    const anna = await scan(code);
    const id = await tableId(code);
    await order(code, anna, 'Anna', ['Draught pilsner']);
    expect((await staffCall('POST', `/tables/${id}/close`, { force: false })).status).toBe(409);
    expect((await staffCall('POST', `/tables/${id}/close`, { force: true })).status).toBe(200);
    expect((await call(app(), 'GET', `/api/tables/${code}/tab`, { headers: as(anna) })).status).toBe(401);
  });

  it('staff refuse an order paid by card in the tab: its part of the payment goes back to the card, the rest stays paid', async () => {
    const code = 'T11-VQHT-2S32-PFQ4';
    const anna = await scan(code);
    const first = await order(code, anna, 'Anna', ['Currywurst with fries']);
    const second = await order(code, anna, 'Anna', ['Kaiserschmarrn', 'Draught pilsner']);
    const before = await tab(code, anna);
    const duesOf = (tabNow: TableTab, orderCode: string) => sum(tabNow.orders.find((o) => o.code === orderCode)?.lines.map((l) => l.due) ?? []);
    const started = await pay(code, anna, { lines: linesOf(before, 'Anna').map((l) => l.id), name: 'Anna' });
    expect(started.status, started.text).toBe(201);
    const sess = sessOf(started.body.data);

    // While the card payment is under way, its outcome is unknown: the refusal waits for it.
    const early = await staffCall<{ message: string }>('POST', `/orders/${second.code}/reject`, { reason: 'sold_out', note: '' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('A guest at the table is paying for this order by card right now. Please try again in a minute.');

    expect((await decide(sess, 'approve')).status).toBe(200);
    expect((await check(code, anna, sess)).state).toBe('paid');
    const refused = await staffCall('POST', `/orders/${second.code}/reject`, { reason: 'sold_out', note: '' });
    expect(refused.status, refused.text).toBe(200);
    const ledger = async () => (await db().select().from(t.sandboxPayments).where(eq(t.sandboxPayments.session, sess)))[0];
    expect(await ledger()).toMatchObject({ state: 'approved', amountCents: duesOf(before, first.code) + duesOf(before, second.code), refundedCents: duesOf(before, second.code) });
    const [payment] = await db().select().from(t.tabPayments).where(eq(t.tabPayments.session, sess));
    expect(payment?.refundedCents).toBe(duesOf(before, second.code));
    // The refused order leaves the tab; what stays is paid, nothing is open.
    const after = await tab(code, anna);
    expect(after.orders.map((o) => o.code)).toEqual([first.code]);
    expect(cents(after.paid)).toBe(duesOf(before, first.code));
    expect(after.open).toBe(0);

    // Refusing the other order too gives the rest back: the whole payment is refunded, once.
    expect((await staffCall('POST', `/orders/${first.code}/reject`, { reason: 'closing', note: '' })).status).toBe(200);
    expect(await ledger()).toMatchObject({ state: 'refunded', refundedCents: duesOf(before, first.code) + duesOf(before, second.code) });
  });

  it('refuses hostile input with field messages, never a 500', async () => {
    const code = 'T01-PN3D-71SD-V2QK';
    const anna = await scan(code);
    const other = await scan('T06-MEWK-CMN2-PTZE');
    await order(code, anna, 'Anna', ['Draught pilsner']);
    const foreignOrder = await order('T06-MEWK-CMN2-PTZE', other, 'Zoe', ['Kaiserschmarrn']);
    const [foreignLine] = await db().select({ id: t.orderLines.id }).from(t.orderLines).innerJoin(t.orders, eq(t.orders.id, t.orderLines.orderId)).where(eq(t.orders.code, foreignOrder.code));

    const bodies: [unknown, string][] = [
      [{ paymentType: 'sandbox', lines: 'all' }, 'lines'],
      [{ paymentType: 'sandbox', lines: [{ __proto__: { id: 1 } }] }, 'lines[0]'],
      [{ paymentType: 'sandbox', lines: Array.from({ length: 500 }, (_, i) => i + 1) }, 'lines'],
      [{ paymentType: 'sandbox', lines: [] }, 'lines'],
      [{ paymentType: 'sandbox', lines: [foreignLine?.id] }, 'lines'],
      [{ paymentType: 'cash', lines: [1] }, 'paymentType'],
      [{ paymentType: 'constructor', lines: [1] }, 'paymentType'],
      [{ paymentType: 'sandbox', lines: [1], name: 'x\u0000'.repeat(100) }, 'name'],
    ];
    for (const [payload, field] of bodies) {
      const res = await call<{ data: Record<string, string[]> }>(app(), 'POST', `/api/tables/${code}/tab/payments`, { headers: as(anna), payload });
      expect(res.status, `${JSON.stringify(payload).slice(0, 80)} → ${res.text}`).toBe(422);
      expect(Object.keys(res.body.data)).toContain(field);
    }
    for (const parts of [1, 21, 2.5, '3; drop table', null]) {
      const res = await call(app(), 'POST', `/api/tables/${code}/tab/split`, { headers: as(anna), payload: { parts } });
      expect(res.status, res.text).toBe(422);
    }
    for (const kind of ['cook', '__proto__', ['waiter']]) {
      const res = await call(app(), 'POST', `/api/tables/${code}/calls`, { headers: as(anna), payload: { kind } });
      expect(res.status, res.text).toBe(422);
    }
    const deep = JSON.parse(`${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`) as unknown;
    expect((await call(app(), 'POST', `/api/tables/${code}/tab/payments`, { headers: as(anna), payload: deep })).status).toBeLessThan(500);
    expect((await call(app(), 'GET', `/api/tables/${code}/tab/payments/check?payment=sandbox&sess=${'a'.repeat(20)}`, { headers: as(anna) })).status).toBe(404);
    expect((await staffCall('POST', '/tables/999999/close', {})).status).toBe(404);
    expect((await call(app(), 'POST', `/api/staff/tables/1/settle`, { headers: as(anna), payload: {} })).status).toBe(401);
  });
});

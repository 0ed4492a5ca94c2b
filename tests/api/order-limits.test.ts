/**
 * What one sender may order (src/server/orders/order-limits.ts): orders per client address, per
 * table session and per mailbox, and the ceiling on one order's total. Each test sends from
 * client addresses and mailboxes of its own, so the budgets never mix.
 */
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as t from '../../src/server/db/schema';
import { createMemoryMailer } from '../../src/server/mail/mailer';
import { greetableName } from '../../src/server/mail/templates';
import { DEFAULT_ORDER_LIMITS, mailboxKey, ORDER_LIMITS } from '../../src/server/orders/order-limits';
import { freshAddress } from './account-helpers';
import {
  ALL_WEEK,
  call,
  fieldErrors,
  loadCatalog,
  newKey,
  payload,
  placed,
  productLine,
  productNamed,
  withWorkingHours,
  type Catalog,
  type Reply,
} from './checkout-helpers';
import { backends, useTestApp } from './harness';

const EN = { 'accept-language': 'en' };

describe('a mailbox however it is spelled', () => {
  it('counts case, +tags and Gmail dots as one recipient', () => {
    expect(mailboxKey('Erika.Muster+pizza@Example.org')).toBe('erika.muster@example.org');
    expect(mailboxKey('e.r.i.k.a+1@googlemail.com')).toBe('erika@gmail.com');
    expect(mailboxKey('ERIKA@gmail.com')).toBe('erika@gmail.com');
  });
});

describe('the greeting of a mail anyone can have sent to anyone', () => {
  it('uses a name that reads as a name, and drops links, domains, addresses and figures', () => {
    for (const name of ['Erika Mustermann', 'J. R. R. Tolkien', 'Zoë O’Brien-Smith', 'محمد علي', 'Dr. Müller']) expect(greetableName(name)).toBe(name);
    for (const name of ['Visit cheap.pills now', 'https://spam.example', 'a@b.example', 'Win 1000 €', 'x'.repeat(61)]) expect(greetableName(name)).toBe('');
  });
});

describe.each(backends())('order limits on %s', (backend) => {
  const mailer = createMemoryMailer();
  // The shipped limits, unscaled, and a ceiling low enough for a few pizzas to reach it.
  const ctx = useTestApp(backend, { mailer, orderLimits: { ...DEFAULT_ORDER_LIMITS, maxTotalCents: 6000 } });
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let catalog: Catalog;
  let mailboxCounter = 0;

  beforeAll(async () => {
    catalog = await loadCatalog(app());
  });

  const freshMailbox = () => `guest${++mailboxCounter}-${backend}@example.org`;
  const pizza = (qty = 1) => productLine(productNamed(catalog, 'Pizza Margherita'), { qty });
  const order = (ip: string, overrides: Record<string, unknown>, key = newKey(), headers: Record<string, string> = {}): Promise<Reply> =>
    call(app(), 'POST', '/api/checkout/v2', {
      payload: payload([pizza()], overrides),
      remoteAddress: ip,
      headers: { 'idempotency-key': key, ...EN, ...headers },
    });

  function expectLimited(res: Reply): void {
    expect(res.status, res.text).toBe(429);
    expect((res.body as { message: string }).message).toMatch(/^Very many orders just came from here\. Please try again in \d+ minutes/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }

  it('uses the documented limits', () => {
    expect(ORDER_LIMITS).toEqual({
      perAddress: { limit: 20, windowSeconds: 3600 },
      perTableSession: { limit: 20, windowSeconds: 3600 },
      perRecipientHour: { limit: 5, windowSeconds: 3600 },
      perRecipientDay: { limit: 15, windowSeconds: 86400 },
    });
    expect(DEFAULT_ORDER_LIMITS.maxTotalCents).toBe(50_000);
  });

  it('takes 5 orders an hour to one mailbox, however it is spelled, and mails it no more', async () => {
    const mailbox = freshMailbox();
    const [local, domain] = mailbox.split('@');
    const spellings = [mailbox, mailbox.toUpperCase(), `${local}+a@${domain}`, `${local}+b@${domain}`, mailbox];
    for (const email of spellings) placed(await order(freshAddress(), { email }));
    expectLimited(await order(freshAddress(), { email: `${local}+c@${domain}` }));
    const [stored] = await db().select({ n: count() }).from(t.orders).where(eq(t.orders.email, `${local}+c@${domain}`));
    expect(stored?.n).toBe(0);
    // Another mailbox from the same address still orders.
    placed(await order(freshAddress(), { email: freshMailbox() }));
    // The relay's reach: five mails to that person, then none.
    const toThem = () => mailer.sent.filter((m) => m.to.toLowerCase().startsWith(local ?? '?')).length;
    await vi.waitFor(() => expect(toThem()).toBe(5));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(toThem()).toBe(5);
  });

  it('takes 20 orders an hour from one client address, whatever the mailboxes', async () => {
    const ip = freshAddress();
    for (let i = 0; i < ORDER_LIMITS.perAddress.limit; i++) placed(await order(ip, { email: freshMailbox() }));
    expectLimited(await order(ip, { email: freshMailbox() }));
    placed(await order(freshAddress(), { email: freshMailbox() }));
  });

  it('never counts a replay, nor an order the diner still has to correct', async () => {
    const ip = freshAddress();
    const email = freshMailbox();
    const key = newKey();
    for (let i = 0; i < 8; i++) expect((await order(ip, { email }, key)).status).toBe(201);
    for (let i = 0; i < 8; i++) fieldErrors(await order(ip, { email, terms: false }));
    for (let i = 0; i < 4; i++) placed(await order(ip, { email }));
  });

  it('counts table orders per phone, not per address: a full dining room shares one Wi-Fi', async () => {
    const ip = freshAddress();
    for (let i = 0; i < ORDER_LIMITS.perAddress.limit; i++) placed(await order(ip, { email: freshMailbox() }));
    await withWorkingHours(db(), ALL_WEEK, async () => {
      const scan = await call<{ data: { token: string } }>(app(), 'GET', '/api/tables/T02-MD1M-VZTB-TTWD', { remoteAddress: ip });
      expect(scan.status, scan.text).toBe(200);
      const table = { deliverType: 'table', table: 'T02-MD1M-VZTB-TTWD', deliverAt: 'now', deliverDate: null, email: '', name: '', phone: '' };
      placed(await order(ip, table, newKey(), { authorization: `Bearer ${scan.body.data.token}` }));
    });
  });

  it('refuses an order above the ceiling with a field message, and takes one just below it', async () => {
    const big = await call(app(), 'POST', '/api/checkout/v2', {
      payload: payload([pizza(9)], { email: freshMailbox() }),
      remoteAddress: freshAddress(),
      headers: { 'idempotency-key': newKey(), ...EN },
    });
    expect(fieldErrors(big).items).toEqual(['We take online orders of up to €60.00. For a larger order, please give us a call.']);
    placed(await order(freshAddress(), { email: freshMailbox() }));
  });
});

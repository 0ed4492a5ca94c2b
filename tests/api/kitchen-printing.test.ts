/**
 * Kitchen tickets printed exactly once (issue 17, decision 052), through Star's CloudPRNT protocol
 * as a simulated printer speaks it: accepting an order queues a ticket per station (dishes in the
 * kitchen, drinks at the bar), a printer pulls and confirms it, and only a confirmed ticket counts.
 * A printer that dies between printing and confirming gets its ticket again, marked "COPY", once.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MenuOverview } from '../../src/shared/contract/menu-admin';
import type { PrinterAdmin } from '../../src/shared/contract/printers';
import type { CheckoutResult } from '../../src/shared/contract/checkout';
import * as t from '../../src/server/db/schema';
import { ensureOwner } from '../../src/server/staff/accounts';
import { queueNewLines } from '../../src/server/printing/ticket-lines';
import { authHeaders } from './account-helpers';
import { ALL_WEEK, type Catalog, call, loadCatalog, payload, placeOrder, productLine, productNamed, setWorkingHours } from './checkout-helpers';
import { SimulatedPrinter } from './cloudprnt-printer';
import { decodeEscPos } from './escpos-decode';
import { backends, useTestApp } from './harness';

const OWNER = { email: 'owner@lindenhof.example', password: 'owner-password-123' };
const EN = { 'accept-language': 'en' };
const COPY_WORD = /\bKOPIE\b|\bCOPY\b/;

describe.each(backends())('kitchen tickets through CloudPRNT on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let catalog: Catalog;
  let owner: string;
  let kitchen: SimulatedPrinter;
  let bar: SimulatedPrinter;

  const staff = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    call<T>(app(), method, `/api/staff${url}`, { headers: { ...authHeaders(owner), ...EN }, payload: body });
  const addPrinter = async (name: string, station: 'kitchen' | 'bar') => {
    const res = await staff<{ data: { printer: PrinterAdmin; url: string } }>('POST', '/printers', { name, station });
    expect(res.status, res.text).toBe(201);
    return new SimulatedPrinter(app(), new URL(res.body.data.url).pathname);
  };
  const accepted = async (names: string[]): Promise<CheckoutResult> => {
    const result = await placeOrder(app(), payload(names.map((n) => productLine(productNamed(catalog, n))), { deliverAt: 'now', deliverDate: null, notes: 'Bitte schnell, Tisch am Fenster' }), EN);
    const res = await staff('POST', `/orders/${result.order.code}/accept`, { minutes: 15 });
    expect(res.status, res.text).toBe(200);
    return result;
  };
  const printers = async () => (await staff<{ data: PrinterAdmin[] }>('GET', '/printers')).body.data;

  beforeAll(async () => {
    await setWorkingHours(db(), ALL_WEEK);
    await ensureOwner(db(), OWNER.email, OWNER.password);
    const login = await call<{ data: { token: string } }>(app(), 'POST', '/api/staff/login', { payload: OWNER });
    owner = login.body.data.token;
    catalog = await loadCatalog(app());
    kitchen = await addPrinter('Küche Pass', 'kitchen');
    bar = await addPrinter('Tresen', 'bar');
  });

  it('prints each station its own lines, once, and only a confirmed ticket counts', async () => {
    expect(await kitchen.drain()).toEqual([]);
    const order = await accepted(['Kaiserschmarrn', 'Cola']);
    const waiting = await printers();
    expect(waiting.map((p) => [p.name, p.waiting, p.mac, p.silent])).toEqual([
      ['Küche Pass', 1, kitchen.mac, false],
      ['Tresen', 1, null, true],
    ]);

    const [dish, ...moreDish] = await kitchen.drain();
    const [drink, ...moreDrink] = await bar.drain();
    expect([moreDish, moreDrink]).toEqual([[], []]);
    expect(dish?.text).toContain(`#${order.order.code}`);
    expect(dish?.text).toMatch(/1x Kaiserschmarrn/);
    expect(dish?.text).not.toContain('Cola');
    expect(dish?.text).toContain('Bitte schnell, Tisch am Fenster');
    expect(dish?.text).not.toMatch(COPY_WORD);
    expect(dish?.cut).toBe(true);
    // The dish's allergens, by code and name, on the ticket.
    expect(dish?.text).toMatch(/A Gluten|A Glutenhaltig|A\b.*C\b.*G\b/);
    expect(drink?.text).toMatch(/1x Cola/);
    expect(drink?.text).not.toContain('Kaiserschmarrn');
    // The dish's line is the large, bold one a cook reads from across the pass.
    expect(dish?.lines.find((l) => l.text.includes('Kaiserschmarrn'))).toMatchObject({ bold: true, size: [2, 2] });

    expect((await printers()).map((p) => p.waiting)).toEqual([0, 0]);
    expect(await kitchen.drain()).toEqual([]);
    // Accepting queued once; asking again finds no new line.
    const [row] = await db().select({ id: t.orders.id }).from(t.orders).where(eq(t.orders.code, order.order.code));
    expect(await queueNewLines(db(), row!.id)).toBe(0);
  });

  it('never loses a ticket when the printer dies after printing, and adds one copy marked so', async () => {
    const order = await accepted(['Kaiserschmarrn']);
    const first = await kitchen.cycle({ crash: 'afterFetch' });
    expect(first?.text).not.toMatch(COPY_WORD);
    // Back up: the same ticket again, now saying it is a copy; confirmed, it is done.
    const again = await kitchen.drain();
    expect(again).toHaveLength(1);
    expect(again[0]?.text).toMatch(COPY_WORD);
    expect(again[0]?.text).toContain(`#${order.order.code}`);
    expect(kitchen.paper.filter((p) => p.text.includes(`#${order.order.code}`))).toHaveLength(2);
    expect(await kitchen.drain()).toEqual([]);
  });

  it('prints a ticket that never reached paper as an original, and repeats a GET without changing it', async () => {
    const order = await accepted(['Kaiserschmarrn']);
    // An offer whose answer was lost: polled again, it is the same ticket, not a copy.
    expect((await kitchen.poll()).jobReady).toBe(true);
    const offer = await kitchen.poll();
    const once = await kitchen.fetch(offer);
    const twice = await kitchen.fetch(offer);
    expect(twice).toEqual(once);
    expect(decodeEscPos(once as Uint8Array).text).not.toMatch(COPY_WORD);
    // The printer reports it could not print (out of paper): the job waits, as an original, for the next poll.
    expect(await kitchen.confirm(offer.jobToken!, '410 Out of paper')).toBe(200);
    const [retry, ...more] = await kitchen.drain();
    expect(more).toEqual([]);
    expect(retry?.text).toContain(`#${order.order.code}`);
    expect(retry?.text).not.toMatch(COPY_WORD);
  });

  it('offers a busy printer nothing and refuses a token that is not its offer', async () => {
    await accepted(['Kaiserschmarrn']);
    expect(await kitchen.poll(true)).toEqual({ jobReady: false });
    expect(await kitchen.fetch({ jobReady: true, mediaTypes: ['application/octet-stream'], jobToken: 'not-a-real-token' })).toBe(404);
    const offer = await kitchen.poll();
    expect(await bar.fetch(offer)).toBe(404);
    const unknownType = await app().inject({ method: 'GET', url: `${kitchenPath()}?token=${offer.jobToken}&type=image/png` });
    expect(unknownType.statusCode).toBe(415);
    // Star's own command set is offered first and rendered too.
    expect(offer.mediaTypes).toEqual(['application/vnd.star.starprnt', 'application/octet-stream']);
    const star = await app().inject({ method: 'GET', url: `${kitchenPath()}?token=${offer.jobToken}&type=${encodeURIComponent('application/vnd.star.starprnt')}` });
    expect(star.statusCode).toBe(200);
    expect(star.headers['content-type']).toContain('application/vnd.star.starprnt');
    expect(star.rawPayload.length).toBeGreaterThan(100);
    expect(await kitchen.confirm(offer.jobToken!)).toBe(200);
    expect(await kitchen.drain()).toEqual([]);
  });

  it('reprints on request, every station, marked "COPY"', async () => {
    const order = await accepted(['Kaiserschmarrn', 'Cola']);
    await kitchen.drain();
    await bar.drain();
    const res = await staff<{ data: { code: string } }>('POST', `/orders/${order.order.code}/reprint`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.code).toBe(order.order.code);
    expect(res.headers['x-tickets-queued']).toBe('2');
    for (const printer of [kitchen, bar]) {
      const [copy, ...more] = await printer.drain();
      expect(more).toEqual([]);
      expect(copy?.text).toMatch(COPY_WORD);
      expect(copy?.text).toContain(`#${order.order.code}`);
    }
  });

  it('prints a category’s dishes where the menu editor sends them', async () => {
    const menu = await staff<{ data: MenuOverview }>('GET', '/menu');
    const desserts = menu.body.data.categories.find((c) => c.products.some((p) => p.name.en === 'Kaiserschmarrn'));
    if (!desserts) throw new Error('the demo menu has Kaiserschmarrn');
    expect(desserts.station).toBe('kitchen');
    const doc = { name: desserts.name, description: desserts.description, active: desserts.active };
    const put = (station: string) => staff('PUT', `/menu/categories/${desserts.id}`, { ...doc, station });
    expect((await put('cellar')).status).toBe(422);
    expect((await put('bar')).status).toBe(200);
    try {
      const order = await accepted(['Kaiserschmarrn']);
      expect(await kitchen.drain()).toEqual([]);
      const [ticket] = await bar.drain();
      expect(ticket?.text).toContain(`#${order.order.code}`);
      expect(ticket?.text).toMatch(/1x Kaiserschmarrn/);
    } finally {
      expect((await put('kitchen')).status).toBe(200);
    }
  });

  it('accepts orders while a printer is dead, and the board says so', async () => {
    await addPrinter('Bar hinten', 'bar');
    const order = await accepted(['Cola']);
    const board = await printers();
    expect(board.find((p) => p.name === 'Bar hinten')).toMatchObject({ silent: true, lastPollAt: null });
    // The working bar printer takes the ticket; the dead one never held it.
    const [drink] = await bar.drain();
    expect(drink?.text).toContain(`#${order.order.code}`);
    const jobs = await db().select().from(t.printJobs).where(and(eq(t.printJobs.station, 'bar'), isNull(t.printJobs.confirmedAt)));
    expect(jobs).toEqual([]);
  });

  it('refuses unknown printers and hostile polls without an error', async () => {
    const unknown = await app().inject({ method: 'POST', url: '/api/cloudprnt/AAAAAAAAAAAAAAAAAAAAAAAA', payload: { printerMAC: 'x' } });
    expect(unknown.statusCode).toBe(404);
    const malformed = await app().inject({ method: 'POST', url: '/api/cloudprnt/..%2F..%2Fetc', payload: {} });
    expect([404, 422]).toContain(malformed.statusCode);
    const hostile = await app().inject({
      method: 'POST',
      url: kitchenPath(),
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"jobReady":true},"constructor":{"prototype":{"x":1}},"printerMAC":"00:11","printingInProgress":"yes"}',
    });
    expect(hostile.statusCode).toBeLessThan(500);
    expect(({} as Record<string, unknown>).jobReady).toBeUndefined();
    // A status code with a broken escape is kept as sent, not an error.
    const broken = await app().inject({ method: 'POST', url: kitchenPath(), payload: { printerMAC: kitchen.mac, statusCode: '410%2 Out of paper 100%' } });
    expect(broken.statusCode).toBe(200);
    expect((await printers()).find((p) => p.name === 'Küche Pass')?.lastStatus).toBe('410%2 Out of paper 100%');
    const missingToken = await app().inject({ method: 'DELETE', url: `${kitchenPath()}?code=200%20OK` });
    expect(missingToken.statusCode).toBe(422);
    const noStaff = await call(app(), 'GET', '/api/staff/printers');
    expect(noStaff.status).toBe(401);
    const bad = await staff<unknown>('POST', '/printers', { name: '', station: 'cellar' });
    expect(bad.status).toBe(422);
  });

  const kitchenPath = () => kitchen.path;
});

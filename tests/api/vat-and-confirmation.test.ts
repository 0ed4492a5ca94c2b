/**
 * VAT per tax rate through the API (decision 005), and the order confirmation mail: the checkout
 * answer, the order page, the operator API and the e-mail show the same per-rate figures; the
 * mail goes out only for a placed order (cash at once, card once its payment is confirmed),
 * exactly once, with every figure of the order page.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product, Tax } from '../../src/shared/contract/catalog';
import type { CheckoutResult, Order, OrderPayment } from '../../src/shared/contract/checkout';
import { formatMoney } from '../../src/shared/pricing';
import * as t from '../../src/server/db/schema';
import { createMemoryMailer, type MailMessage } from '../../src/server/mail/mailer';
import { createConfirmations } from '../../src/server/orders/confirmation';
import { createMailOutbox } from '../../src/server/orders/mail-outbox';
import { settleStalePayments } from '../../src/server/orders/status';
import { createPayments } from '../../src/server/payments';
import { eventually, mailsTo, saveAddress, setProfit, signUp, sleep, uniqueEmail } from './account-helpers';
import {
  areaNamed,
  type Catalog,
  call,
  checkout,
  loadCatalog,
  menuLine,
  orderPage,
  payload,
  placed,
  productLine,
  productNamed,
  menuNamed,
} from './checkout-helpers';
import { backends, useTestApp } from './harness';

const OPERATOR_KEY = 'kitchen-key-for-the-vat-tests-0123456789';
const euro = (cents: number) => formatMoney(cents, 'de-DE');

/** The amounts of the plain-text part: the lines, the rows between them and the total, and the total. */
function mailFigures(mail: MailMessage): { lines: number[]; rows: Map<string, number>; total: number } {
  const amount = (text: string) => Math.round(Number(text.replace(/[^\d,−-]/g, '').replace(',', '.').replace('−', '-')) * 100);
  const all = mail.text.split('\n');
  const lines = all.filter((l) => /^\d+ × .+: .+€$/.test(l)).map((l) => amount(l.slice(l.lastIndexOf(': ') + 2)));
  const totalAt = all.findIndex((l) => l.startsWith('Summe: '));
  expect(totalAt, mail.text).toBeGreaterThan(0);
  const rows = new Map<string, number>();
  for (let i = totalAt - 1; i >= 0 && all[i] !== ''; i--) {
    const row = all[i] ?? '';
    rows.set(row.slice(0, row.lastIndexOf(': ')), amount(row.slice(row.lastIndexOf(': ') + 2)));
  }
  return { lines, rows, total: amount((all[totalAt] ?? '').slice('Summe: '.length)) };
}

describe.each(backends())('VAT per rate and the order confirmation on %s', (backend) => {
  const mailer = createMemoryMailer();
  const ctx = useTestApp(backend, { operatorKey: OPERATOR_KEY, mailer });
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let catalog: Catalog;
  let taxes: Tax[];

  beforeAll(async () => {
    catalog = await loadCatalog(app());
    taxes = (await call<{ data: Tax[] }>(app(), 'GET', '/api/taxes')).body.data;
  });

  const taxNamed = (name: string): Tax => {
    const found = taxes.find((x) => x.name === name);
    if (!found) throw new Error(`no tax ${name}`);
    return found;
  };
  const operatorOrder = async (code: string) =>
    (await call<{ data: Order }>(app(), 'GET', `/api/operator/orders/${code}`, { headers: { authorization: `Bearer ${OPERATOR_KEY}` } })).body.data;

  describe('tax classes in the catalog', () => {
    it('gives every tax its id and every product its class: drinks at 19 %, food at 7 %, a drink extra at 19 %', async () => {
      expect(taxes.map(({ name, amount, inclusive }) => ({ name, amount, inclusive }))).toEqual([
        { name: 'MwSt. 7 %', amount: 7, inclusive: true },
        { name: 'MwSt. 19 %', amount: 19, inclusive: true },
      ]);
      for (const x of taxes) expect(Number.isInteger(x.id)).toBe(true);
      const [food, drinks] = taxes.map((x) => x.id);
      const categoryOf = (p: Product) => p.category.name;
      for (const p of catalog.products) expect(p.taxId, p.name).toBe(categoryOf(p) === 'Drinks' ? drinks : food);
      expect(catalog.products.filter((p) => p.taxId === drinks).map((p) => p.name)).toContain('Cola');

      const currywurst = productNamed(catalog, 'Currywurst with fries');
      expect(currywurst.extras.map((e) => [e.name, e.taxId])).toEqual([['With a draught pilsner (0.3 l)', drinks]]);
      // Options and extras without a class of their own take the product's.
      const pizza = productNamed(catalog, 'Pizza Margherita');
      expect(pizza.extras.every((e) => e.taxId === null)).toBe(true);
      expect(pizza.variants.flatMap((v) => v.options).every((o) => o.taxId === null)).toBe(true);
      // Menu slot candidates carry their class too.
      const drinkSlot = menuNamed(catalog, 'Burger meal').items[2];
      expect(drinkSlot?.products.every((p) => p.taxId === drinks)).toBe(true);
    });
  });

  describe('checkout', () => {
    it('food, drinks, delivery and points: per-rate VAT, the same on the order page, the operator API, my orders and the e-mail', async () => {
      const c = await signUp(app(), { name: 'Vera Steuer' });
      await setProfit(db(), c.user.id, 500);
      const home = await saveAddress(app(), c.token, { name: 'Home', areaId: areaNamed(catalog, 'Eppendorf').id, address: 'Eppendorfer Landstraße 10' });
      const items = [
        productLine(productNamed(catalog, 'Pizza salami')), // 10.50 € at 7 %
        productLine(productNamed(catalog, 'Kaiserschmarrn')), // 9.50 € at 7 %
        productLine(productNamed(catalog, 'Cola'), { qty: 2 }), // 2 × 3.90 € at 19 %
      ];
      const body = payload(items, { deliverType: 'delivery', addressId: home.id, useProfit: true, tip: 1.5 });
      for (const field of ['name', 'email', 'phone']) delete body[field];
      const result = placed(await checkout(app(), body, { headers: c.headers }));

      // Items 20.00 € food + 7.80 € drinks; the 2.00 € fee follows them (1.44 € + 0.56 €); the 5.00 €
      // of points spread over 21.44 € / 8.36 € (3.60 € + 1.40 €); the 1.50 € tip carries no VAT.
      const expected: Omit<OrderPayment, 'method' | 'methodName' | 'state'> = {
        cartTotal: 27.8,
        deliver: 2,
        discount: 5,
        tax: 0,
        tip: 1.5,
        price: 26.3,
        taxItems: [
          { name: 'MwSt. 7 %', amount: 7, base: 17.84, value: 1.17, inclusive: true },
          { name: 'MwSt. 19 %', amount: 19, base: 6.96, value: 1.11, inclusive: true },
        ],
      };
      expect(result.order.payment).toMatchObject(expected);
      expect(result.order.payment.taxItems).toEqual(expected.taxItems);

      const page = await orderPage(app(), result);
      expect(page.payment).toEqual(result.order.payment);
      expect((await operatorOrder(result.order.code)).payment).toEqual(result.order.payment);
      const mine = await call<{ data: Order }>(app(), 'GET', `/api/me/orders/${result.order.code}`, { headers: c.headers });
      expect(mine.body.data.payment).toEqual(result.order.payment);

      // The stored snapshot keeps each rate's base.
      const [row] = await db().select({ taxItems: t.orders.taxItems }).from(t.orders).where(eq(t.orders.code, result.order.code));
      expect(row?.taxItems.map((x) => [x.taxId, x.baseCents, x.valueCents])).toEqual([
        [taxNamed('MwSt. 7 %').id, 1784, 117],
        [taxNamed('MwSt. 19 %').id, 696, 111],
      ]);

      const confirmationOf = () => mailsTo(mailer.sent, c.email).filter((m) => m.subject.includes(result.order.code));
      await eventually(() => confirmationOf().length > 0);
      const [mail] = confirmationOf();
      if (!mail) throw new Error('no mail');
      for (const expectedLine of [
        `1 × Pizza Salami: ${euro(1050)}`,
        `1 × Kaiserschmarrn: ${euro(950)}`,
        `2 × Cola: ${euro(780)}`,
        '',
        `Zwischensumme: ${euro(2780)}`,
        `Rabatt: −${euro(500)}`,
        `Lieferung: ${euro(200)}`,
        `Trinkgeld: ${euro(150)}`,
        `Summe: ${euro(2630)}`,
        'Zahlungsart: Vor Ort bezahlen',
        `inkl. MwSt. 7 % auf ${euro(1784)}: ${euro(117)}`,
        `inkl. MwSt. 19 % auf ${euro(696)}: ${euro(111)}`,
      ]) {
        expect(mail.text.split('\n'), expectedLine).toContain(expectedLine);
      }
      for (const html of [`MwSt. 19 % auf ${euro(696)}`, euro(111), 'Lieferung', 'Trinkgeld', 'Rabatt', 'Vor Ort bezahlen']) {
        expect(mail.html).toContain(html);
      }
    });

    it('splits a combo menu by its slots’ own prices and gives a drink extra on a dish the drink rate', async () => {
      const meal = menuNamed(catalog, 'Burger meal'); // 21.90 € − 10 % = 19.71 €: classic burger, fries, cola
      const currywurst = productNamed(catalog, 'Currywurst with fries');
      const pils = currywurst.extras[0]?.id;
      if (pils === undefined) throw new Error('the seeded currywurst has no drink extra');
      const result = placed(await checkout(app(), payload([menuLine(meal), productLine(currywurst, { extraIds: [pils] })])));
      // 19.71 € over 13.90 : 4.50 : 3.90 → 12.28 + 3.98 + 3.45; food 16.26 + 11.90, drinks 3.45 + 3.90.
      expect(result.order.payment).toMatchObject({ cartTotal: 35.51, price: 35.51, tax: 0 });
      expect(result.order.payment.taxItems).toEqual([
        { name: 'MwSt. 7 %', amount: 7, base: 28.16, value: 1.84, inclusive: true },
        { name: 'MwSt. 19 %', amount: 19, base: 7.35, value: 1.17, inclusive: true },
      ]);
    });

    it('shows only the rate the order uses', async () => {
      const result = placed(await checkout(app(), payload([productLine(productNamed(catalog, 'Kaiserschmarrn'))])));
      expect(result.order.payment.taxItems).toEqual([{ name: 'MwSt. 7 %', amount: 7, base: 9.5, value: 0.62, inclusive: true }]);
    });

    it('still shows an order stored before VAT per rate, without a base', async () => {
      const result = placed(await checkout(app(), payload([productLine(productNamed(catalog, 'Cola'))])));
      const legacy = [
        { name: 'MwSt. 7 % (Speisen)', amount: 7, valueCents: 26, inclusive: true },
        { name: 'MwSt. 19 % (Getränke)', amount: 19, valueCents: 62, inclusive: true },
      ];
      await db().update(t.orders).set({ taxItems: legacy }).where(eq(t.orders.code, result.order.code));
      const page = await orderPage(app(), result);
      expect(page.payment.taxItems).toEqual([
        { name: 'MwSt. 7 % (Speisen)', amount: 7, base: null, value: 0.26, inclusive: true },
        { name: 'MwSt. 19 % (Getränke)', amount: 19, base: null, value: 0.62, inclusive: true },
      ]);
    });
  });

  describe('the confirmation mail', () => {
    const deliveryBody = (email: string) =>
      payload(
        [productLine(productNamed(catalog, 'Kaiserschmarrn'), { qty: 2 }), productLine(productNamed(catalog, 'Cola'))],
        { email, deliverType: 'delivery', areaId: areaNamed(catalog, 'Eppendorf').id, address: 'Eppendorfer Landstraße 1', paymentType: 'sandbox', tip: 1 },
      );
    const sessOf = (result: CheckoutResult): string => result.url.replace('/sandbox-pay/', '');
    const decide = (sess: string, action: string) => call(app(), 'POST', `/api/sandbox-pay/${sess}/${action}`);
    const returnCheck = (sess: string) => call(app(), 'GET', `/api/checkout/check?payment=sandbox&sess=${encodeURIComponent(sess)}`);
    const held = async () => (await db().select().from(t.pendingConfirmations)).length;
    // A second worker on the same database, as another process would be: it never takes what the app's own holds.
    const outbox = () => createMailOutbox({ db: db(), mailer, siteUrl: 'http://localhost:3000', warn: () => undefined, exclusive: false });

    it('is not sent for a declined card payment, and exactly once when the diner comes back and pays', async () => {
      const email = uniqueEmail('card');
      const declined = placed(await checkout(app(), deliveryBody(email)));
      expect(declined.order.status).toBe('awaiting_payment');
      await sleep(200);
      expect(mailsTo(mailer.sent, email)).toEqual([]);

      expect((await decide(sessOf(declined), 'decline')).status).toBe(200);
      expect((await returnCheck(sessOf(declined))).status).toBe(200);
      expect((await orderPage(app(), declined)).status).toBe('payment_failed');
      await sleep(300);
      expect(mailsTo(mailer.sent, email)).toEqual([]);

      // Back at checkout, the diner pays the same cart by card.
      const paid = placed(await checkout(app(), deliveryBody(email)));
      await sleep(200);
      expect(mailsTo(mailer.sent, email)).toEqual([]);
      expect((await decide(sessOf(paid), 'approve')).status).toBe(200);
      // The provider's notification, the diner's return (twice) and the sweep: one mail.
      expect((await returnCheck(sessOf(paid))).status).toBe(200);
      expect((await returnCheck(sessOf(paid))).status).toBe(200);
      await createConfirmations({ db: db(), outbox: outbox(), warn: () => undefined }).sweep();
      await eventually(() => mailsTo(mailer.sent, email).length > 0);
      await sleep(300);
      const mails = mailsTo(mailer.sent, email);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      if (!mail) throw new Error('no mail');
      expect(mail.subject).toBe(`Ihre Bestellung ${paid.order.code} bei Gasthaus Lindenhof`);
      expect(mail.text).toContain(`/orders/${paid.order.code}?key=${paid.accessKey}`);
      expect(mail.text).not.toContain(declined.order.code);

      // What the order page shows: 2 × 9.50 + 3.90 = 22.90 €, delivery 2.00 €, tip 1.00 € → 25.90 €.
      const page = await orderPage(app(), paid);
      expect(page.payment).toMatchObject({ cartTotal: 22.9, deliver: 2, tip: 1, price: 25.9, state: 'paid' });
      const figures = mailFigures(mail);
      expect(figures.lines).toEqual([1900, 390]);
      expect(figures.rows.get('Lieferung')).toBe(200);
      expect(figures.rows.get('Trinkgeld')).toBe(100);
      expect(figures.total).toBe(2590);
      // The lines, delivery and tip add up to the total.
      expect(figures.lines.reduce((a, b) => a + b, 0) + (figures.rows.get('Lieferung') ?? 0) + (figures.rows.get('Trinkgeld') ?? 0)).toBe(figures.total);
      expect(mail.text).toContain('Zahlungsart: Testzahlung (Karte)');
      for (const x of page.payment.taxItems) {
        expect(mail.text).toContain(`inkl. ${x.name} auf ${euro(Math.round((x.base ?? 0) * 100))}: ${euro(Math.round(x.value * 100))}`);
      }
      expect(await held()).toBe(0);
    });

    it('is not sent for a cancelled card payment, and its held link key is gone', async () => {
      const email = uniqueEmail('cancel');
      const result = placed(await checkout(app(), deliveryBody(email)));
      expect(await held()).toBeGreaterThan(0);
      await decide(sessOf(result), 'cancel');
      await returnCheck(sessOf(result));
      expect((await orderPage(app(), result)).status).toBe('cancelled');
      const [row] = await db().select().from(t.orders).where(eq(t.orders.code, result.order.code));
      expect(await db().select().from(t.pendingConfirmations).where(eq(t.pendingConfirmations.orderId, row?.id ?? -1))).toEqual([]);
      await sleep(300);
      expect(mailsTo(mailer.sent, email)).toEqual([]);
    });

    it('is sent once by the sweep when the payment was confirmed but the mail never went out', async () => {
      const email = uniqueEmail('sweep');
      const result = placed(await checkout(app(), deliveryBody(email)));
      const sess = sessOf(result);
      // The provider took the money; its notification was lost and the diner never came back.
      const longAgo = new Date(Date.now() - 31 * 60_000);
      await db().update(t.sandboxPayments).set({ state: 'approved', createdAt: longAgo }).where(eq(t.sandboxPayments.session, sess));
      await db().update(t.payments).set({ createdAt: longAgo }).where(eq(t.payments.session, sess));
      // The process stops right after the payment's transaction: nothing told about it.
      await settleStalePayments(db(), createPayments({ sandbox: true }), 30, () => undefined);
      expect((await orderPage(app(), result)).status).toBe('pending_approval');
      await sleep(200);
      expect(mailsTo(mailer.sent, email)).toEqual([]);

      const worker = outbox();
      const confirmations = createConfirmations({ db: db(), outbox: worker, warn: () => undefined });
      await Promise.all([confirmations.sweep(), confirmations.sweep()]);
      await confirmations.sweep();
      await worker.drain();
      expect(mailsTo(mailer.sent, email)).toHaveLength(1);
      expect(mailsTo(mailer.sent, email)[0]?.text).toContain(`/orders/${result.order.code}?key=${result.accessKey}`);
    });

    it('is sent at once for a cash order, with its delivery line, adding up to its total', async () => {
      const email = uniqueEmail('cash');
      const result = placed(await checkout(app(), { ...deliveryBody(email), paymentType: 'cash' }));
      expect(result.order.status).toBe('pending_approval');
      await eventually(() => mailsTo(mailer.sent, email).length > 0);
      const [mail] = mailsTo(mailer.sent, email);
      if (!mail) throw new Error('no mail');
      const figures = mailFigures(mail);
      expect(figures.rows.get('Lieferung')).toBe(200);
      expect(figures.lines.reduce((a, b) => a + b, 0) + 200 + 100).toBe(figures.total);
      expect(figures.total).toBe(Math.round(result.order.payment.price * 100));
      expect(mail.text).toContain('Zahlungsart: Vor Ort bezahlen');
      expect(await db().select().from(t.pendingConfirmations).innerJoin(t.orders, eq(t.orders.id, t.pendingConfirmations.orderId)).where(eq(t.orders.code, result.order.code))).toEqual([]);
    });
  });
});

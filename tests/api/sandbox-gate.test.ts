/**
 * The card sandbox lets a diner approve their own payment, so a production deployment never has
 * it by accident: with NODE_ENV=production it is off unless PAYMENT_SANDBOX=1 says otherwise,
 * and off means not offered, not accepted at checkout, and no hosted page to approve on.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '../../src/server/db/schema';
import { readConfig } from '../../src/server/config';
import type { PaymentProviderInfo } from '../../src/shared/contract/checkout';
import { type Catalog, call, checkout, fieldErrors, loadCatalog, payload, placed, productLine, productNamed } from './checkout-helpers';
import { backends, useTestApp } from './harness';

describe.each(backends())('the card sandbox on %s', (backend) => {
  describe('in production without PAYMENT_SANDBOX', () => {
    const ctx = useTestApp(backend, { payments: readConfig({ NODE_ENV: 'production' }).payments });
    const app = () => ctx().app;

    it('is not offered', async () => {
      const res = await call<{ data: PaymentProviderInfo[] }>(app(), 'GET', '/api/checkout/payment-providers');
      expect(res.body.data.map((p) => p.id)).toEqual(['cash']);
    });

    it('is refused at checkout as a field error', async () => {
      const catalog: Catalog = await loadCatalog(app());
      const res = await checkout(app(), payload([productLine(productNamed(catalog, 'Kaiserschmarrn'))], { paymentType: 'sandbox' }), {
        headers: { 'accept-language': 'en' },
      });
      expect(fieldErrors(res)).toEqual({ paymentType: ['This payment method does not exist.'] });
    });

    it('has no hosted page: its routes answer 404, even for a session left from when it was on', async () => {
      const sess = 'abcdefghijklmnopqrstuvwxyz012345';
      await ctx()
        .database.db.insert(t.sandboxPayments)
        .values({ session: sess, amountCents: 1290, currency: 'EUR', description: '#LEFT', returnUrl: '/', state: 'open' });
      expect((await call(app(), 'GET', `/api/sandbox-pay/${sess}`)).status).toBe(404);
      for (const action of ['approve', 'decline', 'cancel']) {
        expect((await call(app(), 'POST', `/api/sandbox-pay/${sess}/${action}`)).status).toBe(404);
      }
      const [row] = await ctx().database.db.select().from(t.sandboxPayments).where(eq(t.sandboxPayments.session, sess));
      expect(row?.state).toBe('open');
    });
  });

  describe('in production with PAYMENT_SANDBOX=1', () => {
    const ctx = useTestApp(backend, { payments: readConfig({ NODE_ENV: 'production', PAYMENT_SANDBOX: '1' }).payments });
    const app = () => ctx().app;

    it('is offered as a test payment, and its hosted page approves', async () => {
      const res = await call<{ data: PaymentProviderInfo[] }>(app(), 'GET', '/api/checkout/payment-providers');
      expect(res.body.data).toContainEqual({ id: 'sandbox', name: 'Testzahlung (Karte)', displayOption: 'redirect' });
      const catalog = await loadCatalog(app());
      const order = placed(await checkout(app(), payload([productLine(productNamed(catalog, 'Kaiserschmarrn'))], { paymentType: 'sandbox' })));
      const sess = order.url.split('/').pop() ?? '';
      expect((await call(app(), 'POST', `/api/sandbox-pay/${sess}/approve`)).status).toBe(200);
    });
  });
});

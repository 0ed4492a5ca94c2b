/**
 * The stand-in Stripe signs webhooks itself; these checks hold it to Stripe's own scheme (the
 * SDK's test header) and hold the shop's check to Stripe's rules (tolerance, secret, bytes).
 */
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createStripeGateway, stateOfSession, WebhookSignatureInvalid, WEBHOOK_TOLERANCE_SECONDS } from '../../../src/server/payments/stripe';
import { stripeSignature } from '../../support/stand-in-stripe';

const SECRET = 'whsec_unit0123456789';
const gateway = createStripeGateway({ secretKey: 'sk_test_unit', webhookSecret: SECRET, apiUrl: 'http://127.0.0.1:9', siteUrl: 'https://shop.example' });
const body = JSON.stringify({ id: 'evt_1', object: 'event', type: 'checkout.session.expired', data: { object: { id: 'cs_test_1', object: 'checkout.session' } } });

describe('webhook signatures', () => {
  it('are made by the stand-in exactly as the Stripe SDK makes them', () => {
    const timestamp = 1_790_000_000;
    const sdk = new Stripe('sk_test_unit').webhooks.generateTestHeaderString({ payload: body, secret: SECRET, timestamp });
    expect(stripeSignature(body, SECRET, timestamp)).toBe(sdk);
  });

  it('are taken when fresh, and refused when stale, forged, for other bytes or missing', () => {
    const now = new Date();
    const t = Math.floor(now.getTime() / 1000);
    expect(gateway.verify(Buffer.from(body), stripeSignature(body, SECRET, t), now).type).toBe('checkout.session.expired');
    expect(() => gateway.verify(Buffer.from(body), stripeSignature(body, SECRET, t - WEBHOOK_TOLERANCE_SECONDS - 1), now)).toThrow(WebhookSignatureInvalid);
    expect(() => gateway.verify(Buffer.from(body), stripeSignature(body, 'whsec_other', t), now)).toThrow(WebhookSignatureInvalid);
    expect(() => gateway.verify(Buffer.from(`${body} `), stripeSignature(body, SECRET, t), now)).toThrow(WebhookSignatureInvalid);
    expect(() => gateway.verify(Buffer.from(body), undefined, now)).toThrow(WebhookSignatureInvalid);
    expect(() => gateway.verify(Buffer.from(body), 'nonsense', now)).toThrow(WebhookSignatureInvalid);
  });
});

describe('stateOfSession', () => {
  const session = (over: Partial<Stripe.Checkout.Session>) =>
    ({ id: 'cs_test_1', status: 'complete', payment_status: 'paid', amount_total: 1250, currency: 'eur', payment_intent: 'pi_1', ...over }) as Stripe.Checkout.Session;
  const expected = { amountCents: 1250, currency: 'EUR' };

  it('is paid only for a complete, paid session of the order’s amount and currency', () => {
    expect(stateOfSession(session({}), expected).state).toBe('paid');
    expect(stateOfSession(session({ amount_total: 1249 }), expected)).toMatchObject({ state: 'pending', problem: expect.stringContaining('1249') });
    expect(stateOfSession(session({ currency: 'usd' }), expected).state).toBe('pending');
    expect(stateOfSession(session({}), undefined).state).toBe('pending');
    expect(stateOfSession(session({ status: 'open', payment_status: 'unpaid' }), expected).state).toBe('pending');
    expect(stateOfSession(session({ status: 'expired', payment_status: 'unpaid' }), expected).state).toBe('cancelled');
    expect(stateOfSession(session({ payment_status: 'unpaid' }), expected, true).state).toBe('failed');
  });
});

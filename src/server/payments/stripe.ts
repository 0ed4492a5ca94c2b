/**
 * Card payments through Stripe Checkout. A Checkout Session is opened for the amount the server
 * computed; the order counts as paid only when a signed webhook says so or when Stripe, asked
 * directly, says so, and in both cases the amount and currency must be the order's.
 */
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { PaymentState } from '../../shared/contract/checkout';
import { text } from '../../shared/contract/settings';
import type { StripeConfig } from '../config';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { say } from '../i18n/messages';
import { sha256 } from '../orders/secrets';
import { loadSettings } from '../settings';
import type { PaymentProvider, PaymentStart } from './provider';
import { STRIPE_CANCEL_PATH } from './stripe-paths';

/** Stripe refuses card charges below 0.50 in EUR (and in most currencies we would meet). */
/** Stripe Checkout's own languages (its API reference); for ours it lacks, it follows the browser. */
const STRIPE_LOCALES = new Set(['de', 'en', 'nl', 'fr', 'ru', 'fi', 'th', 'tr'] as const);
type StripeLocale = typeof STRIPE_LOCALES extends Set<infer L> ? L : never;

function stripeLocale(lang: string): StripeLocale | 'auto' {
  return STRIPE_LOCALES.has(lang as StripeLocale) ? (lang as StripeLocale) : 'auto';
}

export const STRIPE_MINIMUM_CENTS = 50;
/** Stripe's own default for webhook timestamps: older deliveries are refused as possible replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/**
 * Stripe wants a session to live at least 30 minutes. The end is rounded up to five minutes, so a
 * retried submission asks for the same session (same parameters, same idempotency key).
 */
const SESSION_MIN_SECONDS = 31 * 60;
const SESSION_ROUND_SECONDS = 5 * 60;

export class WebhookSignatureInvalid extends Error {}

export interface StripeNotice {
  session: string;
  state: PaymentState;
  /** Why a completed, paid session still counts as unpaid (it is not the order's amount). */
  problem?: string;
}

export interface StripeGateway {
  provider: PaymentProvider;
  /** Checks a webhook delivery's `Stripe-Signature` over the raw bytes, as Stripe makes it; throws WebhookSignatureInvalid. */
  verify(rawBody: Buffer, signature: string | undefined, now?: Date): Stripe.Event;
  /** What a verified event says about a Checkout Session; null for events we do not act on. */
  noticeOf(db: Db, event: Stripe.Event): Promise<StripeNotice | null>;
  /**
   * The diner left the hosted page with "back": Stripe keeps the session open for hours, so it is
   * expired now, or an old tab could still pay an order the diner has placed again another way.
   */
  abandon(session: string): Promise<void>;
}

interface Expected {
  amountCents: number;
  currency: string;
}

/**
 * A Checkout Session's state for the order. Nothing the session says about money is taken on
 * trust: a paid session for another amount or currency stays unpaid (and is reported).
 */
export function stateOfSession(session: Stripe.Checkout.Session, expected: Expected | undefined, asyncFailed = false): StripeNotice {
  const notice = (state: PaymentState, problem?: string): StripeNotice => ({ session: session.id, state, ...(problem ? { problem } : {}) });
  if (session.status === 'expired') return notice('cancelled');
  if (session.status !== 'complete') return notice('pending');
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  // A delayed method (SEPA debit) completes the session unpaid; its payment fails or succeeds later.
  if (asyncFailed || intent?.status === 'canceled' || intent?.status === 'requires_payment_method') {
    return session.payment_status === 'paid' ? notice('pending', 'failure reported for a paid session') : notice('failed');
  }
  if (session.payment_status !== 'paid') return notice('pending');
  if (!expected) return notice('pending', 'no payment of ours for this session');
  if (session.amount_total !== expected.amountCents || (session.currency ?? '').toLowerCase() !== expected.currency.toLowerCase()) {
    return notice(
      'pending',
      `paid ${session.amount_total ?? '?'} ${session.currency ?? '?'}, the order is ${expected.amountCents} ${expected.currency.toLowerCase()}`,
    );
  }
  return notice('paid');
}

function clientOf(config: StripeConfig): Stripe {
  const api = new URL(config.apiUrl);
  const protocol = api.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(config.secretKey, {
    host: api.hostname,
    port: api.port || (protocol === 'http' ? 80 : 443),
    protocol,
    // The SDK sends its own idempotency key with each retry, so a retried POST charges nothing twice.
    maxNetworkRetries: 2,
    // A diner waits on checkout and staff on a refund: fail in seconds, not in Stripe's default 80.
    timeout: 15_000,
    telemetry: false,
  });
}

export function createStripeGateway(config: StripeConfig): StripeGateway {
  const stripe = clientOf(config);

  async function expectedFor(db: Db, session: string): Promise<Expected | undefined> {
    const [order] = await db.select({ amountCents: t.payments.amountCents }).from(t.payments).where(eq(t.payments.session, session));
    // A table's tab payment (decision 055) is held to its own amount the same way.
    const [tab] = order ? [] : await db.select({ amountCents: t.tabPayments.amountCents }).from(t.tabPayments).where(eq(t.tabPayments.session, session));
    const payment = order ?? tab;
    if (!payment) return undefined;
    return { amountCents: payment.amountCents, currency: text(await loadSettings(db), 'CURRENCY') || 'EUR' };
  }

  async function open(input: PaymentStart) {
    const now = Math.floor(Date.now() / 1000);
    // The diner comes back to the shop's own payment return either way; the check asks Stripe what happened.
    const back = `${config.siteUrl}${input.returnPath ?? '/'}?payment=stripe&sess={CHECKOUT_SESSION_ID}`;
    // Nothing here may differ between two submissions of one order (not even the order code,
    // which each attempt draws anew): the idempotency key is made from these parameters.
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: input.currency.toLowerCase(),
            unit_amount: input.amountCents,
            product_data: { name: say(input.lang, 'payment.stripeItem', { name: input.shopName }) },
          },
        },
      ],
      success_url: back,
      cancel_url: `${config.siteUrl}/api${STRIPE_CANCEL_PATH}?sess={CHECKOUT_SESSION_ID}`,
      expires_at: Math.ceil((now + SESSION_MIN_SECONDS) / SESSION_ROUND_SECONDS) * SESSION_ROUND_SECONDS,
      locale: stripeLocale(input.lang),
    };
    const created = await stripe.checkout.sessions.create(params, {
      idempotencyKey: `checkout-${sha256(`${input.retryKey}:${JSON.stringify(params)}`)}`,
    });
    if (!created.url) throw new Error(`Stripe returned session ${created.id} without a url`);
    return { session: created.id, state: 'pending' as const, url: created.url };
  }

  const provider: PaymentProvider = {
    id: 'stripe',
    displayOption: 'redirect',
    name: (lang) => say(lang, 'payment.stripe'),
    supports: () => true,
    minimumCents: STRIPE_MINIMUM_CENTS,
    open,
    async start(_tx, _input, opened) {
      if (!opened) throw new Error('the Stripe session is opened before the order transaction');
      return opened;
    },
    async status(db, session) {
      const found = await stripe.checkout.sessions.retrieve(session, { expand: ['payment_intent'] });
      return stateOfSession(found, await expectedFor(db, session)).state;
    },
    async refund(_tx, session, part) {
      const found = await stripe.checkout.sessions.retrieve(session);
      const intent = typeof found.payment_intent === 'string' ? found.payment_intent : found.payment_intent?.id;
      if (!intent) throw new Error(`Stripe session ${session} has no payment to refund`);
      // Keyed by the session (and the part): a reject retried after a lost answer refunds once.
      if (part) await stripe.refunds.create({ payment_intent: intent, amount: part.cents }, { idempotencyKey: `refund-${session}-${part.key}` });
      else await stripe.refunds.create({ payment_intent: intent }, { idempotencyKey: `refund-${session}` });
    },
  };

  return {
    provider,
    async abandon(session) {
      const found = await stripe.checkout.sessions.retrieve(session);
      if (found.status === 'open') await stripe.checkout.sessions.expire(session);
    },
    verify(rawBody, signature, now = new Date()) {
      if (!signature) throw new WebhookSignatureInvalid('no Stripe-Signature header');
      try {
        // receivedAt is in milliseconds; the tolerance in seconds.
        return stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret, WEBHOOK_TOLERANCE_SECONDS, undefined, now.getTime());
      } catch (err) {
        if (err instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureInvalid(err.message);
        throw err;
      }
    },
    async noticeOf(db, event) {
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
        case 'checkout.session.expired':
          return stateOfSession(event.data.object, await expectedFor(db, event.data.object.id));
        case 'checkout.session.async_payment_failed':
          return stateOfSession(event.data.object, await expectedFor(db, event.data.object.id), true);
        default:
          return null;
      }
    },
  };
}

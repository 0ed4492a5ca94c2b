import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { say } from '../i18n/messages';
import type { Confirmations } from '../orders/confirmation';
import { checkPayment, paymentNotified } from '../orders/status';
import type { Payments } from '../payments';
import { WebhookSignatureInvalid, type StripeGateway } from '../payments/stripe';
import { STRIPE_CANCEL_PATH, STRIPE_WEBHOOK_PATH } from '../payments/stripe-paths';
import { paymentCheckQuery } from '../../shared/contract/checkout';
import { settleTabSession, TAB_RETURN_PATH } from '../tables/tab-payments';
import { HttpError } from '../plugins/errors';

/**
 * Stripe's notice that a Checkout Session finished. Its own plugin, so the raw-body parser below
 * holds for this route only: the signature covers the exact bytes Stripe sent, which parsing and
 * re-serialising JSON would not reproduce.
 */
export interface StripeRouteOptions {
  db: Db;
  stripe: StripeGateway;
  payments: Payments;
  confirmations: Confirmations;
}

export async function stripeWebhookRoutes(app: FastifyInstance, { db, stripe, payments, confirmations }: StripeRouteOptions): Promise<void> {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post<{ Body: Buffer }>(STRIPE_WEBHOOK_PATH, async (request) => {
    const header = request.headers['stripe-signature'];
    let event;
    try {
      event = stripe.verify(request.body, typeof header === 'string' ? header : undefined);
    } catch (err) {
      if (err instanceof WebhookSignatureInvalid) {
        request.log.warn({ reason: err.message }, 'stripe webhook refused');
        throw new HttpError(400, say(request.lang, 'payment.badSignature'));
      }
      throw err;
    }
    const notice = await stripe.noticeOf(db, event);
    if (notice?.problem) request.log.error({ session: notice.session, event: event.id, problem: notice.problem }, 'stripe session not taken as paid');
    // Replays and events for sessions that are not ours are answered 200 too, or Stripe would resend them for days.
    if (notice && !(await paymentNotified(db, 'stripe', notice.session, notice.state, (id) => void confirmations.paid(id)))) {
      // Not an order's payment: perhaps a table's tab payment (decision 055).
      await settleTabSession(db, payments, 'stripe', notice.session, notice.state);
    }
    return { data: { received: true } };
  });

  // Stripe's "back to the shop": the session is expired and settled before the diner is sent to
  // the shop's usual payment return, which then reads it as cancelled and reopens the checkout.
  const cancelQuery = paymentCheckQuery.pick(['sess']);
  app.get<{ Querystring: { sess: string } }>(STRIPE_CANCEL_PATH, { schema: { querystring: cancelQuery } }, async (request, reply) => {
    const { sess } = request.query;
    // A table's tab payment goes back to the table's page, its lines free again at once.
    let back = '/';
    try {
      await stripe.abandon(sess);
      if (await settleTabSession(db, payments, 'stripe', sess)) back = TAB_RETURN_PATH;
      else await checkPayment(db, payments, 'stripe', sess, request.lang, (id) => void confirmations.paid(id));
    } catch (err) {
      // Unknown or unreachable: the return page asks again and says what it finds.
      request.log.warn({ err }, 'stripe session not abandoned');
    }
    reply.header('cache-control', 'no-store');
    return reply.redirect(`${back}?payment=stripe&sess=${encodeURIComponent(sess)}`, 303);
  });
}

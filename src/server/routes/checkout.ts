import type { FastifyInstance } from 'fastify';
import { paymentCheckQuery, type PaymentProviderInfo } from '../../shared/contract/checkout';
import { sessionOf } from '../auth/session';
import type { Db } from '../db/client';
import type { Confirmations } from '../orders/confirmation';
import type { DinersWaiting } from '../orders/diners-waiting';
import type { Geocoder } from '../geo/geocoder';
import type { OrderLimits } from '../orders/order-limits';
import { placeOrder } from '../orders/place-order';
import { checkPayment } from '../orders/status';
import type { Payments } from '../payments';
import { bearerToken } from '../auth/bearer';

export interface CheckoutOptions {
  db: Db;
  /** Told about every new order (the first answer, never a replay) and every confirmed payment: the confirmation mail. */
  confirmations: Confirmations;
  /** Counts this route's requests in flight, so the mail waits for a gap between orders. */
  diners: DinersWaiting;
  orderLimits: OrderLimits;
  geocoder: Geocoder;
  payments: Payments;
}

export async function checkoutRoutes(app: FastifyInstance, { db, confirmations, diners, orderLimits, geocoder, payments }: CheckoutOptions): Promise<void> {
  app.get('/checkout/payment-providers', { config: { catalog: true } }, async (request) => {
    const data: PaymentProviderInfo[] = payments.list.map((p) => ({
      id: p.id,
      name: p.name(request.lang),
      displayOption: p.displayOption,
    }));
    return { data };
  });

  app.post('/checkout/v2', async (request, reply) => {
    const header = request.headers['idempotency-key'];
    diners.enter();
    let result: Awaited<ReturnType<typeof placeOrder>>;
    try {
      const session = await sessionOf(db, request);
      result = await placeOrder(db, {
        body: request.body,
        lang: request.lang,
        idempotencyKey: Array.isArray(header) ? header[0] : header,
        bearer: bearerToken(request),
        user: session?.user,
        ip: request.ip,
        geocoder,
        limits: orderLimits,
        payments,
      });
    } finally {
      diners.leave();
    }
    if (!result.replayed) confirmations.placed(result.body.data);
    reply.header('cache-control', 'no-store');
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return reply.code(result.statusCode).send(result.body);
  });

  app.get<{ Querystring: { payment: string; sess: string } }>(
    '/checkout/check',
    { schema: { querystring: paymentCheckQuery } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await checkPayment(db, payments, request.query.payment, request.query.sess, request.lang, (id) => void confirmations.paid(id)) };
    },
  );
}

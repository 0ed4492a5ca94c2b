import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import type { Db } from '../db/client';
import { say } from '../i18n/messages';
import type { Confirmations } from '../orders/confirmation';
import { checkPayment } from '../orders/status';
import type { Payments } from '../payments';
import { decideSandboxPayment, sandboxSession, type SandboxAction } from '../payments/sandbox';
import { HttpError } from '../plugins/errors';

const sessParams = yup.object({ sess: yup.string().matches(/^[A-Za-z0-9_-]{16,128}$/).required() });
const actionParams = sessParams.shape({ action: yup.string().oneOf(['approve', 'decline', 'cancel']).required() });

/** The sandbox provider's hosted page talks to these, as a card provider's page talks to its own servers. Registered only while the sandbox is on. */
export async function sandboxPayRoutes(app: FastifyInstance, { db, confirmations, payments }: { db: Db; confirmations: Confirmations; payments: Payments }): Promise<void> {
  const view = (row: NonNullable<Awaited<ReturnType<typeof sandboxSession>>>) => ({
    amount: row.amountCents / 100,
    currency: row.currency,
    description: row.description,
    state: row.state,
    returnUrl: row.returnUrl,
  });

  app.get<{ Params: { sess: string } }>('/sandbox-pay/:sess', { schema: { params: sessParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const row = await sandboxSession(db, request.params.sess);
    if (!row) throw new HttpError(404, say(request.lang, 'payment.unknown'));
    return { data: view(row) };
  });

  app.post<{ Params: { sess: string; action: SandboxAction } }>(
    '/sandbox-pay/:sess/:action',
    { schema: { params: actionParams } },
    async (request) => {
      const row = await decideSandboxPayment(db, request.params.sess, request.params.action);
      if (!row) throw new HttpError(404, say(request.lang, 'payment.unknown'));
      // A card provider notifies the shop on its own (a webhook), so a paid order reaches the
      // kitchen even when the diner never comes back; the shop still asks the provider.
      await checkPayment(db, payments, 'sandbox', request.params.sess, request.lang, (id) => void confirmations.paid(id)).catch((err: unknown) =>
        request.log.warn({ err }, 'sandbox notification failed'),
      );
      return { data: view(row) };
    },
  );
}

import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { PaymentState } from '../../shared/contract/checkout';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { say } from '../i18n/messages';
import type { PaymentProvider } from './provider';
import { newSessionId } from './session-id';

/** A hosted page left open this long counts as abandoned, like a card provider's session timeout. */
export const SANDBOX_SESSION_MINUTES = 30;

export type SandboxAction = 'approve' | 'decline' | 'cancel';

const STATE_OF_ACTION = { approve: 'approved', decline: 'declined', cancel: 'cancelled' } as const;

export function sandboxReturnUrl(session: string, path = '/'): string {
  return `${path}?payment=sandbox&sess=${encodeURIComponent(session)}`;
}

function expired(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() > SANDBOX_SESSION_MINUTES * 60_000;
}

/**
 * A card provider in miniature: its own ledger (`sandbox_payments`), a hosted payment page
 * (`/sandbox-pay/{session}` in the app, `/api/sandbox-pay/*` behind it) where the diner approves,
 * declines or cancels, and a return to `/?payment=sandbox&sess=…`. Since the diner approves their
 * own payment, it is for demos and tests only: off in production unless PAYMENT_SANDBOX=1.
 */
export const sandboxProvider: PaymentProvider = {
  id: 'sandbox',
  displayOption: 'redirect',
  name: (lang) => say(lang, 'payment.sandbox'),
  supports: () => true,
  async start(tx, input) {
    const session = newSessionId();
    await tx.insert(t.sandboxPayments).values({
      session,
      amountCents: input.amountCents,
      currency: input.currency,
      description: input.description,
      returnUrl: sandboxReturnUrl(session, input.returnPath),
      state: 'open',
    });
    return { session, state: 'pending', url: `/sandbox-pay/${session}` };
  },
  async status(db, session) {
    const [row] = await db.select().from(t.sandboxPayments).where(eq(t.sandboxPayments.session, session));
    if (!row) return 'failed';
    const map: Record<typeof row.state, PaymentState> = {
      open: 'pending',
      approved: 'paid',
      declined: 'failed',
      cancelled: 'cancelled',
      refunded: 'refunded',
    };
    if (row.state === 'open' && expired(row.createdAt, new Date())) return 'cancelled';
    return map[row.state];
  },
  async refund(tx, session, part) {
    const sp = t.sandboxPayments;
    // A part adds to what was given back and may not pass what was paid; the whole of it is `refunded`.
    const refunded = part
      ? await tx
          .update(sp)
          .set({
            refundedCents: sql`${sp.refundedCents} + ${part.cents}`,
            state: sql`case when ${sp.refundedCents} + ${part.cents} = ${sp.amountCents} then 'refunded' else ${sp.state} end`,
            updatedAt: new Date(),
          })
          .where(and(eq(sp.session, session), eq(sp.state, 'approved'), lte(sql`${sp.refundedCents} + ${part.cents}`, sp.amountCents)))
          .returning({ session: sp.session })
      : await tx
          .update(sp)
          .set({ state: 'refunded', refundedCents: sp.amountCents, updatedAt: new Date() })
          .where(and(eq(sp.session, session), eq(sp.state, 'approved'), eq(sp.refundedCents, 0)))
          .returning({ session: sp.session });
    if (!refunded.length) throw new Error(`sandbox payment ${session} is not refundable${part ? ` by ${part.cents} cents` : ''}`);
  },
};

export async function sandboxSession(db: Db, session: string) {
  const [row] = await db.select().from(t.sandboxPayments).where(eq(t.sandboxPayments.session, session));
  if (!row) return null;
  const state = row.state === 'open' && expired(row.createdAt, new Date()) ? 'cancelled' : row.state;
  return { ...row, state };
}

/** The diner's answer on the hosted page; only an open, unexpired session changes, so a double click is harmless. */
export async function decideSandboxPayment(db: Db, session: string, action: SandboxAction) {
  const cutoff = new Date(Date.now() - SANDBOX_SESSION_MINUTES * 60_000);
  await db
    .update(t.sandboxPayments)
    .set({ state: STATE_OF_ACTION[action], updatedAt: new Date() })
    .where(and(eq(t.sandboxPayments.session, session), eq(t.sandboxPayments.state, 'open'), gt(t.sandboxPayments.createdAt, cutoff)));
  return sandboxSession(db, session);
}

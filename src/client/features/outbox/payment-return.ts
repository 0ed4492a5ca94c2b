import type { OrderStatus, PaymentCheck } from '../../../shared/contract/order';
import { send } from '../../lib/api';
import { clearCheckoutDraft } from '../../lib/checkout-draft';
import { storefrontDb } from '../../lib/db';
import { removeLines } from '../cart';
import { loadDeviceOrders, storedAccessKey } from '../orders';
import { endTableSession } from '../table';

export type PaymentReturn =
  | { kind: 'paid'; code: string; accessKey: string | undefined; status: OrderStatus }
  | { kind: 'pending'; code: string; accessKey: string | undefined }
  | { kind: 'failed' }
  | { kind: 'offline' };

/**
 * The diner is back from the provider's page. The URL proves nothing, so the server asks the
 * provider; only a confirmed payment empties the cart (the order's lines) and ends a table session.
 */
export async function checkPaymentReturn(payment: string, sess: string): Promise<PaymentReturn> {
  let answer: { status: number; body: unknown };
  try {
    answer = await send('GET', '/checkout/check', { query: { payment, sess } });
  } catch {
    return { kind: 'offline' };
  }
  if (answer.status >= 500) return { kind: 'offline' };
  if (answer.status !== 200) return { kind: 'failed' };
  const check = (answer.body as { data: PaymentCheck }).data;
  const code = check.order.code;
  const db = await storefrontDb();
  const pending = await db.pendingPayments.get(code);
  if (check.state === 'pending') return { kind: 'pending', code, accessKey: await storedAccessKey(code) };
  if (pending) await db.pendingPayments.delete(code);
  if (check.state !== 'paid') return { kind: 'failed' };
  // Paid, so placed: the checkout draft (decision 006) has done its job.
  clearCheckoutDraft();
  if (pending) {
    removeLines(pending.lineIds);
    if (pending.tableOrder) await endTableSession();
  }
  await db.orders.update(code, { status: check.order.status });
  await loadDeviceOrders();
  return { kind: 'paid', code, accessKey: await storedAccessKey(code), status: check.order.status };
}

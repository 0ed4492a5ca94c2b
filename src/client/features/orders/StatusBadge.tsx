import { useLingui } from '@lingui/react/macro';
import type { OrderStatus } from '../../../shared/contract/order';

/** Spec §4 colours: completed green, approved blue, rejected red, pending yellow; the payment states grey. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useLingui();
  const label: Record<OrderStatus, string> = {
    awaiting_payment: t`Awaiting payment`,
    pending_approval: t`Pending approval`,
    approved: t`Approved`,
    ready: t`Ready`,
    rejected: t`Rejected`,
    completed: t`Completed`,
    payment_failed: t`Payment failed`,
    cancelled: t`Cancelled`,
  };
  return <span className={`status-badge status-badge--${status}`}>{label[status]}</span>;
}

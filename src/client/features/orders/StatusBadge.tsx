import { useLingui } from '@lingui/react';
import type { OrderStatus } from '../../../shared/contract/order';
import { ORDER_STATUS_TEXTS } from '../../../shared/i18n/order-status-texts';

/** Spec §4 colours: completed green, approved blue, rejected red, pending yellow; the payment states grey. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const { i18n } = useLingui();
  return <span className={`status-badge status-badge--${status}`}>{i18n._(ORDER_STATUS_TEXTS[status])}</span>;
}

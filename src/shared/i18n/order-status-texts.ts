import type { OrderStatus } from '../contract/checkout';

/**
 * The order states as diners and staff read them, worded once for the order page, the board and
 * the API's `statusText`. Explicit ids, so the server can use them without the Lingui macro.
 */
export const ORDER_STATUS_TEXTS = {
  awaiting_payment: /*i18n*/ { id: 'status.awaiting_payment', message: 'Awaiting payment' },
  pending_approval: /*i18n*/ { id: 'status.pending_approval', message: 'Pending approval' },
  approved: /*i18n*/ { id: 'status.approved', message: 'Approved' },
  ready: /*i18n*/ { id: 'status.ready', message: 'Ready' },
  rejected: /*i18n*/ { id: 'status.rejected', message: 'Rejected' },
  completed: /*i18n*/ { id: 'status.completed', message: 'Completed' },
  payment_failed: /*i18n*/ { id: 'status.payment_failed', message: 'Payment failed' },
  cancelled: /*i18n*/ { id: 'status.cancelled', message: 'Cancelled' },
} as const satisfies Record<OrderStatus, { id: string; message: string }>;

export { enqueueOrder, flushOutbox, outbox, startOutbox } from './outbox';
export { OutboxBanner } from './OutboxBanner';
export { OutboxPanel } from './OutboxPanel';
export { OutboxWatcher } from './OutboxWatcher';
export { loadPaymentReturn } from './load-payment-return';

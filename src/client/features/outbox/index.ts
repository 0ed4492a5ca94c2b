export { enqueueOrder, flushOutbox, outbox, startOutbox } from './outbox';
export { OutboxBanner, OutboxPanel } from './OutboxPanel';
export { OutboxWatcher } from './OutboxWatcher';
export const loadPaymentReturn = () => import('./payment-return');

import type { OrderStatus } from '../../../shared/contract/order';

export const TRACKER_STEPS = ['received', 'accepted', 'ready', 'done'] as const;
export type TrackerStepKey = (typeof TRACKER_STEPS)[number];
export type TrackerStepState = 'done' | 'current' | 'todo';

/** How far each status has come along the steps; -1: not placed yet (the card payment is open). */
const REACHED: Partial<Record<OrderStatus, number>> = {
  awaiting_payment: -1,
  pending_approval: 0,
  approved: 1,
  ready: 2,
  completed: 3,
};

/**
 * The tracker's steps for a status, each done, current or still to come; null for an order that
 * ended without being served (rejected, cancelled, payment failed), which shows that instead.
 */
export function trackerSteps(status: OrderStatus): { key: TrackerStepKey; state: TrackerStepState }[] | null {
  const reached = REACHED[status];
  if (reached === undefined) return null;
  return TRACKER_STEPS.map((key, i) => ({ key, state: i < reached ? 'done' : i === reached ? 'current' : 'todo' }));
}

/** "I'm here" makes sense once the restaurant has promised the order and until it is handed over. */
export function mayArrive(order: { deliverType: string; status: OrderStatus; arrivedAt?: string | null }): boolean {
  return order.deliverType === 'curbside' && !order.arrivedAt && (order.status === 'approved' || order.status === 'ready');
}

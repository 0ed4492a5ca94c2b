import { cashProvider } from './cash';
import type { PaymentProvider } from './provider';
import { sandboxProvider } from './sandbox';

export type { PaymentProvider } from './provider';

/** The providers this restaurant offers, in the order their buttons appear. */
export const PAYMENT_PROVIDERS: readonly PaymentProvider[] = [cashProvider, sandboxProvider];

export function paymentProvider(id: string): PaymentProvider | undefined {
  return PAYMENT_PROVIDERS.find((p) => p.id === id);
}

import { say, type MessageKey } from '../i18n/messages';
import { cashProvider } from './cash';
import type { PaymentProvider } from './provider';
import { sandboxProvider } from './sandbox';

export type { PaymentProvider } from './provider';

/** The providers this deployment offers, built once from its configuration. */
export interface Payments {
  /** In the order their buttons appear. */
  readonly list: readonly PaymentProvider[];
  byId(id: string): PaymentProvider | undefined;
  sandbox: boolean;
}

export interface PaymentSetup {
  /** The self-approving card sandbox: demos and tests only (see config.ts). */
  sandbox: boolean;
  /** A real card provider (Stripe), when configured. */
  card?: PaymentProvider;
}

export function createPayments(setup: PaymentSetup): Payments {
  const list = [cashProvider, ...(setup.card ? [setup.card] : []), ...(setup.sandbox ? [sandboxProvider] : [])];
  return { list, byId: (id) => list.find((p) => p.id === id), sandbox: setup.sandbox };
}

const METHOD_NAMES: Record<string, MessageKey> = { cash: 'payment.cash', sandbox: 'payment.sandbox', stripe: 'payment.stripe' };

/** The name of a payment method an order was placed with, whether or not its provider is still switched on. */
export function paymentMethodName(method: string, lang: string): string {
  const key = Object.hasOwn(METHOD_NAMES, method) ? METHOD_NAMES[method] : undefined;
  return key ? say(lang, key) : method;
}

import type { DeliverType, DisplayOption, PaymentState } from '../../shared/contract/checkout';
import type { Db } from '../db/client';

export interface PaymentStart {
  orderCode: string;
  amountCents: number;
  currency: string;
  description: string;
  /** Our order page, where a direct payment sends the diner. */
  orderUrl: string;
}

export interface StartedPayment {
  /** The provider's session id: the `sess` a redirect provider returns with. */
  session: string;
  state: PaymentState;
  /** Where the browser goes next. */
  url: string;
}

/**
 * The seam for payment providers. `start` runs inside the order's transaction (a provider that
 * talks to an outside service would create its session before and tie it to the order there);
 * `status` asks the provider for the truth, since a return URL proves nothing.
 */
export interface PaymentProvider {
  id: string;
  displayOption: DisplayOption;
  name(lang: string): string;
  supports(deliverType: DeliverType): boolean;
  start(tx: Db, input: PaymentStart): Promise<StartedPayment>;
  status(db: Db, session: string): Promise<PaymentState>;
  /** Gives a paid payment back in full (staff rejected the order); absent for providers that take no money online. */
  refund?(tx: Db, session: string): Promise<void>;
}

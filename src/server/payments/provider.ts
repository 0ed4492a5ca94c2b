import type { DeliverType, DisplayOption, PaymentState } from '../../shared/contract/checkout';
import type { Db } from '../db/client';

export interface PaymentStart {
  orderCode: string;
  amountCents: number;
  currency: string;
  description: string;
  /** Our order page, where a direct payment sends the diner. */
  orderUrl: string;
  /** The restaurant's name, as a card statement or payment page shows it. */
  shopName: string;
  lang: string;
  /** The same for a retried submission of one order (its Idempotency-Key and payload), different for any other. */
  retryKey: string;
  /** The app's page the diner comes back to, `/` (an order's payment return) unless said. */
  returnPath?: string;
}

export interface StartedPayment {
  /** The provider's session id: the `sess` a redirect provider returns with. */
  session: string;
  state: PaymentState;
  /** Where the browser goes next. */
  url: string;
}

/**
 * The seam for payment providers. `status` asks the provider for the truth, since a return URL
 * proves nothing.
 *
 * A provider whose ledger is our database starts its session in `start`, inside the order's
 * transaction. A provider behind the network opens it in `open`, before that transaction (no
 * transaction, and on PGlite no other request, waits on another service); `start` then receives
 * what `open` made and ties it to the order.
 */
export interface RefundPart {
  cents: number;
  key: string;
}

export interface PaymentProvider {
  id: string;
  displayOption: DisplayOption;
  name(lang: string): string;
  supports(deliverType: DeliverType): boolean;
  /** The smallest total it can take (card networks have one); a smaller one is refused at checkout. */
  minimumCents?: number;
  open?(input: PaymentStart): Promise<StartedPayment>;
  start(tx: Db, input: PaymentStart, opened: StartedPayment | undefined): Promise<StartedPayment>;
  status(db: Db, session: string): Promise<PaymentState>;
  /**
   * Gives a paid payment back (staff rejected the order); absent for providers that take no money
   * online. In full, or `part` of it: a shared table's payment of several orders, one refused.
   * `part.key` names that part, so a retried refund gives it back once.
   */
  refund?(tx: Db, session: string, part?: RefundPart): Promise<void>;
}

import { say } from '../i18n/messages';
import type { PaymentProvider } from './provider';
import { newSessionId } from './session-id';

/** Cash, or card at the table, at the counter or on delivery: nothing to redirect to, the order goes straight to the kitchen's queue. */
export const cashProvider: PaymentProvider = {
  id: 'cash',
  displayOption: 'direct',
  name: (lang) => say(lang, 'payment.cash'),
  supports: () => true,
  async start(_tx, input) {
    return { session: `cash_${newSessionId()}`, state: 'due', url: input.orderUrl };
  },
  async status() {
    return 'due';
  },
};

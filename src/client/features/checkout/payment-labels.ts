import { useLingui } from '@lingui/react/macro';
import type { DeliverType, PaymentProviderInfo } from '../../../shared/contract/order';
import type { Cents } from '../../../shared/pricing';
import { useMoney } from '../../ui/money';

/** The final order button's words: the binding action with the amount, then the way to pay. */
export interface PayLabel {
  action: string;
  method: string;
}

/** How a way to pay is named: short in the list to choose from, as a sentence with the amount on the pay button. */
export function usePaymentLabels() {
  const { t } = useLingui();
  const money = useMoney();
  const method = (p: PaymentProviderInfo, deliverType: DeliverType | null): string => {
    if (p.id === 'cash') {
      if (deliverType === 'table') return t`Pay at the table`;
      if (deliverType === 'delivery') return t`Pay on delivery`;
      return t`Pay at the counter`;
    }
    // The sandbox moves no money: everyone sees that before choosing it.
    if (p.id === 'sandbox') return t`Card (test payment)`;
    if (p.id === 'stripe') return t`Card`;
    return p.name;
  };
  /**
   * The button that places the order says that it costs money (§312j BGB: "zahlungspflichtig bestellen"),
   * with the amount; the way to pay goes on a second line, so a test payment is never mistaken for a real one.
   */
  const pay = (p: PaymentProviderInfo, deliverType: DeliverType | null, total: Cents): PayLabel => {
    const amount = money(total);
    return { action: t({ message: `Order and pay · ${amount}`, context: 'final order button, legally binding' }), method: method(p, deliverType) };
  };
  return { method, pay };
}

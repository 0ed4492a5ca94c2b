import { useLingui } from '@lingui/react/macro';
import type { DeliverType, PaymentProviderInfo } from '../../../shared/contract/order';
import type { Cents } from '../../../shared/pricing';
import { useMoney } from '../../ui/money';

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
  const pay = (p: PaymentProviderInfo, deliverType: DeliverType | null, total: Cents): string => {
    const amount = money(total);
    if (p.id === 'cash') {
      if (deliverType === 'table') return t`Order and pay at the table · ${amount}`;
      if (deliverType === 'delivery') return t`Order and pay on delivery · ${amount}`;
      return t`Order and pay at the counter · ${amount}`;
    }
    if (p.id === 'sandbox') return t`Test payment: pay by card · ${amount}`;
    if (p.id === 'stripe') return t`Pay by card · ${amount}`;
    return `${p.name} · ${amount}`;
  };
  return { method, pay };
}

import { Trans, useLingui } from '@lingui/react/macro';
import type { DeliverType, PaymentProviderInfo } from '../../../shared/contract/order';
import type { Cents } from '../../../shared/pricing';
import { useMoney } from '../../ui/money';

const CardIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <rect x="2.5" y="5" width="19" height="14" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
    <path d="M2.5 9.5h19" stroke="currentColor" strokeWidth="2.4" />
    <path d="M6 15h4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
  </svg>
);

interface Props {
  providers: readonly PaymentProviderInfo[];
  deliverType: DeliverType | null;
  total: Cents;
  disabled: boolean;
  online: boolean;
  onPay: (provider: PaymentProviderInfo) => void;
}

/** One button per provider (spec §2); no card icon for direct payment. Online payment waits for a network. */
export function PaymentButtons({ providers, deliverType, total, disabled, online, onPay }: Props) {
  const { t } = useLingui();
  const money = useMoney();
  const amount = money(total);
  const label = (p: PaymentProviderInfo) => {
    if (p.id === 'cash') {
      if (deliverType === 'table') return t`Order and pay at the table · ${amount}`;
      if (deliverType === 'delivery') return t`Order and pay on delivery · ${amount}`;
      return t`Order and pay at the counter · ${amount}`;
    }
    // The sandbox moves no money: everyone sees that before choosing it.
    if (p.id === 'sandbox') return t`Test payment: pay by card · ${amount}`;
    if (p.id === 'stripe') return t`Pay by card · ${amount}`;
    return `${p.name} · ${amount}`;
  };
  const needsNetwork = providers.some((p) => p.displayOption !== 'direct');
  if (providers.length === 0 && !online) {
    // Never loaded on this device: no way to pay can be offered until the server has named them.
    return (
      <p className="hint" role="status">
        <Trans>The ways to pay have not been saved on this device yet. Please connect to the internet to place your order.</Trans>
      </p>
    );
  }
  return (
    <div className="payment-buttons">
      {providers.map((p) => {
        const offlineBlocked = p.displayOption !== 'direct' && !online;
        return (
          <button
            key={p.id}
            type="button"
            className={`button button--block${p.displayOption === 'direct' ? '' : ' button--ghost'}`}
            disabled={disabled || offlineBlocked}
            aria-describedby={offlineBlocked ? 'payment-offline-note' : disabled ? 'checkout-invalid-hint' : undefined}
            onClick={() => onPay(p)}
          >
            {p.displayOption === 'direct' ? null : <CardIcon />}
            <span>{label(p)}</span>
          </button>
        );
      })}
      {needsNetwork && !online ? (
        <p className="hint" id="payment-offline-note">
          <Trans>Card payment needs a connection. You can still order and pay on site: your order is sent as soon as you are back online.</Trans>
        </p>
      ) : null}
    </div>
  );
}

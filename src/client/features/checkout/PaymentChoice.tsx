import { Trans, useLingui } from '@lingui/react/macro';
import type { DeliverType, PaymentProviderInfo } from '../../../shared/contract/order';
import { CardIcon, CashIcon } from './icons';
import { usePaymentLabels } from './payment-labels';

interface Props {
  providers: readonly PaymentProviderInfo[];
  chosen: PaymentProviderInfo | null;
  deliverType: DeliverType | null;
  online: boolean;
  onChange: (id: string) => void;
}

/** The ways to pay as radios (spec §2 names one per provider); the one pay button below says the chosen one. */
export function PaymentChoice({ providers, chosen, deliverType, online, onChange }: Props) {
  const { t } = useLingui();
  const labels = usePaymentLabels();
  if (providers.length === 0 && !online) {
    // Never loaded on this device: no way to pay can be offered until the server has named them.
    return (
      <section className="card checkout__section" id="checkout-paymentType" tabIndex={-1}>
        <p className="hint" role="status">
          <Trans>The ways to pay have not been saved on this device yet. Please connect to the internet to place your order.</Trans>
        </p>
      </section>
    );
  }
  // One way to pay leaves nothing to choose: the pay button names it.
  if (providers.length < 2) return null;
  const needsNetwork = providers.some((p) => p.displayOption !== 'direct');
  return (
    <section className="card checkout__section">
      <fieldset className="field payment-choice">
        <legend>{t`Payment`}</legend>
        {providers.map((p) => {
          const offlineBlocked = p.displayOption !== 'direct' && !online;
          return (
            <label key={p.id} className="check payment-choice__option">
              <input
                type="radio"
                name="paymentType"
                value={p.id}
                checked={chosen?.id === p.id}
                disabled={offlineBlocked}
                aria-describedby={offlineBlocked ? 'payment-offline-note' : undefined}
                onChange={() => onChange(p.id)}
              />
              {p.displayOption === 'direct' ? <CashIcon /> : <CardIcon />}
              <span>{labels.method(p, deliverType)}</span>
            </label>
          );
        })}
        {needsNetwork && !online ? (
          <p className="hint" id="payment-offline-note">
            <Trans>Card payment needs a connection. You can still order and pay on site: your order is sent as soon as you are back online.</Trans>
          </p>
        ) : null}
      </fieldset>
    </section>
  );
}

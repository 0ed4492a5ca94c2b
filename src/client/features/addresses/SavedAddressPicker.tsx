import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { AddressOut } from '../../../shared/contract/account';
import { toCents } from '../../../shared/pricing';
import { useMoney } from '../../ui/money';
import { useSettings } from '../catalog';
import { addressListPath } from './navigation';

interface Props {
  addresses: readonly AddressOut[];
  value: string;
  onChange: (id: string) => void;
  error: string | undefined;
  errorId: string;
  inputId: string;
  /** "Free delivery from …" for the chosen address, when it applies. */
  freeFrom: string | null;
}

/** Spec §2 checkout for customers: the saved addresses with their minimum-order and delivery-price badges. */
export function SavedAddressPicker({ addresses, value, onChange, error, errorId, inputId, freeFrom }: Props) {
  const { t } = useLingui();
  const money = useMoney();
  const listPath = addressListPath(useSettings());
  return (
    <fieldset className="field saved-addresses" aria-describedby={error ? errorId : undefined}>
      <legend>
        <Trans>Deliver to</Trans>
      </legend>
      {addresses.length === 0 ? (
        <p className="muted">
          <Trans>You have no saved address yet.</Trans>
        </p>
      ) : (
        <ul className="saved-addresses__list">
          {addresses.map((a, i) => {
            const minimum = money(toCents(a.area.minimumOrder));
            const fee = money(toCents(a.area.deliveryPrice));
            return (
              <li key={a.id}>
                <label className="saved-address">
                  <input
                    type="radio"
                    name="addressId"
                    id={i === 0 ? inputId : undefined}
                    value={a.id}
                    checked={value === String(a.id)}
                    onChange={() => onChange(String(a.id))}
                  />
                  <span className="saved-address__body">
                    <span className="saved-address__name">
                      {a.name}
                      {a.isDefault ? <span className="badge">{t`Default`}</span> : null}
                    </span>
                    <span className="saved-address__text">
                      <bdi>
                        {a.address}
                        {a.extras ? ` · ${a.extras}` : ''}
                      </bdi>
                    </span>
                    <span className="saved-address__badges">
                      <span className="badge badge--soft">{t`Minimum order ${minimum}`}</span>
                      <span className="badge badge--soft">{t`Delivery ${fee}`}</span>
                    </span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
      {freeFrom ? <p className="hint">{t`Free delivery from ${freeFrom}.`}</p> : null}
      <Link
        to={`${listPath}/create`}
        search={{ return: 'checkout' }}
        className="button button--ghost button--small"
      >
        <Trans>Add an address</Trans>
      </Link>
    </fieldset>
  );
}

import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { DeliverType } from '../../../shared/contract/order';
import { BagIcon, CarIcon, HouseIcon } from './icons';

export type ChoosableType = Exclude<DeliverType, 'table'>;

interface Props {
  types: readonly ChoosableType[];
  value: string;
  onChange: (type: ChoosableType) => void;
  onBlur: (e: React.FocusEvent<HTMLInputElement>) => void;
  error: string | undefined;
}

/**
 * Delivery, pickup or curbside as one row of radio segments: native radios, so the arrow keys move
 * between them and a screen reader hears a group; short words so three fit side by side at 360 px.
 */
export function OrderTypeControl({ types, value, onChange, onBlur, error }: Props) {
  const { t } = useLingui();
  const shown: Record<ChoosableType, { label: string; icon: ReactNode }> = {
    delivery: { label: t`Delivery`, icon: <HouseIcon /> },
    takeaway: { label: t`Pickup`, icon: <BagIcon /> },
    // Short enough for three segments side by side at 360 px ("Am Auto", not "Abholung am Straßenrand").
    curbside: { label: t({ message: 'Curbside', context: 'order type segment' }), icon: <CarIcon /> },
  };
  return (
    <fieldset
      className="field order-type"
      role="radiogroup"
      aria-required="true"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? 'checkout-deliverType-error' : undefined}
    >
      <legend>{t`Deliver option`}</legend>
      <div className="order-type__options">
        {types.map((type, i) => (
          <label key={type} className="segmented__option order-type__option">
            <input
              type="radio"
              name="deliverType"
              id={i === 0 ? 'checkout-deliverType' : undefined}
              value={type}
              checked={value === type}
              onChange={() => onChange(type)}
              onBlur={onBlur}
            />
            {shown[type].icon}
            <span>{shown[type].label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field-error" id="checkout-deliverType-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

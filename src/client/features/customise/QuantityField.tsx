import { useLingui } from '@lingui/react/macro';
import { MAX_MODAL_QTY, MIN_QTY } from '../../../shared/contract/cart';
import { MinusIcon, PlusIcon } from '../../ui/icons';

/** Quantity 1 to 6, step 1 (spec §2/§5); typing is allowed, the stepper clamps. */
export function QuantityField({ value, onChange, id }: { value: number; onChange: (qty: number) => void; id: string }) {
  const { t } = useLingui();
  const valid = Number.isInteger(value) && value >= MIN_QTY && value <= MAX_MODAL_QTY;
  return (
    <div className="quantity-field">
      <label htmlFor={id} className="visually-hidden">
        {t`Quantity`}
      </label>
      <div className="stepper stepper--large">
        <button type="button" onClick={() => onChange(Math.max(MIN_QTY, value - 1))} disabled={value <= MIN_QTY} aria-label={t`Decrease quantity`}>
          <MinusIcon width={18} height={18} />
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={MIN_QTY}
          max={MAX_MODAL_QTY}
          step={1}
          value={Number.isNaN(value) ? '' : value}
          aria-invalid={!valid}
          aria-describedby={valid ? undefined : `${id}-error`}
          onChange={(e) => onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
        />
        <button type="button" onClick={() => onChange(Math.min(MAX_MODAL_QTY, (Number.isNaN(value) ? 0 : value) + 1))} disabled={value >= MAX_MODAL_QTY} aria-label={t`Increase quantity`}>
          <PlusIcon width={18} height={18} />
        </button>
      </div>
      {valid ? null : (
        <p id={`${id}-error`} className="field-error" role="alert">
          {t`Choose a quantity from 1 to 6.`}
        </p>
      )}
    </div>
  );
}

export function isValidModalQty(qty: number): boolean {
  return Number.isInteger(qty) && qty >= MIN_QTY && qty <= MAX_MODAL_QTY;
}

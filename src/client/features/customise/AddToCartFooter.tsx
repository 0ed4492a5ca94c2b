import { Trans, useLingui } from '@lingui/react/macro';
import type { Cents } from '../../../shared/pricing';
import { useMoney } from '../../ui/money';
import { isValidModalQty, QuantityField } from './QuantityField';

/**
 * Quantity and the add button on one line, "2 hinzufügen · 23,90 €" with the running price; the
 * first missing choice ("Bitte Größe wählen") stands above them. A missing choice leaves the
 * button focusable (aria-disabled), so a tap on it can still show and jump to what is missing.
 */
export function AddToCartFooter(props: {
  idPrefix: string;
  qty: number;
  onQty: (qty: number) => void;
  total: Cents;
  /** Nothing can make it addable from here (sold out, a quantity out of range). */
  disabled: boolean;
  /** What the diner still has to choose, e.g. "Bitte Größe wählen". */
  missing?: string | null;
  describedBy?: string;
  onAdd: () => void;
}) {
  const { t } = useLingui();
  const money = useMoney();
  // Says the quantity the price is for: an out-of-range entry is priced as 1 (and cannot be added).
  const qty = isValidModalQty(props.qty) ? props.qty : 1;
  const reasonId = `${props.idPrefix}-reason`;
  const describedBy = [props.missing ? reasonId : null, props.describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <>
      {props.missing ? (
        <p id={reasonId} className="add-reason">
          {props.missing}
        </p>
      ) : null}
      <QuantityField id={`${props.idPrefix}-qty`} value={props.qty} onChange={props.onQty} />
      <button
        type="button"
        className="button add-button"
        disabled={props.disabled}
        aria-disabled={props.missing ? true : undefined}
        aria-describedby={describedBy}
        onClick={props.onAdd}
      >
        {/* The visible label leaves "to cart" to the picture; a screen reader hears it. */}
        <span className="visually-hidden">
          <Trans>Add to cart</Trans>:{' '}
        </span>
        <span className="add-button__label">{t`Add ${qty}`}</span>
        <span aria-hidden="true">·</span>
        <span className="add-button__price" aria-live="polite" data-testid="running-price">
          {money(props.total)}
        </span>
      </button>
    </>
  );
}

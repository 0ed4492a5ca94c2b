import { Trans } from '@lingui/react/macro';
import type { Cents } from '../../../shared/pricing';
import { useMoney } from '../../ui/money';
import { QuantityField } from './QuantityField';

/** Quantity and the add button with the running price, shared by both customise modals. */
export function AddToCartFooter(props: {
  idPrefix: string;
  qty: number;
  onQty: (qty: number) => void;
  total: Cents;
  disabled: boolean;
  describedBy?: string;
  onAdd: () => void;
}) {
  const money = useMoney();
  return (
    <>
      <QuantityField id={`${props.idPrefix}-qty`} value={props.qty} onChange={props.onQty} />
      <button type="button" className="button button--grow" disabled={props.disabled} aria-describedby={props.describedBy} onClick={props.onAdd}>
        <span>
          <Trans>Add to cart</Trans>
        </span>
        <span className="button__price" aria-live="polite" data-testid="running-price">
          {money(props.total)}
        </span>
      </button>
    </>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import type { Cents } from '../../../shared/pricing';
import { useMoney } from '../../ui/money';

export interface TotalsView {
  subtotal: Cents;
  discount: Cents;
  delivery: Cents;
  /** One per VAT rate the order uses; `base` is what the rate applies to (null for orders stored before VAT per rate). */
  taxItems: { name: string; base: Cents | null; value: Cents; inclusive: boolean }[];
  tax: Cents;
  tip: Cents;
  total: Cents;
}

/** Spec §2's cart total block: subtotal, discount, delivery, taxes, tip, total. */
export function TotalsBlock({ totals, showDelivery, paymentLabel }: { totals: TotalsView; showDelivery: boolean; paymentLabel?: string }) {
  const { t } = useLingui();
  const money = useMoney();
  return (
    <dl className="totals">
      <div>
        <dt>
          <Trans>Subtotal</Trans>
        </dt>
        <dd>{money(totals.subtotal)}</dd>
      </div>
      {totals.discount > 0 ? (
        <div>
          <dt>
            <Trans>Discount</Trans>
          </dt>
          <dd>−{money(totals.discount)}</dd>
        </div>
      ) : null}
      {showDelivery ? (
        <div>
          <dt>
            <Trans>Delivery</Trans>
          </dt>
          <dd>{totals.delivery > 0 ? money(totals.delivery) : t`Free`}</dd>
        </div>
      ) : null}
      {totals.tip > 0 ? (
        <div>
          <dt>
            <Trans>Tip</Trans>
          </dt>
          <dd>{money(totals.tip)}</dd>
        </div>
      ) : null}
      {totals.taxItems
        .filter((x) => !x.inclusive && x.value > 0)
        .map((x, i) => {
          const name = x.name;
          const base = x.base === null ? null : money(x.base);
          return (
            <div key={`${name}-${String(i)}`}>
              <dt>{base === null ? name : <Trans>plus {name} on {base}</Trans>}</dt>
              <dd>{money(x.value)}</dd>
            </div>
          );
        })}
      <div className="totals__total">
        <dt>
          <Trans>Total</Trans>
          {paymentLabel ? <span className="totals__method"> · {paymentLabel}</span> : null}
        </dt>
        <dd>{money(totals.total)}</dd>
      </div>
      {totals.taxItems
        .filter((x) => x.inclusive && x.value > 0)
        .map((x, i) => {
          const name = x.name;
          const base = x.base === null ? null : money(x.base);
          return (
            <div key={`${name}-${String(i)}`} className="totals__note">
              <dt>{base === null ? <Trans>incl. {x.name}</Trans> : <Trans>incl. {name} on {base}</Trans>}</dt>
              <dd>{money(x.value)}</dd>
            </div>
          );
        })}
    </dl>
  );
}

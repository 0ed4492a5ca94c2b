import { Trans, useLingui } from '@lingui/react/macro';
import type { Cents } from '../../../shared/pricing';
import { useMoney } from '../../ui/money';

export interface TotalsView {
  subtotal: Cents;
  discount: Cents;
  delivery: Cents;
  taxItems: { name: string; value: Cents; inclusive: boolean }[];
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
        .map((x) => (
          <div key={x.name}>
            <dt>{x.name}</dt>
            <dd>{money(x.value)}</dd>
          </div>
        ))}
      <div className="totals__total">
        <dt>
          <Trans>Total</Trans>
          {paymentLabel ? <span className="totals__method"> · {paymentLabel}</span> : null}
        </dt>
        <dd>{money(totals.total)}</dd>
      </div>
      {totals.taxItems
        .filter((x) => x.inclusive && x.value > 0)
        .map((x) => (
          <div key={x.name} className="totals__note">
            <dt>
              <Trans>incl. {x.name}</Trans>
            </dt>
            <dd>{money(x.value)}</dd>
          </div>
        ))}
    </dl>
  );
}

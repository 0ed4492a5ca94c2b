import { Trans, useLingui } from '@lingui/react/macro';
import type { Area } from '../../../shared/contract/catalog';
import { toCents } from '../../../shared/pricing';
import { useMoney } from '../../ui/money';

/** An area's name, minimum order and delivery price (spec §2 address screens). */
export function AreaFacts({ area, showName = true }: { area: Area; showName?: boolean }) {
  const { t } = useLingui();
  const money = useMoney();
  const threshold = toCents(area.freeDeliveryThreshold);
  return (
    <>
      <dl className="area-facts">
        {showName ? (
          <div>
            <dt>
              <Trans>Area</Trans>
            </dt>
            <dd>{area.name}</dd>
          </div>
        ) : null}
        <div>
          <dt>
            <Trans>Minimum order</Trans>
          </dt>
          <dd>{money(toCents(area.minimumOrder))}</dd>
        </div>
        <div>
          <dt>
            <Trans>Delivery price</Trans>
          </dt>
          <dd>{money(toCents(area.deliveryPrice))}</dd>
        </div>
      </dl>
      {threshold > 0 ? <p className="hint">{t`Free delivery from ${money(threshold)}.`}</p> : null}
    </>
  );
}

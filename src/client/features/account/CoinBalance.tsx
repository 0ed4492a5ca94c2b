import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { isOn } from '../../../shared/contract/settings';
import { toCents } from '../../../shared/pricing';
import { useMoney } from '../../ui/money';
import { useSettings } from '../catalog';
import { usePointsRule } from './points-rule';
import { useMe } from './session';

/** Spec §2 top bar: the loyalty balance, for signed-in customers with the loyalty system on. */
export function CoinBalance() {
  const user = useMe();
  const settings = useSettings();
  if (!user || !isOn(settings, 'LOYALTY_SYSTEM')) return null;
  return <Balance profit={user.profit} />;
}

function Balance({ profit }: { profit: number }) {
  const { t } = useLingui();
  const money = useMoney();
  const rule = usePointsRule();
  const balance = money(toCents(profit));
  return (
    <Link to="/me/my-transactions/transaction-history" className="coin-balance" aria-label={t`Your points: ${balance}. Show the history`} title={rule}>
      <span className="coin-balance__coin" aria-hidden="true">
        ★
      </span>
      <span>{balance}</span>
    </Link>
  );
}

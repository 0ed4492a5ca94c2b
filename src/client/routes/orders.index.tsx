import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { toCents } from '../../shared/pricing';
import { StatusBadge, useDeviceOrders } from '../features/orders';
import { useMoney } from '../ui/money';

export const Route = createFileRoute('/orders/')({ component: DeviceOrders });

/** Orders placed on this phone: guests and table diners find them here without an account. */
function DeviceOrders() {
  const { t, i18n } = useLingui();
  const money = useMoney();
  const orders = useDeviceOrders();
  const date = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="container narrow">
      <h1>{t`My orders on this device`}</h1>
      {orders.length === 0 ? (
        <div className="card empty-state">
          <p>
            <Trans>You have not ordered on this device yet.</Trans>
          </p>
          <Link to="/" className="button">
            <Trans>Back to the menu</Trans>
          </Link>
        </div>
      ) : (
        <ul className="order-list">
          {orders.map((o) => (
            <li key={o.code}>
              <Link to="/orders/$code" params={{ code: o.code }} search={{ key: o.accessKey }} className="card order-list__item">
                <span className="order-list__code">#{o.code}</span>
                <StatusBadge status={o.status} />
                <span className="muted small">{date.format(new Date(o.createdAt))}</span>
                <span className="order-list__total">{money(toCents(o.total))}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

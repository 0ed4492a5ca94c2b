import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { OrderSummary, useDeviceOrders } from '../features/orders';
import { ReorderButton } from '../features/reorder';
import { EmptyState } from '../ui/EmptyState';

export const Route = createFileRoute('/orders/')({ component: DeviceOrders });

/** Orders placed on this phone: guests and table diners find them here without an account. */
function DeviceOrders() {
  const { t } = useLingui();
  const orderAgainLabel = (code: string) => t`Order again, #${code}`;
  const orders = useDeviceOrders();
  return (
    <section className="container narrow device-orders">
      <h1>{t`My orders on this device`}</h1>
      {orders.length === 0 ? (
        <EmptyState>
          <Trans>You have not ordered on this device yet.</Trans>
        </EmptyState>
      ) : (
        <ul className="order-list">
          {orders.map((o) => (
            <li key={o.code} className="card order-list__row">
              <Link to="/orders/$code" params={{ code: o.code }} search={{ key: o.accessKey }} className="order-list__item">
                <OrderSummary code={o.code} status={o.status} createdAt={o.createdAt} total={o.total} />
              </Link>
              <ReorderButton items={o.snapshot?.items ?? []} label={orderAgainLabel(o.code)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

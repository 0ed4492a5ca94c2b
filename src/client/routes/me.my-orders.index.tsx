import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { Order } from '../../shared/contract/order';
import { OrderSummary } from '../features/orders';
import { get } from '../lib/api';
import { ReorderButton } from '../features/reorder';
import { EmptyState } from '../ui/EmptyState';

/** Spec §2: the customer's orders, each card linking to its detail. */
function MyOrders() {
  const { t } = useLingui();
  const orderAgainLabel = (code: string) => t`Order again, #${code}`;
  const { data: orders, isPending, isError } = useQuery({
    queryKey: ['my-orders'],
    meta: { private: true },
    queryFn: ({ signal }) => get<Order[]>('/me/orders', undefined, signal),
  });
  return (
    <>
      <h1>{t`My orders`}</h1>
      {isPending ? (
        <p className="muted" role="status">
          <Trans>Loading your orders…</Trans>
        </p>
      ) : isError ? (
        <p className="field-error" role="alert">
          <Trans>Your orders could not be loaded. Please check your connection.</Trans>
        </p>
      ) : orders.length === 0 ? (
        <EmptyState>
          <Trans>You have not ordered yet.</Trans>
        </EmptyState>
      ) : (
        <ul className="order-list">
          {orders.map((o) => (
            <li key={o.code} className="card order-list__row">
              <Link to="/me/my-orders/$code" params={{ code: o.code }} className="order-list__item">
                <OrderSummary code={o.code} status={o.status} createdAt={o.createdAt} total={o.payment.price} />
              </Link>
              <ReorderButton items={o.items} label={orderAgainLabel(o.code)} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export const Route = createFileRoute('/me/my-orders/')({ component: MyOrders });

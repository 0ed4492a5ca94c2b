import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { Order } from '../../shared/contract/order';
import { FINAL_ORDER_STATUSES } from '../../shared/contract/order';
import { isOn, timeZoneOf } from '../../shared/contract/settings';
import { clearCart } from '../features/cart';
import { useSettings } from '../features/catalog';
import { OrderDetail } from '../features/orders';
import { ApiError, get } from '../lib/api';

/** Follows the kitchen while the page is open; a finished order stops asking. */
const POLL_MS = 5000;

function MyOrder() {
  const { t } = useLingui();
  const { code } = Route.useParams();
  const { state } = Route.useSearch();
  const settings = useSettings();
  // Spec §2: arriving with state=new (a just-placed order) empties the cart.
  useEffect(() => {
    if (state === 'new') clearCart();
  }, [state]);
  const query = useQuery({
    queryKey: ['my-orders', code],
    meta: { private: true },
    queryFn: ({ signal }) => get<Order>(`/me/orders/${encodeURIComponent(code)}`, undefined, signal),
    refetchInterval: (q) => (q.state.data && FINAL_ORDER_STATUSES.includes(q.state.data.status) ? false : POLL_MS),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 3,
  });
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  return (
    <>
      <p className="breadcrumb">#{code}</p>
      <h1 className="visually-hidden">{t`Order ${code}`}</h1>
      {query.data ? (
        <OrderDetail order={query.data} timeZone={timeZoneOf(settings)} showInvoice={isOn(settings, 'ALLOW_ISSUE_INVOICE')} />
      ) : notFound ? (
        <div className="card empty-state">
          <p>
            <Trans>We could not find this order in your account.</Trans>
          </p>
          <Link to="/me/my-orders" className="button">
            <Trans>My orders</Trans>
          </Link>
        </div>
      ) : (
        <p className="muted" role="status">
          <Trans>Loading the order…</Trans>
        </p>
      )}
    </>
  );
}

export const Route = createFileRoute('/me/my-orders/$code')({
  validateSearch: (search: Record<string, unknown>): { state?: 'new' } => (search.state === 'new' ? { state: 'new' } : {}),
  component: MyOrder,
});

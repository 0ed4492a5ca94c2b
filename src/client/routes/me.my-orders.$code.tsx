import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { Order } from '../../shared/contract/order';
import { FINAL_ORDER_STATUSES } from '../../shared/contract/order';
import { isOn, timeZoneOf } from '../../shared/contract/settings';
import { clearCart } from '../features/cart';
import { useSettings } from '../features/catalog';
import { loadOrderMessages, OrderDetail, restaurantContact } from '../features/orders';
import { ApiError, get, post } from '../lib/api';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { useLive } from '../lib/use-live';

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
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 3,
  });
  const final = query.data ? FINAL_ORDER_STATUSES.includes(query.data.status) : false;
  const { refetch } = query;
  // Follows the kitchen live as the guest's page does (no polling); the session's token is the credential.
  const token = localStorage.getItem(STORAGE_KEYS.token);
  useLive(
    token && query.data && !final ? `/me/orders/${encodeURIComponent(code)}/live` : null,
    (type) => {
      if (type === 'order' || type === 'hello') void refetch();
    },
    { headers: token ? { Authorization: `Bearer ${token}` } : {} },
  );
  const queryClient = useQueryClient();
  const arrive = async () => {
    queryClient.setQueryData(['my-orders', code], await post<Order>(`/me/orders/${encodeURIComponent(code)}/arrived`, undefined));
  };
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  return (
    <>
      <p className="breadcrumb">
        <bdi dir="ltr">#{code}</bdi>
      </p>
      <h1 className="visually-hidden">{t`Order ${code}`}</h1>
      {query.data ? (
        <OrderDetail
          order={query.data}
          timeZone={timeZoneOf(settings)}
          showInvoice={isOn(settings, 'ALLOW_ISSUE_INVOICE')}
          restaurant={restaurantContact(settings)}
          arrive={arrive}
        />
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
  loader: loadOrderMessages,
  component: MyOrder,
});

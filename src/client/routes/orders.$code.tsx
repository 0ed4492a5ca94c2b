import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { Order } from '../../shared/contract/order';
import { FINAL_ORDER_STATUSES } from '../../shared/contract/order';
import { isOn, timeZoneOf } from '../../shared/contract/settings';
import { useSettings } from '../features/catalog';
import { loadOrderMessages, OrderDetail, rememberOrder, restaurantContact, useDeviceOrders } from '../features/orders';
import { ApiError, get, post } from '../lib/api';
import { useLive } from '../lib/use-live';
import { shortText } from '../lib/search';
import { EmptyState } from '../ui/EmptyState';

interface OrderSearch {
  key?: string;
  state?: 'new';
}

export const Route = createFileRoute('/orders/$code')({
  validateSearch: (search: Record<string, unknown>): OrderSearch => {
    const out: OrderSearch = {};
    const key = shortText(search.key, 100);
    if (key) out.key = key;
    if (search.state === 'new') out.state = 'new';
    return out;
  },
  loader: loadOrderMessages,
  component: OrderPage,
});

function OrderPage() {
  const { t } = useLingui();
  const { code } = Route.useParams();
  const search = Route.useSearch();
  const settings = useSettings();
  const stored = useDeviceOrders().find((o) => o.code === code);
  const key = search.key ?? stored?.accessKey;

  const query = useQuery({
    queryKey: ['order', code, key],
    queryFn: ({ signal }) => get<Order>(`/orders/${encodeURIComponent(code)}`, undefined, signal, { 'X-Order-Key': key ?? '' }),
    enabled: Boolean(key),
    refetchOnWindowFocus: true,
    staleTime: 0,
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 3,
  });
  const order = query.data ?? stored?.snapshot ?? null;
  const final = order ? FINAL_ORDER_STATUSES.includes(order.status) : false;
  const { refetch } = query;

  // Follows the kitchen live while the page is open (no polling): each event, and each reconnect, reads the order again.
  useLive(key && !final ? `/orders/${encodeURIComponent(code)}/live` : null, (type) => {
    if (type === 'order' || type === 'hello') void refetch();
  }, { headers: key ? { 'X-Order-Key': key } : {} });

  const storedStatus = stored?.status;
  const storedArrival = stored?.snapshot?.arrivedAt ?? null;
  const hasSnapshot = Boolean(stored?.snapshot);
  useEffect(() => {
    // A link opened on this phone joins "my orders on this device"; a changed status (or "I'm here") is kept for offline viewing.
    if (query.data && key && (query.data.status !== storedStatus || (query.data.arrivedAt ?? null) !== storedArrival || !hasSnapshot)) {
      void rememberOrder(query.data, key);
    }
  }, [query.data, key, storedStatus, storedArrival, hasSnapshot]);

  const queryClient = useQueryClient();
  const arrive = async () => {
    queryClient.setQueryData(['order', code, key], await post<Order>(`/orders/${encodeURIComponent(code)}/arrived`, undefined, { 'X-Order-Key': key ?? '' }));
  };

  const notFound = !key || (query.error instanceof ApiError && query.error.status === 404);
  return (
    <section className="container narrow order-page">
      <nav className="breadcrumb" aria-label={t`Breadcrumb`}>
        <Link to="/orders">
          <Trans>My orders</Trans>
        </Link>{' '}
        / <bdi dir="ltr">#{code}</bdi>
      </nav>
      {search.state === 'new' && order ? (
        <div className="success-banner" role="status">
          <strong>
            <Trans>Thank you! The restaurant has received your order.</Trans>
          </strong>
          <span>
            <Trans>This page shows its status as it changes. Keep the link to find it again.</Trans>
          </span>
        </div>
      ) : null}
      {order ? (
        <>
          <OrderDetail
            order={order}
            timeZone={timeZoneOf(settings)}
            showInvoice={isOn(settings, 'ALLOW_ISSUE_INVOICE')}
            restaurant={restaurantContact(settings)}
            arrive={key ? arrive : undefined}
          />
          {query.isError && !notFound ? (
            <p className="hint" role="status">
              <Trans>You are seeing the last status we received. It updates when your connection is back.</Trans>
            </p>
          ) : null}
        </>
      ) : notFound ? (
        <EmptyState>
          <Trans>We cannot find this order. Please open it from the link you received when you ordered.</Trans>
        </EmptyState>
      ) : (
        <p className="muted">
          <Trans>Loading your order…</Trans>
        </p>
      )}
    </section>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import type { Order } from '../../../shared/contract/order';
import { toCents } from '../../../shared/pricing';
import { CurbsideArrival } from './CurbsideArrival';
import { ItemsTable } from './ItemsTable';
import { OrderPlace, type RestaurantContact } from './OrderPlace';
import { OrderTracker } from './OrderTracker';
import { ReorderButton } from '../reorder';
import { StatusBadge } from './StatusBadge';
import { TotalsBlock } from './TotalsBlock';
import { intlLocale } from '../../../shared/i18n/locales';
import { ltr } from '../../ui/Ltr';

function describeItem(item: Order['items'][number]): string[] {
  const parts: string[] = [];
  if (item.size) parts.push(item.size);
  for (const o of item.options) parts.push(`${o.name}: ${o.values.join(', ')}`);
  if (item.extras.length) parts.push(`+ ${item.extras.join(', ')}`);
  for (const slot of item.menu ?? []) {
    const inner = [...slot.options.map((o) => o.values.join(', ')), ...slot.extras.map((e) => `+ ${e}`)];
    parts.push(`${slot.slot}: ${slot.product}${inner.length ? ` (${inner.join('; ')})` : ''}`);
  }
  return parts;
}

interface Props {
  order: Order;
  timeZone: string;
  showInvoice: boolean;
  restaurant: RestaurantContact;
  /** Tells the restaurant a curbside diner is outside; absent where the page cannot (no key). */
  arrive?: () => Promise<void>;
}

/**
 * Spec §2's order detail as a tracker: the steps and the promised time, "I'm here" at the curb,
 * where the order is picked up or delivered and the restaurant's phone, then the items, the
 * delivery preferences and the totals.
 */
export function OrderDetail({ order, timeZone, showInvoice, restaurant, arrive }: Props) {
  const { t, i18n } = useLingui();
  const when = (iso: string) =>
    new Intl.DateTimeFormat(intlLocale(i18n.locale), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
  const p = order.payment;
  const methodLabel =
    p.method === 'cash'
      ? order.deliverType === 'table'
        ? t`Pay at the table`
        : order.deliverType === 'delivery'
          ? t`Pay on delivery`
          : t`Pay at the counter`
      : p.method === 'sandbox'
        ? t`Card`
        : p.methodName;
  const preference =
    order.deliverType === 'table' && order.table
      ? t`At the table: ${order.table.name}`
      : order.deliverType === 'takeaway'
        ? t`Takeaway: you pick the order up at the counter`
        : order.deliverType === 'curbside'
          ? t`Curbside: we bring the order to your car`
          : null;
  // "#" and code stay together, whatever the language's direction.
  const code = ltr(`#${order.code}`);
  return (
    <article className="order-detail">
      <header className="order-detail__head">
        <h1>
          <Trans>Order {code}</Trans>
        </h1>
        <StatusBadge status={order.status} />
      </header>
      <OrderTracker order={order} timeZone={timeZone}>
        {arrive ? <CurbsideArrival order={order} arrive={arrive} phone={restaurant.phone} /> : null}
      </OrderTracker>
      <OrderPlace order={order} restaurant={restaurant} />

      <section className="card order-detail__section">
        <h2>
          <Trans>Items</Trans>
        </h2>
        <ItemsTable
          rows={order.items.map((item, i) => ({
            key: String(i),
            name: item.name,
            details: describeItem(item),
            qty: item.qty,
            price: toCents(item.price),
          }))}
        />
        <ReorderButton items={order.items} />
      </section>

      <section className="card order-detail__section">
        <h2>
          <Trans>Delivery preferences</Trans>
        </h2>
        <dl className="facts">
          {preference ? (
            <div>
              <dt>
                <Trans>Service</Trans>
              </dt>
              <dd>{preference}</dd>
            </div>
          ) : null}
          <div>
            <dt>
              <Trans>Order date</Trans>
            </dt>
            <dd>{when(order.createdAt)}</dd>
          </div>
          <div>
            <dt>
              <Trans>Delivery date</Trans>
            </dt>
            <dd>{order.deliverAt ? when(order.deliverAt) : t`As soon as possible`}</dd>
          </div>
          {showInvoice ? (
            <div>
              <dt>
                <Trans>Invoice</Trans>
              </dt>
              <dd>{order.issueInvoice ? t`Requested` : t`Not requested`}</dd>
            </div>
          ) : null}
          {order.notes ? (
            <div>
              <dt>
                <Trans>Notes</Trans>
              </dt>
              <dd>{order.notes}</dd>
            </div>
          ) : null}
        </dl>
      </section>

      <section className="card order-detail__section">
        <h2>
          <Trans>Payment</Trans>
        </h2>
        <TotalsBlock
          showDelivery={order.deliverType === 'delivery'}
          paymentLabel={methodLabel}
          totals={{
            subtotal: toCents(p.cartTotal),
            discount: toCents(p.discount),
            delivery: toCents(p.deliver),
            taxItems: p.taxItems.map((x) => ({
              name: x.name,
              // Orders stored before VAT per rate have no base.
              base: x.base === null || x.base === undefined ? null : toCents(x.base),
              value: toCents(x.value),
              inclusive: x.inclusive,
            })),
            tax: toCents(p.tax),
            tip: toCents(p.tip),
            total: toCents(p.price),
          }}
        />
      </section>
    </article>
  );
}

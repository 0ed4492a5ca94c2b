import { Trans, useLingui } from '@lingui/react/macro';
import type { Order } from '../../../shared/contract/order';
import { toCents } from '../../../shared/pricing';
import { ItemsTable } from './ItemsTable';
import { StatusBadge } from './StatusBadge';
import { TotalsBlock } from './TotalsBlock';

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

/** Spec §2's order detail: code, status, items, delivery preferences, dates, invoice, totals. */
export function OrderDetail({ order, timeZone, showInvoice }: { order: Order; timeZone: string; showInvoice: boolean }) {
  const { t, i18n } = useLingui();
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
  const timeOf = (iso: string) => new Intl.DateTimeFormat(i18n.locale, { timeStyle: 'short', timeZone }).format(new Date(iso));
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
  return (
    <article className="order-detail">
      <header className="order-detail__head">
        <h1>
          <Trans>Order #{order.code}</Trans>
        </h1>
        <StatusBadge status={order.status} />
      </header>
      {order.status === 'approved' && order.promisedAt ? (
        <p className="order-detail__promise" role="status" data-testid="promised-time">
          {order.deliverType === 'delivery'
            ? t`The restaurant has accepted your order. It arrives at about ${timeOf(order.promisedAt)}.`
            : order.deliverType === 'table'
              ? t`The kitchen has accepted your order. It will be served at about ${timeOf(order.promisedAt)}.`
              : t`The restaurant has accepted your order. It will be ready at about ${timeOf(order.promisedAt)}.`}
        </p>
      ) : null}
      {order.status === 'ready' ? (
        <p className="order-detail__promise" role="status">
          {order.deliverType === 'delivery' ? t`Your order is ready and on its way soon.` : t`Your order is ready.`}
        </p>
      ) : null}
      {order.status === 'rejected' && order.rejectReason ? (
        <p className="order-detail__rejection" role="alert" data-testid="reject-reason">
          <Trans>The restaurant could not accept this order: {order.rejectReason}</Trans>
          {order.payment.state === 'refunded' ? (
            <>
              {' '}
              <Trans>Your card payment has been refunded.</Trans>
            </>
          ) : null}
        </p>
      ) : null}

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
      </section>

      <section className="card order-detail__section">
        <h2>
          <Trans>Delivery preferences</Trans>
        </h2>
        <dl className="facts">
          {order.address ? (
            <div>
              <dt>
                <Trans>Address</Trans>
              </dt>
              <dd>
                {order.address.address}
                {order.address.extras ? `, ${order.address.extras}` : ''}
                <br />
                {[order.address.zipcode, order.address.area].filter(Boolean).join(' ')}
              </dd>
            </div>
          ) : null}
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

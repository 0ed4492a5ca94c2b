import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Order } from '../../../shared/contract/order';
import { trackerSteps, type TrackerStepKey } from './tracker-steps';
import { intlLocale } from '../../../shared/i18n/locales';

/**
 * Where the order stands: received → accepted → ready → done as an ordered list (the current step
 * carries `aria-current="step"`), with the time the restaurant promised once it accepted. An order
 * that ended without being served says so instead of showing steps.
 */
export function OrderTracker({ order, timeZone, children }: { order: Order; timeZone: string; children?: ReactNode }) {
  const { t, i18n } = useLingui();
  const timeOf = (iso: string) => new Intl.DateTimeFormat(intlLocale(i18n.locale), { timeStyle: 'short', timeZone }).format(new Date(iso));
  const type = order.deliverType;
  const steps = trackerSteps(order.status);
  const labels: Record<TrackerStepKey, string> = {
    received: t`Received`,
    accepted: t`Accepted`,
    ready: t`Ready`,
    done: type === 'delivery' ? t`Delivered` : type === 'table' ? t`Served` : type === 'curbside' ? t`Handed over` : t`Picked up`,
  };
  const promised = order.promisedAt && (order.status === 'approved' || (order.status === 'ready' && type === 'delivery')) ? timeOf(order.promisedAt) : null;

  // One sentence for where the order stands, worded for how it reaches the diner.
  const sentence = (): string => {
    switch (order.status) {
      case 'awaiting_payment':
        return t`Waiting for your payment.`;
      case 'pending_approval':
        return t`The restaurant has received your order and will confirm it shortly.`;
      case 'approved':
        return type === 'table' ? t`The kitchen has accepted your order.` : t`The restaurant has accepted your order and is preparing it.`;
      case 'ready':
        return type === 'delivery'
          ? t`Your order is packed and on its way soon.`
          : type === 'table'
            ? t`Your order is ready and on its way to your table.`
            : type === 'curbside'
              ? t`Your order is ready. We bring it to your car.`
              : t`Your order is ready. You can pick it up at the counter.`;
      default:
        return type === 'delivery' ? t`Delivered. Enjoy your meal!` : type === 'table' ? t`Served. Enjoy your meal!` : t`Picked up. Enjoy your meal!`;
    }
  };

  if (!steps) return <Ended order={order} />;
  return (
    <section className="card tracker" aria-labelledby="tracker-title">
      <h2 id="tracker-title" className="visually-hidden">
        <Trans>Order status</Trans>
      </h2>
      <div className="tracker__now" role="status">
        {promised ? (
          <p className="tracker__time" data-testid="promised-time">
            {type === 'delivery' ? t`With you at ${promised}` : type === 'table' ? t`At your table at ${promised}` : t`Ready at ${promised}`}
          </p>
        ) : null}
        <p className="tracker__say">{sentence()}</p>
      </div>
      <ol className="tracker__steps">
        {steps.map((step) => (
          <li key={step.key} className={`tracker__step tracker__step--${step.state}`} aria-current={step.state === 'current' ? 'step' : undefined}>
            <span className="tracker__dot" aria-hidden="true" />
            <span className="tracker__label">
              {labels[step.key]}
              {step.state === 'done' ? <span className="visually-hidden"> ({t`done`})</span> : null}
            </span>
          </li>
        ))}
      </ol>
      {children}
    </section>
  );
}

/** Rejected, cancelled or never paid: no steps, only what happened. */
function Ended({ order }: { order: Order }) {
  return (
    <section className="card tracker tracker--ended">
      {order.status === 'rejected' ? (
        <p className="order-detail__rejection" role="alert" data-testid="reject-reason">
          {order.rejectReason ? (
            <Trans>The restaurant could not accept this order: {order.rejectReason}</Trans>
          ) : (
            <Trans>The restaurant could not accept this order.</Trans>
          )}
          {order.payment.state === 'refunded' ? (
            <>
              {' '}
              <Trans>Your card payment has been refunded.</Trans>
            </>
          ) : null}
        </p>
      ) : order.status === 'cancelled' ? (
        <p className="order-detail__rejection" role="status">
          <Trans>This order was cancelled. Nothing was charged.</Trans>
        </p>
      ) : (
        <p className="order-detail__rejection" role="status">
          <Trans>The payment did not go through, so the order was not placed.</Trans>
        </p>
      )}
    </section>
  );
}

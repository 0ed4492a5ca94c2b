import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Order } from '../../../shared/contract/order';
import { ApiError } from '../../lib/api';
import { useOnline } from '../pwa';
import { mayArrive } from './tracker-steps';
import { telHref } from '../../lib/tel';

/**
 * Curbside: the big "I'm here" button once the restaurant has accepted, and after the tap the
 * confirmation in its place (the order remembers the arrival, so a reload shows it too).
 * Offline the button says it needs the network: nothing is queued to pretend it was sent.
 */
export function CurbsideArrival({ order, arrive, phone }: { order: Order; arrive: () => Promise<void>; phone: string }) {
  const { t } = useLingui();
  const online = useOnline();
  const mutation = useMutation({ mutationFn: arrive });
  const confirmation = useRef<HTMLDivElement>(null);
  const tapped = mutation.isSuccess;
  // The button the diner just pressed is gone: focus goes to what replaced it.
  useEffect(() => {
    if (tapped) confirmation.current?.focus();
  }, [tapped, order.arrivedAt]);

  if (order.deliverType !== 'curbside' || ['completed', 'rejected', 'cancelled', 'payment_failed'].includes(order.status)) return null;
  const call = phone ? <a href={telHref(phone)} dir="ltr">{phone}</a> : null;

  if (order.arrivedAt) {
    return (
      <div className="arrival arrival--told" role="status" tabIndex={-1} ref={confirmation} data-testid="arrival-told">
        <p className="arrival__title">
          {order.arrivalSeenAt ? <Trans>Someone is on the way to your car.</Trans> : <Trans>The restaurant knows you are here.</Trans>}
        </p>
        <p>
          {order.arrivalSeenAt ? (
            <Trans>The team has seen your message and brings your order out.</Trans>
          ) : (
            <Trans>We have told the team. Please stay with your car; we bring the order out.</Trans>
          )}
        </p>
      </div>
    );
  }

  if (!mayArrive(order)) {
    return (
      <p className="arrival arrival--later">
        <Trans>Once the restaurant has accepted your order, tell them here when you are parked outside.</Trans>
      </p>
    );
  }

  const error = mutation.error instanceof ApiError ? mutation.error.message : mutation.error ? t`We could not reach the restaurant. Check your connection and try again.` : null;
  return (
    <div className="arrival">
      <button
        type="button"
        className="button arrival__button"
        disabled={!online || mutation.isPending}
        aria-describedby="arrival-hint"
        onClick={() => mutation.mutate()}
      >
        <Trans>I'm here</Trans>
      </button>
      <p className="arrival__hint" id="arrival-hint">
        {online ? (
          <Trans>Tap when you are parked outside. We bring the order to your car.</Trans>
        ) : (
          <Trans>You are offline. Telling the restaurant that you are here needs a connection.</Trans>
        )}
        {call && (!online || error) ? (
          <>
            {' '}
            <Trans>Or call us: {call}</Trans>
          </>
        ) : null}
      </p>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

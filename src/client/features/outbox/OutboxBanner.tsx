import { Trans } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { outbox } from './outbox';

/** On every other screen, a reminder that an order is still on its way. */
export function OutboxBanner() {
  const count = useSnapshot(outbox).entries.length;
  const path = useRouterState({ select: (s) => s.location.pathname });
  // An empty live region waits on the page, so the banner's arrival is announced.
  return (
    <div role="status">
      {count && path !== '/checkout' ? (
        <div className="outbox-banner">
          <div className="container">
            <Link to="/checkout">
              <Trans>Your order has not reached the restaurant yet. See its status</Trans>
            </Link>
          </div>
        </div>
      ) : null}
    </div>
  );
}

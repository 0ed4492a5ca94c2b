import { Trans } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import { outbox } from './outbox';

/** On every other screen, a reminder that an order is still on its way. */
export function OutboxBanner() {
  const count = useSnapshot(outbox).entries.length;
  const path = useRouterState({ select: (s) => s.location.pathname });
  if (!count || path === '/checkout') return null;
  return (
    <div className="outbox-banner" role="status">
      <div className="container">
        <Link to="/checkout">
          <Trans>Your order has not reached the restaurant yet. See its status</Trans>
        </Link>
      </div>
    </div>
  );
}

import { Trans } from '@lingui/react/macro';
import { Link, useRouterState } from '@tanstack/react-router';
import { useLayoutEffect, useRef } from 'react';
import { isOn } from '../../../shared/contract/settings';
import { addressListPath } from '../addresses';
import { useSettings } from '../catalog';
import { SignOutButton } from './SignOutButton';

/** The /me side navigation; addresses follow the operator's address system (spec §2). */
export function AccountNav() {
  const settings = useSettings();
  const list = useRef<HTMLUListElement>(null);
  const path = useRouterState({ select: (s) => s.location.pathname });
  // On a phone the tabs scroll sideways: the page's own tab must be in sight, not cut off at the edge.
  useLayoutEffect(() => {
    const ul = list.current;
    const active = ul?.querySelector<HTMLElement>("a[data-status='active']");
    if (!ul || !active) return;
    const a = active.getBoundingClientRect();
    const l = ul.getBoundingClientRect();
    if (a.left < l.left) ul.scrollLeft += a.left - l.left - 16;
    else if (a.right > l.right) ul.scrollLeft += a.right - l.right + 16;
  }, [path]);
  return (
    <nav className="account-nav" aria-labelledby="account-nav-title">
      <h2 id="account-nav-title" className="visually-hidden">
        <Trans>My Account</Trans>
      </h2>
      <ul ref={list}>
        <li>
          <Link to="/me/my-profile">
            <Trans>My Profile</Trans>
          </Link>
        </li>
        <li>
          <Link to="/me/my-orders">
            <Trans>My orders</Trans>
          </Link>
        </li>
        <li>
          <Link to={addressListPath(settings)}>
            <Trans>My addresses</Trans>
          </Link>
        </li>
        {isOn(settings, 'LOYALTY_SYSTEM') ? (
          <li>
            <Link to="/me/my-transactions/transaction-history">
              <Trans>My points</Trans>
            </Link>
          </li>
        ) : null}
        <li>
          <SignOutButton />
        </li>
      </ul>
    </nav>
  );
}

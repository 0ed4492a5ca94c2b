import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { isOn } from '../../../shared/contract/settings';
import { addressListPath } from '../addresses';
import { useSettings } from '../catalog';
import { SignOutButton } from './SignOutButton';

/** The /me side navigation; addresses follow the operator's address system (spec §2). */
export function AccountNav() {
  const settings = useSettings();
  return (
    <nav className="account-nav" aria-labelledby="account-nav-title">
      <h2 id="account-nav-title" className="visually-hidden">
        <Trans>My Account</Trans>
      </h2>
      <ul>
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

import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { isOn } from '../../../shared/contract/settings';
import { useSettings } from '../catalog';
import { signOut } from './session';

/** The /me side navigation; addresses follow the operator's address system (spec §2). */
export function AccountNav() {
  const settings = useSettings();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const newSystem = isOn(settings, 'USES_NEW_ADDRESS_SYSTEM');
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
          <Link to={newSystem ? '/me/address-list' : '/me/my-addresses'}>
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
          <button
            type="button"
            className="link-button"
            onClick={() => void signOut(queryClient).then(() => navigate({ to: '/' }))}
          >
            <Trans>Logout</Trans>
          </button>
        </li>
      </ul>
    </nav>
  );
}

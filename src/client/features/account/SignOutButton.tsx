import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { flushCart } from '../cart';
import { signOut } from './session';

/** Logout wherever the menus offer it: the session ends on the server and this device, the cart is flushed, then home. */
export function SignOutButton({ onClick }: { onClick?: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="link-button"
      onClick={() => {
        onClick?.();
        void Promise.all([signOut(queryClient), flushCart()]).then(() => navigate({ to: '/' }));
      }}
    >
      <Trans>Logout</Trans>
    </button>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { isOn } from '../../../shared/contract/settings';
import { useMe } from '../account';
import { useSettings } from '../catalog';
import { Dialog } from '../../ui/Dialog';
import { ForwardIcon } from '../../ui/icons';
import { useTableSession } from '../table';

/**
 * Spec §2 checkout rule: when guest checkout is allowed, a visitor chooses between signing in and
 * continuing as a guest; otherwise checkout decides. A table diner is signed in by the table
 * session and a signed-in customer go straight on.
 */
export function CheckoutButton({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const { t } = useLingui();
  const settings = useSettings();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const atTable = useTableSession() !== null;
  const signedIn = useMe() !== null;
  const go = (to: '/checkout' | '/login') => {
    setAsking(false);
    onNavigate?.();
    void navigate(to === '/login' ? { to, search: { redirect: '/checkout' } } : { to });
  };
  return (
    <>
      <button
        type="button"
        className={className ?? 'button'}
        onClick={() => (!atTable && !signedIn && isOn(settings, 'ALLOW_GUEST_CHECKOUT') ? setAsking(true) : go('/checkout'))}
      >
        <Trans>Checkout</Trans>
        <ForwardIcon />
      </button>
      <Dialog
        open={asking}
        size="small"
        onClose={() => setAsking(false)}
        title={t`Login or continue as guest?`}
        footer={
          <>
            <button type="button" className="button button--ghost" onClick={() => go('/login')}>
              <Trans>Login</Trans>
            </button>
            <button type="button" className="button" onClick={() => go('/checkout')}>
              <Trans>Checkout as Guest</Trans>
            </button>
          </>
        }
      >
        <p>
          <Trans>Sign in to collect points and find your orders later, or order right away as a guest.</Trans>
        </p>
      </Dialog>
    </>
  );
}

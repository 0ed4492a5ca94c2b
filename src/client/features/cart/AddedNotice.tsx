import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { CheckoutButton } from './CheckoutButton';
import { cart, openCartPanel } from './store';

/**
 * Spec §9: the add-to-cart notice stays 2 seconds, longer only while keyboard focus is inside it
 * (hover would pin it forever on touch screens, where a tap leaves a pointer behind).
 */
export const ADDED_NOTICE_MS = 2000;

export function AddedNotice() {
  const { lastAdded } = useSnapshot(cart);
  const [visible, setVisible] = useState(false);
  const [held, setHeld] = useState(false);

  useEffect(() => {
    if (!lastAdded) return;
    setVisible(true);
  }, [lastAdded]);

  useEffect(() => {
    if (!visible || held) return;
    const timer = setTimeout(() => setVisible(false), ADDED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [visible, held, lastAdded]);

  return (
    <div className={`added-notice${visible ? ' is-visible' : ''}`} onFocus={() => setHeld(true)} onBlur={() => setHeld(false)}>
      {/*
        Only the sentence is the live region, and it is on the page before it speaks (a region
        mounted together with its text is often not read). Keyed by the addition, so a second
        product added while the notice still shows is announced again.
      */}
      <p role="status" aria-live="polite" data-testid="added-notice-message">
        {visible && lastAdded ? (
          <span key={lastAdded.at} className="added-notice__message">
            <span className="added-notice__check" aria-hidden="true">
              ✓
            </span>
            <Trans>Product has been added to your cart</Trans>
          </span>
        ) : null}
      </p>
      {visible ? (
        <div className="added-notice__actions">
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => {
              setVisible(false);
              openCartPanel(true);
            }}
          >
            <Trans>Cart</Trans>
          </button>
          <CheckoutButton className="button button--small" onNavigate={() => setVisible(false)} />
        </div>
      ) : null}
    </div>
  );
}

import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { pushToast } from '../../ui/toasts';
import { cart } from './store';

/** Tells the diner once when a stored cart could not be read back and was dropped. */
export function DroppedCartNotice() {
  const { t } = useLingui();
  const { droppedStoredCart } = useSnapshot(cart);
  useEffect(() => {
    if (!droppedStoredCart) return;
    pushToast({
      tone: 'info',
      title: t`Your saved cart could not be restored`,
      body: t`The menu has changed since it was saved. Please add your dishes again.`,
    });
    cart.droppedStoredCart = false;
  }, [droppedStoredCart, t]);
  return null;
}

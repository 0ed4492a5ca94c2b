import { lazy, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { cart } from './store';

const SideCart = lazy(() => import('./SideCart').then((m) => ({ default: m.SideCart })));

/** The cart drawer, loaded the first time the diner opens it and kept from then on, so its closing runs as usual. */
export function CartPanel() {
  const { panelOpen } = useSnapshot(cart);
  const [opened, setOpened] = useState(false);
  // Adjusting state while rendering (React's documented pattern), not in an effect a frame later.
  if (panelOpen && !opened) setOpened(true);
  return opened || panelOpen ? (
    <Suspense fallback={null}>
      <SideCart />
    </Suspense>
  ) : null;
}

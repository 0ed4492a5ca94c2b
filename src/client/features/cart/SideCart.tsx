import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import type { CartLine } from '../../../shared/contract/cart';
import { cartTotals } from '../../../shared/pricing';
import { useMoney } from '../../ui/money';
import { Drawer } from '../../ui/Drawer';
import { CartLineView } from './CartLineView';
import { CheckoutButton } from './CheckoutButton';
import { cart, clearCart, itemCount, openCartPanel } from './store';

export function SideCart() {
  const { t } = useLingui();
  const money = useMoney();
  const snap = useSnapshot(cart);
  const lines = snap.lines as CartLine[];
  const totals = cartTotals({ lines });
  const count = itemCount(lines);
  return (
    <Drawer
      open={snap.panelOpen}
      onClose={() => openCartPanel(false)}
      side="end"
      title={t`Your cart`}
      footer={
        lines.length ? (
          <div className="cart-summary">
            <dl>
              <div>
                <dt>
                  <Trans>Subtotal</Trans>
                </dt>
                <dd>{money(totals.subtotal)}</dd>
              </div>
              <div className="cart-summary__total">
                <dt>
                  <Trans>Total</Trans>
                </dt>
                <dd data-testid="cart-total">{money(totals.total)}</dd>
              </div>
            </dl>
            <p className="muted small">
              <Trans>Prices include VAT. Delivery costs are added at checkout.</Trans>
            </p>
            <CheckoutButton className="button button--block" onNavigate={() => openCartPanel(false)} />
          </div>
        ) : null
      }
    >
      {lines.length ? (
        <>
          <p className="muted small" aria-live="polite">
            <Plural value={count} one="# item" other="# items" />
          </p>
          <ul className="cart-lines">
            {lines.map((line) => (
              <CartLineView key={line.id} line={line} />
            ))}
          </ul>
          <button type="button" className="link-button" onClick={clearCart}>
            <Trans>Empty the cart</Trans>
          </button>
        </>
      ) : (
        <div className="empty-cart">
          <p>
            <Trans>Your cart is empty.</Trans>
          </p>
          <button type="button" className="button button--ghost" onClick={() => openCartPanel(false)}>
            <Trans>Browse the menu</Trans>
          </button>
        </div>
      )}
    </Drawer>
  );
}

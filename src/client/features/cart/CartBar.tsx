import { useLingui } from '@lingui/react/macro';
import { useSnapshot } from 'valtio';
import type { CartLine } from '../../../shared/contract/cart';
import { cartTotals } from '../../../shared/pricing';
import { useMoney } from '../../ui/money';
import { cart, itemCount, openCartPanel } from './store';
import { plural } from '@lingui/core/macro';

/** The phone's sticky "View cart · 2 · 23,90 €" bar while the cart holds something (hidden on wide screens by CSS). */
export function CartBar() {
  const { t } = useLingui();
  const money = useMoney();
  const lines = useSnapshot(cart).lines as CartLine[];
  const count = itemCount(lines);
  if (!count) return null;
  const total = money(cartTotals({ lines }).subtotal);
  return (
    <div className="cart-bar">
      <button type="button" className="cart-bar__button" onClick={() => openCartPanel(true)}>
        <span className="cart-bar__count" aria-hidden="true">
          {count}
        </span>
        <span className="cart-bar__label">{t`View cart`}</span>
        <span className="visually-hidden">{plural(count, { one: '# item', other: '# items' })}</span>
        <span className="cart-bar__total">{total}</span>
      </button>
    </div>
  );
}

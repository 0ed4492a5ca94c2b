import { useLingui } from '@lingui/react/macro';
import type { CartLine } from '../../../shared/contract/cart';
import { linePrice } from '../../../shared/pricing';
import { Poster } from '../../ui/Poster';
import { MinusIcon, PlusIcon, TrashIcon } from '../../ui/icons';
import { useMoney } from '../../ui/money';
import { describeLine } from './describe';
import { canIncrement, decrement, increment, removeLine } from './store';

export function CartLineView({ line }: { line: CartLine }) {
  const { t } = useLingui();
  const money = useMoney();
  const owner = line.type === 'productItem' ? line.product : line.menu;
  const name = line.name;
  return (
    <li className="cart-line">
      {owner.hasPoster ? <Poster className="cart-line__img" media={owner.poster} variant="square" width={56} height={56} sizes="56px" /> : null}
      <div className="cart-line__main">
        <p className="cart-line__name">{name}</p>
        <p className="cart-line__details">{describeLine(line).join(' · ')}</p>
        <div className="cart-line__row">
          <div className="stepper" role="group" aria-label={t`Quantity of ${name}`}>
            <button
              type="button"
              onClick={() => decrement(line.id)}
              disabled={line.qty <= 1}
              aria-label={t`One less ${name}`}
            >
              <MinusIcon width={16} height={16} />
            </button>
            <output aria-live="polite" aria-label={t`Quantity`}>
              {line.qty}
            </output>
            <button type="button" onClick={() => increment(line.id)} disabled={!canIncrement(line)} aria-label={t`One more ${name}`}>
              <PlusIcon width={16} height={16} />
            </button>
          </div>
          <span className="cart-line__price">{money(linePrice(line))}</span>
          <button type="button" className="icon-button" onClick={() => removeLine(line.id)} aria-label={t`Remove ${name}`}>
            <TrashIcon width={18} height={18} />
          </button>
        </div>
      </div>
    </li>
  );
}

import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { useSnapshot } from 'valtio';
import type { Menu, Product } from '../../../shared/contract/catalog';
import { useEarlyTap } from '../../lib/early-taps';
import { PlusIcon } from '../../ui/icons';
import { Poster } from '../../ui/Poster';
import { menuBasePrice, toCents } from '../../../shared/pricing';
import { useMoney, type Money } from '../../ui/money';
import { useAvailability } from '../availability';
import { addLine, cart } from '../cart';
import { quickAddChoice } from './quick-add';

function fromPrice(product: Product): number {
  return Math.min(...product.sizes.map((s) => toCents(s.price)));
}

/** The allergen and additive codes; a screen reader hears their names, which the legend explains to the eye. */
function Codes({ product }: { product: Product }) {
  const { t } = useLingui();
  const declarations = [...product.allergens, ...product.additives];
  if (!declarations.length) return null;
  const names = declarations.map((d) => d.name).join(', ');
  return (
    <span className="codes">
      <span aria-hidden="true">{declarations.map((d) => d.code).join(', ')}</span>
      <span className="visually-hidden">{t`Contains: ${names}`}</span>
    </span>
  );
}

/** What a dish's tile shows of the app's state: its price in the diner's language, whether it is sold out, how many are in the cart. */
interface TileState {
  price: string;
  soldOut: boolean;
  inCart: number;
}

/**
 * Reads the settings (for the currency), the sold-out list and the cart once for a whole list of
 * dishes, not once per tile: a first screen of a dozen cards held three dozen subscriptions, and
 * every one of them rendered its card again when its query settled. A tile is memoised on what it
 * shows, so it renders again only when its own price, stock or count changes.
 */
export function useTileState(): (product: Product) => TileState {
  const { t } = useLingui();
  const money = useMoney();
  const sold = useAvailability().sold.product;
  const { lines } = useSnapshot(cart);
  const counts = new Map<number, number>();
  for (const l of lines) if (l.type === 'productItem') counts.set(l.productId, (counts.get(l.productId) ?? 0) + l.qty);
  return (product) => {
    const price = money(fromPrice(product));
    return {
      price: product.sizes.length > 1 ? t`from ${price}` : price,
      soldOut: sold.has(product.id),
      inCart: counts.get(product.id) ?? 0,
    };
  };
}

/**
 * The "+" is drawn, not typed: a text "+" beside the count would read "+1" to the eye while the
 * button's name says "1 in the cart" (WCAG 2.5.3, the visible label belongs in the name).
 */
const PLUS = { width: 24, height: 24, strokeWidth: 3 } as const;

/**
 * The "+" of a dish. A dish with nothing to choose goes into the cart at one tap; one with choices
 * shows a "+" that belongs to the card's link (the sheet opens). A sold-out dish says so.
 */
function AddControl({ product, soldOut, inCart }: { product: Product; soldOut: boolean; inCart: number }) {
  const { t } = useLingui();
  const addRef = useEarlyTap<HTMLButtonElement>();
  if (soldOut) return <span className="sold-out-tag">{t`Sold out`}</span>;
  const choice = quickAddChoice(product);
  const badge = inCart ? (
    <span className="add-control__count" aria-hidden="true">
      {inCart}
    </span>
  ) : null;
  if (!choice) {
    return (
      <span className="add-control add-control--opens" aria-hidden="true">
        <PlusIcon {...PLUS} />
        {badge}
      </span>
    );
  }
  const name = product.name;
  // The count sits beside the button, not in it: the button's name already says how many are in
  // the cart, and axe reads a number inside it as a visible label missing from the name (2.5.3).
  return (
    <>
      <button
        type="button"
        ref={addRef}
        className="add-control"
        data-tap={`add-${product.id}`}
        aria-label={inCart ? t`Add one ${name} (${inCart} in the cart)` : t`Add one ${name}`}
        onClick={() =>
          addLine({ type: 'productItem', productId: product.id, categoryId: product.category.id, name, qty: 1, choice, product })
        }
      >
        <PlusIcon {...PLUS} />
      </button>
      {inCart ? (
        <span className="add-control__count add-control__count--beside" aria-hidden="true">
          {inCart}
        </span>
      ) : null}
    </>
  );
}

/** A card's picture: a column of the grid (styles.css), or 112 px high beside the text on a phone (a 16:10 crop 180 px wide). */
const CARD_SIZES = '(min-width: 1100px) 300px, (min-width: 991px) 33vw, (min-width: 600px) 50vw, 180px';

/** What the diner's allergen filter found in a dish they chose to see marked. */
function AvoidedTag({ names }: { names: string | undefined }) {
  const { t } = useLingui();
  if (!names) return null;
  return <span className="avoided-tag">{t`Contains what you avoid: ${names}`}</span>;
}

const tileClass = (base: string, soldOut: boolean, avoided: string | undefined) => `${base}${soldOut ? ' is-sold-out' : ''}${avoided ? ' is-avoided' : ''}`;

type TileProps = TileState & { product: Product; avoided?: string | undefined };

/** A dish with a picture: a card. Opens the product sheet through `?product=`. */
export const ProductCard = memo(function ProductCard({ product, avoided, price, soldOut, inCart }: TileProps) {
  return (
    <li className={tileClass('product-card', soldOut, avoided)}>
      <Link to="/" search={{ category: product.category.id, product: product.id }} className="product-card__link" resetScroll={false}>
        <span className="product-card__img">
          <Poster media={product.poster} variant="wide" width={400} height={250} sizes={CARD_SIZES} />
        </span>
        <span className="product-card__body">
          <span className="product-card__name">{product.name}</span>
          <span className="product-card__desc">{product.description}</span>
          <span className="product-card__foot">
            <span className="product-card__price">{price}</span>
            <Codes product={product} />
          </span>
          <AvoidedTag names={avoided} />
        </span>
      </Link>
      <AddControl product={product} soldOut={soldOut} inCart={inCart} />
    </li>
  );
});

/** A dish without a picture: a compact row. */
export const ProductListItem = memo(function ProductListItem({ product, avoided, price, soldOut, inCart }: TileProps) {
  return (
    <li className={tileClass('product-row', soldOut, avoided)}>
      <Link to="/" search={{ category: product.category.id, product: product.id }} className="product-row__link" resetScroll={false}>
        <span className="product-row__text">
          <span className="product-row__name">
            {product.name} <Codes product={product} />
          </span>
          {product.description ? <span className="product-row__desc">{product.description}</span> : null}
          <AvoidedTag names={avoided} />
        </span>
        <span className="product-row__price">{price}</span>
      </Link>
      <AddControl product={product} soldOut={soldOut} inCart={inCart} />
    </li>
  );
});

/** A combo menu's card; `money` comes from its list (one settings subscription for all, see `useTileState`). */
export const MenuCard = memo(function MenuCard({ menu, eager, avoided, money }: { menu: Menu; eager?: boolean; avoided?: string | undefined; money: Money }) {
  const { t } = useLingui();
  return (
    <li className={tileClass('product-card', false, avoided)}>
      <Link to="/" search={{ menus: true, menu: menu.id }} className="product-card__link" resetScroll={false}>
        <span className="product-card__img">
          <Poster media={menu.poster} variant="wide" width={400} height={250} sizes={CARD_SIZES} eager={eager} />
          {menu.discount > 0 ? <span className="badge badge--float" dir="ltr">{t`−${menu.discount} %`}</span> : null}
        </span>
        <span className="product-card__body">
          <span className="product-card__name">{menu.name}</span>
          <span className="product-card__desc">{menu.description}</span>
          <span className="product-card__foot">
            <span className="product-card__price">
              {menu.discount > 0 ? <s className="muted">{money(toCents(menu.price))}</s> : null} {money(menuBasePrice(menu))}
            </span>
          </span>
          <AvoidedTag names={avoided} />
        </span>
      </Link>
      <span className="add-control add-control--opens" aria-hidden="true">
        +
      </span>
    </li>
  );
});

import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSnapshot } from 'valtio';
import type { Menu, Product } from '../../../shared/contract/catalog';
import { useEarlyTap } from '../../lib/early-taps';
import { PlusIcon } from '../../ui/icons';
import { Poster } from '../../ui/Poster';
import { menuBasePrice, toCents } from '../../../shared/pricing';
import { useMoney } from '../../ui/money';
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

function useInCart(productId: number): number {
  const { lines } = useSnapshot(cart);
  return lines.reduce((n, l) => (l.type === 'productItem' && l.productId === productId ? n + l.qty : n), 0);
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
function AddControl({ product, soldOut }: { product: Product; soldOut: boolean }) {
  const { t } = useLingui();
  const inCart = useInCart(product.id);
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

/** The dish's price, "from" its smallest size when it has several. */
function usePriceLabel(product: Product): string {
  const { t } = useLingui();
  const price = useMoney()(fromPrice(product));
  return product.sizes.length > 1 ? t`from ${price}` : price;
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

/** A dish with a picture: a card. Opens the product sheet through `?product=`. */
export function ProductCard({ product, avoided }: { product: Product; avoided?: string }) {
  const price = usePriceLabel(product);
  const soldOut = useAvailability().sold.product.has(product.id);
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
      <AddControl product={product} soldOut={soldOut} />
    </li>
  );
}

/** A dish without a picture: a compact row. */
export function ProductListItem({ product, avoided }: { product: Product; avoided?: string }) {
  const price = usePriceLabel(product);
  const soldOut = useAvailability().sold.product.has(product.id);
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
      <AddControl product={product} soldOut={soldOut} />
    </li>
  );
}

export function MenuCard({ menu, eager, avoided }: { menu: Menu; eager?: boolean; avoided?: string }) {
  const { t } = useLingui();
  const money = useMoney();
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
}

import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { posterUrl, type Menu, type Product } from '../../../shared/contract/catalog';
import { menuBasePrice, toCents } from '../../../shared/pricing';
import { useMoney } from '../../ui/money';
import { useAvailability } from '../availability';

function fromPrice(product: Product): number {
  return Math.min(...product.sizes.map((s) => toCents(s.price)));
}

function Codes({ product }: { product: Product }) {
  const codes = [...product.allergens, ...product.additives].map((d) => d.code);
  return codes.length ? <span className="codes">{codes.join(', ')}</span> : null;
}

/** The "+" of a dish, or that it is sold out (the card still opens, to read it). */
function AddMark({ soldOut, className }: { soldOut: boolean; className: string }) {
  const { t } = useLingui();
  return soldOut ? (
    <span className="sold-out-tag">{t`Sold out`}</span>
  ) : (
    <span className={className} aria-hidden="true">
      +
    </span>
  );
}

/** A dish with a picture: a card. Opens the customise modal through `?product=`. */
export function ProductCard({ product }: { product: Product }) {
  const { t } = useLingui();
  const money = useMoney();
  const price = money(fromPrice(product));
  const soldOut = useAvailability().sold.product.has(product.id);
  return (
    <li className={`product-card${soldOut ? ' is-sold-out' : ''}`}>
      <Link to="/" search={{ category: product.category.id, product: product.id }} className="product-card__link">
        <span className="product-card__img">
          <img src={posterUrl(product, 'wide')} alt="" loading="lazy" width={400} height={250} />
        </span>
        <span className="product-card__body">
          <span className="product-card__name">{product.name}</span>
          <span className="product-card__desc">{product.description}</span>
          <span className="product-card__foot">
            <span className="product-card__price">{product.sizes.length > 1 ? t`from ${price}` : price}</span>
            <Codes product={product} />
            <AddMark soldOut={soldOut} className="product-card__add" />
          </span>
        </span>
      </Link>
    </li>
  );
}

/** A dish without a picture: a compact row. */
export function ProductListItem({ product }: { product: Product }) {
  const { t } = useLingui();
  const money = useMoney();
  const price = money(fromPrice(product));
  const soldOut = useAvailability().sold.product.has(product.id);
  return (
    <li className={`product-row${soldOut ? ' is-sold-out' : ''}`}>
      <Link to="/" search={{ category: product.category.id, product: product.id }} className="product-row__link">
        <span className="product-row__text">
          <span className="product-row__name">
            {product.name} <Codes product={product} />
          </span>
          {product.description ? <span className="product-row__desc">{product.description}</span> : null}
        </span>
        <span className="product-row__price">{product.sizes.length > 1 ? t`from ${price}` : price}</span>
        <AddMark soldOut={soldOut} className="product-row__add" />
      </Link>
    </li>
  );
}

export function MenuCard({ menu }: { menu: Menu }) {
  const { t } = useLingui();
  const money = useMoney();
  return (
    <li className="product-card">
      <Link to="/" search={{ menus: true, menu: menu.id }} className="product-card__link">
        <span className="product-card__img">
          <img src={posterUrl(menu, 'wide')} alt="" loading="lazy" width={400} height={250} />
          {menu.discount > 0 ? <span className="badge badge--float">{t`−${menu.discount} %`}</span> : null}
        </span>
        <span className="product-card__body">
          <span className="product-card__name">{menu.name}</span>
          <span className="product-card__desc">{menu.description}</span>
          <span className="product-card__foot">
            <span className="product-card__price">
              {menu.discount > 0 ? <s className="muted">{money(toCents(menu.price))}</s> : null} {money(menuBasePrice(menu))}
            </span>
            <span className="product-card__add" aria-hidden="true">
              +
            </span>
          </span>
        </span>
      </Link>
    </li>
  );
}

import { Trans } from '@lingui/react/macro';
import type { Category, Menu, Product } from '../../../shared/contract/catalog';
import { posterUrl } from '../../../shared/contract/catalog';
import { MenuCard, ProductCard, ProductListItem } from './ProductTiles';

/** Spec §2: 8 gallery images, 4 and 4, around the category's wide poster. */
function Gallery({ category }: { category: Category }) {
  const images = category.gallery.slice(0, 8);
  if (images.length === 0) return null;
  const left = images.slice(0, 4);
  const right = images.slice(4, 8);
  const tile = (m: (typeof images)[number]) => (
    <li key={m.id}>
      <img src={m.variants.square ?? m.url} alt={m.alt} loading="lazy" width={200} height={200} />
    </li>
  );
  return (
    <div className="gallery">
      <ul className="gallery__side">{left.map(tile)}</ul>
      <div className="gallery__poster">
        <img src={posterUrl(category, 'wide')} alt="" width={800} height={500} />
      </div>
      <ul className="gallery__side">{right.map(tile)}</ul>
    </div>
  );
}

export function CategoryView({ category, products }: { category: Category; products: Product[] }) {
  const withPoster = products.filter((p) => p.hasPoster);
  const without = products.filter((p) => !p.hasPoster);
  return (
    <section className="category" aria-labelledby="category-title">
      <header className="category__header">
        <h1 id="category-title">{category.name}</h1>
        {category.description ? <p className="category__desc">{category.description}</p> : null}
      </header>
      <Gallery category={category} />
      {withPoster.length ? (
        <ul className="product-grid">
          {withPoster.map((p) => (
            <ProductCard key={p.id} product={p} />
          ))}
        </ul>
      ) : null}
      {without.length ? (
        <ul className="product-list">
          {without.map((p) => (
            <ProductListItem key={p.id} product={p} />
          ))}
        </ul>
      ) : null}
      {products.length === 0 ? (
        <p className="muted">
          <Trans>Nothing here right now. Please have a look at our other categories.</Trans>
        </p>
      ) : null}
    </section>
  );
}

export function MenusView({ menus }: { menus: Menu[] }) {
  return (
    <section className="category" aria-labelledby="category-title">
      <header className="category__header">
        <h1 id="category-title">
          <Trans>Menus</Trans>
        </h1>
        <p className="category__desc">
          <Trans>Put together your combo and save.</Trans>
        </p>
      </header>
      <ul className="product-grid">
        {menus.map((m) => (
          <MenuCard key={m.id} menu={m} />
        ))}
      </ul>
    </section>
  );
}

import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { posterUrl, type Category } from '../../../shared/contract/catalog';

export type Selection = { kind: 'menus' } | { kind: 'category'; id: number };

/**
 * The quick-menu slider: 7 tiles, 5 below 1200px, 3 below 991px, 2 below 400px (CSS), swipeable,
 * with arrow buttons for mouse and keyboard users. 'Menus' comes first when combo menus exist.
 */
export function CategorySlider({
  categories,
  hasMenus,
  menusPoster,
  selection,
}: {
  categories: Category[];
  hasMenus: boolean;
  menusPoster: string | null;
  selection: Selection | null;
}) {
  const { t } = useLingui();
  const track = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    const rtl = getComputedStyle(el).direction === 'rtl' ? -1 : 1;
    el.scrollBy({ left: direction * rtl * el.clientWidth * 0.8, behavior: 'smooth' });
  };
  return (
    <nav className="category-slider" aria-label={t`Categories`}>
      <button type="button" className="category-slider__arrow category-slider__arrow--prev" onClick={() => scroll(-1)} aria-label={t`Previous categories`}>
        ‹
      </button>
      <ul ref={track} className="category-slider__track">
        {hasMenus ? (
          <li>
            <Link
              to="/"
              search={{ menus: true }}
              className="category-tile"
              aria-current={selection?.kind === 'menus' ? 'page' : undefined}
            >
              <span className="category-tile__img">
                <img src={menusPoster ?? '/assets/img/misc/no-image.jpg'} alt="" loading="lazy" />
              </span>
              <span className="category-tile__name">{t`Menus`}</span>
            </Link>
          </li>
        ) : null}
        {categories.map((c) => (
          <li key={c.id}>
            <Link
              to="/"
              search={{ category: c.id }}
              className="category-tile"
              aria-current={selection?.kind === 'category' && selection.id === c.id ? 'page' : undefined}
            >
              <span className="category-tile__img">
                <img src={posterUrl(c, 'circle')} alt="" loading="lazy" />
              </span>
              <span className="category-tile__name">{c.name}</span>
            </Link>
          </li>
        ))}
      </ul>
      <button type="button" className="category-slider__arrow category-slider__arrow--next" onClick={() => scroll(1)} aria-label={t`Next categories`}>
        ›
      </button>
    </nav>
  );
}

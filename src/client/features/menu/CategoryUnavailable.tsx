import { useLingui } from '@lingui/react/macro';
import type { Category } from '../../../shared/contract/catalog';

/**
 * A category whose dishes are not on the device: says so under the category's own name, never
 * with another category's dishes in their place.
 */
export function CategoryUnavailable({ category, online }: { category: Category | undefined; online: boolean }) {
  const { t } = useLingui();
  return (
    <section className="category" aria-labelledby={category ? 'category-title' : undefined}>
      {category ? (
        <header className="category__header">
          <h1 id="category-title">{category.name}</h1>
        </header>
      ) : null}
      <p className="load-error" role="alert">
        {online
          ? t`This part of the menu could not be loaded. Check your connection and try again.`
          : t`This category is not saved on this device yet, so it cannot be shown offline. It will appear as soon as you are back online.`}
      </p>
    </section>
  );
}

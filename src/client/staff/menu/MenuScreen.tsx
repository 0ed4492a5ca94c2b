import './menu.css';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { DeleteOutcome, MenuOverview, MenuOverviewCategory } from '../../../shared/contract/menu-admin';
import { staffMay, type StaffMember } from '../../../shared/contract/staff';
import { NeedsNetwork, useOnline } from '../admin/NeedsNetwork';
import { staffCall } from '../api';
import { CategoryEditor } from './CategoryEditor';
import { ConfirmDialog } from '../admin/ConfirmDialog';
import { emptyProduct, toDraft } from './draft';
import { formatEuros } from './euros';
import { ProductEditor, type SavedProduct } from './ProductEditor';

type Selection =
  | { kind: 'none' }
  | { kind: 'category'; id: number }
  | { kind: 'new-category' }
  | { kind: 'product'; id: number }
  | { kind: 'new-product'; categoryId: number };

const swap = (ids: number[], index: number, by: -1 | 1): number[] => {
  const next = [...ids];
  const [a, b] = [next[index], next[index + by]];
  if (a === undefined || b === undefined) return ids;
  next[index] = b;
  next[index + by] = a;
  return next;
};

const nameOf = (text: Record<string, string>) => text.de?.trim() || Object.values(text)[0] || '—';

/**
 * The menu editor (decision 021): categories and their dishes on the left, the chosen one's
 * editor on the right. Service staff read it; owners and managers change it.
 */
export default function MenuScreen({ me }: { me: StaffMember }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const canEdit = staffMay(me.role, 'edit');
  const queryClient = useQueryClient();
  const overview = useQuery({ queryKey: ['staff', 'menu'], queryFn: () => staffCall<MenuOverview>('GET', '/menu') });
  const [selection, setSelection] = useState<Selection>({ kind: 'none' });
  const [dirty, setDirty] = useState(false);
  const [pending, setPending] = useState<Selection | null>(null);
  const [announce, setAnnounce] = useState('');

  // Leaving the page (reload, closing the tab) with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // The notice fades after a while; the live region itself stays, so the next one is announced too.
  useEffect(() => {
    if (!announce) return;
    const timer = setTimeout(() => setAnnounce(''), 6000);
    return () => clearTimeout(timer);
  }, [announce]);

  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);
  const select = (next: Selection) => {
    if (dirty) setPending(next);
    else setSelection(next);
  };
  const afterDelete = (what: string, outcome: DeleteOutcome) => {
    setDirty(false);
    setSelection({ kind: 'none' });
    setAnnounce(
      outcome.archived
        ? t`${what} is off the menu. Dishes that were ordered before are archived; past orders keep them.`
        : t`${what} is deleted.`,
    );
  };

  const move = async (ids: number[], url: string, label: string) => {
    try {
      await staffCall('PUT', url, { ids });
      await queryClient.invalidateQueries({ queryKey: ['staff', 'menu'] });
      setAnnounce(label);
    } catch {
      setAnnounce(t`The new order could not be saved. Please check the connection and try again.`);
    }
  };

  const data = overview.data;
  if (!data) {
    return (
      <main className="staff-page">
        <h1>
          <Trans>Menu</Trans>
        </h1>
        <NeedsNetwork />
        <p className="staff-muted">{overview.isError ? <Trans>The menu cannot be loaded. Retrying…</Trans> : <Trans>Loading…</Trans>}</p>
      </main>
    );
  }
  const categoryIds = data.categories.map((c) => c.id);
  const categoryOfProduct = (id: number) => data.categories.find((c) => c.products.some((p) => p.id === id));
  const defaultTax = data.taxes.find((x) => x.percent === 7) ?? data.taxes[0];
  const selectedCategory = selection.kind === 'category' ? data.categories.find((c) => c.id === selection.id) : undefined;
  const selectedProductCategory = selection.kind === 'product' ? categoryOfProduct(selection.id) : undefined;
  const isCurrent = (kind: 'category' | 'product', id: number) => selection.kind === kind && selection.id === id;

  return (
    <main className="staff-page menu-screen">
      <div className="menu-head">
        <h1>
          <Trans>Menu</Trans>
        </h1>
        {canEdit ? (
          <button type="button" className="staff-button staff-button--primary" disabled={!online} onClick={() => select({ kind: 'new-category' })}>
            <Trans>New category</Trans>
          </button>
        ) : null}
      </div>
      <NeedsNetwork />
      <div className="menu-layout">
        <nav className="menu-tree staff-card" aria-label={t`Categories and dishes`}>
          {data.categories.length === 0 ? (
            <p className="staff-muted">
              <Trans>No categories yet. Start with “New category”, for example “Pizza”.</Trans>
            </p>
          ) : null}
          <ul className="menu-tree__categories">
            {data.categories.map((category: MenuOverviewCategory, ci) => {
              const cName = nameOf(category.name);
              const productIds = category.products.map((p) => p.id);
              return (
                <li key={category.id} className="menu-tree__category">
                  <div className="menu-tree__row">
                    <button
                      type="button"
                      className="menu-tree__item menu-tree__item--category"
                      aria-current={isCurrent('category', category.id) ? 'true' : undefined}
                      onClick={() => select({ kind: 'category', id: category.id })}
                    >
                      <span>
                        <bdi>{cName}</bdi>
                      </span>
                      <span className="menu-tree__count">{plural(category.products.length, { one: '# dish', other: '# dishes' })}</span>
                      {!category.active ? <span className="admin-badge admin-badge--warn">{t`Hidden`}</span> : null}
                    </button>
                    {canEdit ? (
                      <MoveButtons
                        name={cName}
                        first={ci === 0}
                        last={ci === data.categories.length - 1}
                        disabled={!online}
                        onMove={(by) => void move(swap(categoryIds, ci, by), '/menu/categories/order', by < 0 ? t`${cName} moved up.` : t`${cName} moved down.`)}
                      />
                    ) : null}
                  </div>
                  <ul className="menu-tree__products">
                    {category.products.map((product, pi) => {
                      const pName = nameOf(product.name);
                      return (
                        <li key={product.id} className="menu-tree__row">
                          <button
                            type="button"
                            className="menu-tree__item"
                            aria-current={isCurrent('product', product.id) ? 'true' : undefined}
                            onClick={() => select({ kind: 'product', id: product.id })}
                          >
                            <span>
                              <bdi>{pName}</bdi>
                            </span>
                            {product.price !== null ? <span className="menu-tree__price">{formatEuros(product.price, i18n.locale)} €</span> : null}
                            {!product.active ? <span className="admin-badge admin-badge--warn">{t`Hidden`}</span> : null}
                          </button>
                          {canEdit ? (
                            <MoveButtons
                              name={pName}
                              first={pi === 0}
                              last={pi === category.products.length - 1}
                              disabled={!online}
                              onMove={(by) =>
                                void move(
                                  swap(productIds, pi, by),
                                  `/menu/categories/${category.id}/products/order`,
                                  by < 0 ? t`${pName} moved up.` : t`${pName} moved down.`,
                                )
                              }
                            />
                          ) : null}
                        </li>
                      );
                    })}
                  </ul>
                  {canEdit ? (
                    <button type="button" className="admin-link menu-tree__new" disabled={!online} onClick={() => select({ kind: 'new-product', categoryId: category.id })}>
                      {t`New product in ${cName}`}
                    </button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="menu-pane">
          {selection.kind === 'none' ? (
            <p className="staff-card staff-muted">
              <Trans>Choose a category or a dish on the left to see and change it.</Trans>
            </p>
          ) : null}
          {selection.kind === 'new-category' || selectedCategory ? (
            <CategoryEditor
              key={selectedCategory ? `c${selectedCategory.id}` : 'new-category'}
              category={selectedCategory ?? null}
              canEdit={canEdit}
              online={online}
              onDirtyChange={onDirtyChange}
              onSaved={(id) => {
                setDirty(false);
                setSelection({ kind: 'category', id });
                setAnnounce(t`Saved. Guests see the change the next time their menu refreshes.`);
              }}
              onDeleted={(outcome) => afterDelete(nameOf(selectedCategory?.name ?? {}), outcome)}
            />
          ) : null}
          {selection.kind === 'new-product' && defaultTax ? (
            <ProductEditor
              key={`new-${selection.categoryId}`}
              id={null}
              initial={emptyProduct(selection.categoryId, defaultTax.id)}
              overview={data}
              canEdit={canEdit}
              online={online}
              ordered={false}
              onDirtyChange={onDirtyChange}
              onSaved={(product: SavedProduct) => {
                setDirty(false);
                setSelection({ kind: 'product', id: product.id });
                setAnnounce(t`Saved. Guests see the change the next time their menu refreshes.`);
              }}
              onDeleted={() => undefined}
            />
          ) : null}
          {selection.kind === 'product' ? (
            <LoadedProductEditor
              id={selection.id}
              overview={data}
              canEdit={canEdit}
              online={online}
              ordered={selectedProductCategory?.products.find((p) => p.id === selection.id)?.ordered ?? false}
              onDirtyChange={onDirtyChange}
              onSaved={() => setAnnounce(t`Saved. Guests see the change the next time their menu refreshes.`)}
              onDeleted={(outcome) => afterDelete(nameOf(selectedProductCategory?.products.find((p) => p.id === selection.id)?.name ?? {}), outcome)}
            />
          ) : null}
        </div>
      </div>
      {/* One live region for the whole screen, there from the start, so every save, move and deletion is announced. */}
      <p className={announce ? 'menu-toast' : 'visually-hidden'} role="status" aria-live="polite">
        {announce}
      </p>
      {pending ? (
        <ConfirmDialog
          title={t`Discard unsaved changes?`}
          confirmLabel={t`Discard changes`}
          danger
          onCancel={() => setPending(null)}
          onConfirm={() => {
            setDirty(false);
            setSelection(pending);
            setPending(null);
          }}
        >
          <p>
            <Trans>You changed this entry without saving. If you go on, those changes are lost.</Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </main>
  );
}

function LoadedProductEditor({
  id,
  ...props
}: { id: number } & Pick<Parameters<typeof ProductEditor>[0], 'overview' | 'canEdit' | 'online' | 'ordered' | 'onDirtyChange' | 'onDeleted' | 'onSaved'>) {
  const { i18n } = useLingui();
  const product = useQuery({ queryKey: ['staff', 'menu', 'product', id], queryFn: () => staffCall<SavedProduct>('GET', `/menu/products/${id}`), staleTime: Infinity });
  if (!product.data) {
    return <p className="staff-card staff-muted">{product.isError ? <Trans>This dish cannot be loaded.</Trans> : <Trans>Loading…</Trans>}</p>;
  }
  return <ProductEditor key={`p${id}`} id={id} initial={toDraft(product.data, i18n.locale)} {...props} />;
}

function MoveButtons({ name, first, last, disabled, onMove }: { name: string; first: boolean; last: boolean; disabled: boolean; onMove: (by: -1 | 1) => void }) {
  const { t } = useLingui();
  return (
    <span className="menu-move">
      {/* aria-disabled, not disabled: the button keeps focus when its row reaches the top or the end. */}
      <button type="button" className="menu-move__button" aria-label={t`Move ${name} up`} aria-disabled={disabled || first} onClick={() => !(disabled || first) && onMove(-1)}>
        ↑
      </button>
      <button type="button" className="menu-move__button" aria-label={t`Move ${name} down`} aria-disabled={disabled || last} onClick={() => !(disabled || last) && onMove(1)}>
        ↓
      </button>
    </span>
  );
}

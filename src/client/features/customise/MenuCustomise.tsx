import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { MenuSlotChoice } from '../../../shared/contract/cart';
import { posterUrl, type Menu } from '../../../shared/contract/catalog';
import { menuBasePrice, menuLinePrice, toCents, validateMenuChoice } from '../../../shared/pricing';
import { Dialog } from '../../ui/Dialog';
import { useMoney } from '../../ui/money';
import { addLine } from '../cart';
import { normaliseOptions } from './choice-state';
import { ExtrasField } from './ExtrasField';
import { AddToCartFooter } from './AddToCartFooter';
import { soldOutNames } from '../../../shared/availability';
import { useAvailability } from '../availability';
import { isValidModalQty } from './QuantityField';
import { VariantFields } from './VariantFields';

/** A combo menu: one required product per slot, each with its own options and extras at the slot's size. */
export function MenuCustomise({ menu, onClose }: { menu: Menu; onClose: () => void }) {
  const { t } = useLingui();
  const money = useMoney();
  const [items, setItems] = useState<Partial<Record<number, MenuSlotChoice>>>({});
  const [qty, setQty] = useState(1);
  // A slot shows its error once the diner has been there or tried to add, never on opening.
  const [visited, setVisited] = useState<ReadonlySet<number>>(() => new Set());
  const [attempted, setAttempted] = useState(false);
  const visit = (slotId: number) => setVisited((prev) => (prev.has(slotId) ? prev : new Set(prev).add(slotId)));
  const chosen = menu.items.flatMap((slot) => items[slot.id] ?? []);
  const issues = validateMenuChoice(menu, chosen);
  const valid = issues.length === 0 && isValidModalQty(qty);
  const total = menuLinePrice(menu, chosen, isValidModalQty(qty) ? qty : 1);
  const idPrefix = `menu-${menu.id}`;
  const { sold } = useAvailability();
  const soldOut = soldOutNames({ id: '', type: 'menuItem', menuId: menu.id, name: menu.name, qty, items: chosen, menu }, sold);

  const update = (slotId: number, change: Partial<MenuSlotChoice>) =>
    setItems((prev) => {
      const current = prev[slotId];
      if (!current) return prev;
      return { ...prev, [slotId]: { ...current, ...change } };
    });

  return (
    <Dialog
      open
      onClose={onClose}
      title={menu.name}
      media={menu.hasPoster ? <img className="dialog__media" src={posterUrl(menu, 'wide')} alt="" /> : null}
      footer={
        <AddToCartFooter
          idPrefix={idPrefix}
          qty={qty}
          onQty={setQty}
          total={total}
          // An empty slot is explained when the diner tries; anything else cannot be added at all.
          disabled={!isValidModalQty(qty) || issues.some((i) => !(i.field === 'slot' && i.reason === 'required')) || soldOut.length > 0}
          describedBy={soldOut.length ? `${idPrefix}-sold-out` : undefined}
          onAdd={() => {
            if (!valid) {
              // An attempt to add shows what is missing and takes the diner there.
              setAttempted(true);
              const missing = menu.items.find((slot) => !items[slot.id]);
              if (missing) document.getElementById(`${idPrefix}-slot-${missing.id}`)?.focus();
              return;
            }
            addLine({ type: 'menuItem', menuId: menu.id, name: menu.name, qty, items: chosen, menu });
            onClose();
          }}
        />
      }
    >
      {menu.description ? <p className="dialog__lead">{menu.description}</p> : null}
      {menu.discount > 0 ? (
        <p className="menu-discount">
          <s>{money(toCents(menu.price))}</s> <strong>{money(menuBasePrice(menu))}</strong>{' '}
          <span className="badge">{t`−${menu.discount} %`}</span>
        </p>
      ) : null}
      {menu.items.map((slot, index) => {
        const choice = items[slot.id];
        const product = slot.products.find((p) => p.id === choice?.productId);
        const selectId = `${idPrefix}-slot-${slot.id}`;
        const size = product?.sizes[0];
        const showError = !choice && (attempted || visited.has(slot.id));
        return (
          <section key={slot.id} className="menu-slot" aria-labelledby={`${selectId}-label`}>
            <div className="field">
              <label id={`${selectId}-label`} htmlFor={selectId}>
                {index + 1}. {slot.name} <span className="required">{t`(required)`}</span>
              </label>
              <select
                id={selectId}
                required
                value={choice?.productId ?? ''}
                aria-invalid={showError ? true : undefined}
                aria-describedby={showError ? `${selectId}-error` : undefined}
                onBlur={() => visit(slot.id)}
                onChange={(e) => {
                  visit(slot.id);
                  const next = slot.products.find((p) => p.id === Number(e.target.value));
                  setItems((prev) => ({
                    ...prev,
                    [slot.id]: next
                      ? { slotId: slot.id, productId: next.id, options: normaliseOptions(next.variants, {}), extraIds: [] }
                      : undefined,
                  }));
                }}
              >
                <option value="">{t`Please choose`}</option>
                {slot.products.map((p) => (
                  <option key={p.id} value={p.id} disabled={sold.product.has(p.id)}>
                    {sold.product.has(p.id) ? t`${p.name} (sold out)` : p.name}
                    {p.sizes[0]?.name ? ` (${p.sizes[0].name})` : ''}
                  </option>
                ))}
              </select>
              {showError ? (
                <p className="field-error" id={`${selectId}-error`} role="alert">
                  {t`Please make a choice here.`}
                </p>
              ) : null}
            </div>
            {product && choice && size ? (
              <div className="menu-slot__details">
                <VariantFields
                  root={product.variants}
                  variants={product.variants}
                  options={choice.options}
                  onChange={(options) => update(slot.id, { options })}
                  idPrefix={`${selectId}-p${product.id}`}
                  soldOut={sold.option}
                />
                <ExtrasField
                  extras={product.extras}
                  sizeId={size.id}
                  chosen={choice.extraIds}
                  onChange={(extraIds) => update(slot.id, { extraIds })}
                  idPrefix={`${selectId}-p${product.id}`}
                  soldOut={sold.extra}
                />
              </div>
            ) : null}
          </section>
        );
      })}
      {soldOut.length ? (
        <p id={`${idPrefix}-sold-out`} className="sold-out-note" role="status">
          {t`Sold out: ${soldOut.join(', ')}. Please choose something else.`}
        </p>
      ) : null}
    </Dialog>
  );
}

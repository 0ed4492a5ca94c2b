import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { MenuSlotChoice } from '../../../shared/contract/cart';
import type { Menu, Product } from '../../../shared/contract/catalog';
import { conflictsIn, productConflict } from '../../../shared/allergens';
import { AllergenNotice, useAvoidance } from '../allergen-filter';
import { useAvoidedChoices } from './avoided-choices';
import { menuBasePrice, menuLinePrice, toCents, validateMenuChoice, type ChoiceIssue } from '../../../shared/pricing';
import { Poster } from '../../ui/Poster';
import { Sheet } from '../../ui/Sheet';
import { useMoney } from '../../ui/money';
import { addLine } from '../cart';
import { findVariant, freshSlotChoice } from './choice-state';
import { ExtrasField } from './ExtrasField';
import { AddToCartFooter } from './AddToCartFooter';
import { soldOutNames } from '../../../shared/availability';
import { useAvailability } from '../availability';
import { isValidModalQty } from './QuantityField';
import { SlotCards } from './SlotCards';
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
  const name = missingName(menu, items, issues);
  const missing = name === null ? null : t`Please choose ${name}`;

  const { filter, active, name: nameCodes } = useAvoidance();
  const update = (slotId: number, change: Partial<MenuSlotChoice>) =>
    setItems((prev) => {
      const current = prev[slotId];
      if (!current) return prev;
      return { ...prev, [slotId]: { ...current, ...change } };
    });

  return (
    <Sheet
      onClose={onClose}
      title={menu.name}
      image={menu.hasPoster ? <Poster media={menu.poster} variant="wide" width={640} height={400} sizes="(min-width: 600px) 560px, 100vw" eager /> : null}
      footer={
        <AddToCartFooter
          idPrefix={idPrefix}
          qty={qty}
          onQty={setQty}
          total={total}
          // An empty slot is explained when the diner tries; anything else cannot be added at all.
          disabled={!isValidModalQty(qty) || issues.some((i) => i.reason !== 'required') || soldOut.length > 0}
          missing={missing}
          describedBy={soldOut.length ? `${idPrefix}-sold-out` : undefined}
          onAdd={() => {
            if (!valid) {
              // An attempt to add shows what is missing and takes the diner there.
              setAttempted(true);
              const empty = menu.items.find((slot) => !items[slot.id]);
              if (empty) document.getElementById(`${idPrefix}-slot-${empty.id}-first`)?.focus();
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
          <span className="badge" dir="ltr">
            {t`−${menu.discount} %`}
          </span>
        </p>
      ) : null}
      {menu.items.map((slot, index) => {
        const choice = items[slot.id];
        const declared = slot.products.flatMap((p) => [...p.allergens, ...p.additives]);
        const avoidedDishes = new Map([...conflictsIn(filter, slot.products, productConflict)].map(([id, codes]) => [id, nameCodes(codes, declared)]));
        const product = slot.products.find((p) => p.id === choice?.productId);
        const groupId = `${idPrefix}-slot-${slot.id}`;
        const size = product?.sizes[0];
        const showError = !choice && (attempted || visited.has(slot.id));
        return (
          <section key={slot.id} className="menu-slot" aria-labelledby={`${groupId}-label`}>
            <SlotCards
              slot={slot}
              label={`${index + 1}. ${slot.name}`}
              groupId={groupId}
              chosenId={choice?.productId}
              soldOut={sold.product}
              avoided={avoidedDishes}
              error={showError ? t`Please make a choice here.` : null}
              onLeave={() => visit(slot.id)}
              onChoose={(productId) => {
                visit(slot.id);
                const next = slot.products.find((p) => p.id === productId);
                // Its choices then start on options the diner can have (SlotDishChoices).
                if (next) setItems((prev) => ({ ...prev, [slot.id]: freshSlotChoice(slot.id, next) }));
              }}
            />
            {product && choice && size ? (
              <div className="menu-slot__details">
                <SlotDishChoices
                  product={product}
                  choice={choice}
                  sizeId={size.id}
                  idPrefix={`${groupId}-p${product.id}`}
                  onChange={(change) => update(slot.id, change)}
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
      {active ? <AllergenNotice /> : null}
    </Sheet>
  );
}

/** A slot's chosen dish: its options and extras, less what the diner's allergen filter rules out. */
function SlotDishChoices({
  product,
  choice,
  sizeId,
  idPrefix,
  onChange,
}: {
  product: Product;
  choice: MenuSlotChoice;
  sizeId: number;
  idPrefix: string;
  onChange: (change: Partial<MenuSlotChoice>) => void;
}) {
  const { sold } = useAvailability();
  const avoided = useAvoidedChoices(product, (clean) => onChange(clean(choice.options, choice.extraIds)));
  return (
    <div className="menu-slot__details">
      <VariantFields
        root={product.variants}
        variants={product.variants}
        options={choice.options}
        onChange={(options) => onChange({ options: avoided.clean(options, choice.extraIds).options })}
        idPrefix={idPrefix}
        soldOut={sold.option}
        avoided={avoided.options}
      />
      <ExtrasField
        extras={product.extras}
        sizeId={sizeId}
        chosen={choice.extraIds}
        onChange={(extraIds) => onChange({ extraIds })}
        idPrefix={idPrefix}
        soldOut={sold.extra}
        avoided={avoided.extras}
      />
    </div>
  );
}

/** The name of the first thing still to choose: an empty slot, or a required option of a slot's dish. */
function missingName(menu: Menu, items: Partial<Record<number, MenuSlotChoice>>, issues: ChoiceIssue[]): string | null {
  const issue = issues.find((i) => i.reason === 'required');
  const slot = issue && menu.items.find((s) => s.id === (issue.field === 'slot' ? issue.id : issue.slotId));
  if (!issue || !slot) return null;
  if (issue.field === 'slot') return slot.name;
  const product = slot.products.find((p) => p.id === items[slot.id]?.productId);
  return (product && findVariant(product.variants, issue.id)?.name) ?? slot.name;
}

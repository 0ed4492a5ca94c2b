import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { ProductChoice } from '../../../shared/contract/cart';
import { DEFAULT_SIZE_NAME, type Product } from '../../../shared/contract/catalog';
import { defaultProductChoice, extraPriceForSize, productLinePrice, toCents, validateProductChoice } from '../../../shared/pricing';
import { Poster } from '../../ui/Poster';
import { Sheet } from '../../ui/Sheet';
import { useMoney } from '../../ui/money';
import { keepUnitWithNumber } from '../../ui/unit-spacing';
import { addLine } from '../cart';
import { soldOutNames } from '../../../shared/availability';
import { useAvailability } from '../availability';
import { findVariant } from './choice-state';
import { AllergenNotice } from '../allergen-filter';
import { useAvoidedChoices } from './avoided-choices';
import { Declarations } from './Declarations';
import { ExtrasField } from './ExtrasField';
import { AddToCartFooter } from './AddToCartFooter';
import { isValidModalQty } from './QuantityField';
import { VariantFields } from './VariantFields';

export function ProductCustomise({ product, onClose }: { product: Product; onClose: () => void }) {
  const { t } = useLingui();
  const money = useMoney();
  const [choice, setChoice] = useState<ProductChoice>(() => defaultProductChoice(product));
  const avoided = useAvoidedChoices(product, (clean) => setChoice((c) => ({ ...c, ...clean(c.options, c.extraIds) })));
  const names = avoided.dish;
  const [qty, setQty] = useState(1);
  // Missing choices show once the diner has chosen something or tried to add, never on opening.
  const [attempted, setAttempted] = useState(false);
  const [touched, setTouched] = useState(false);
  const issues = validateProductChoice(product, choice);
  const valid = issues.length === 0 && isValidModalQty(qty);
  const total = productLinePrice(product, choice, isValidModalQty(qty) ? qty : 1);
  const visibleSizes = product.sizes.filter((s) => s.name && s.name !== DEFAULT_SIZE_NAME);
  const idPrefix = `product-${product.id}`;
  const requiredMissing = issues.some((i) => i.reason === 'required');
  const { sold } = useAvailability();
  const soldOut = soldOutNames({ id: '', type: 'productItem', productId: product.id, categoryId: product.category.id, name: product.name, qty, choice, product }, sold);
  const showMissing = requiredMissing && (attempted || touched);
  const firstMissing = issues.find((i) => i.reason === 'required');
  const name = firstMissing?.field === 'variant' ? (findVariant(product.variants, firstMissing.id)?.name ?? '') : '';
  const missing = !firstMissing ? null : name ? t`Please choose ${name}` : t`Please choose a size`;

  const onSizeChange = (sizeId: number) =>
    // Extras are priced per size: keep only those the new size offers.
    setChoice((c) => ({
      ...c,
      sizeId,
      extraIds: c.extraIds.filter((id) => {
        const extra = product.extras.find((e) => e.id === id);
        return extra !== undefined && extraPriceForSize(extra, sizeId) !== null;
      }),
    }));

  return (
    <Sheet
      onClose={onClose}
      title={product.name}
      image={product.hasPoster ? <Poster media={product.poster} variant="wide" width={640} height={400} sizes="(min-width: 600px) 560px, 100vw" eager /> : null}
      footer={
        <AddToCartFooter
          idPrefix={idPrefix}
          qty={qty}
          onQty={setQty}
          total={total}
          // A missing choice is explained when the diner tries; anything else cannot be added at all.
          disabled={!isValidModalQty(qty) || issues.some((i) => i.reason !== 'required') || soldOut.length > 0}
          missing={missing}
          describedBy={soldOut.length ? `${idPrefix}-sold-out` : showMissing ? `${idPrefix}-missing` : undefined}
          onAdd={() => {
            if (!valid) {
              setAttempted(true);
              return;
            }
            addLine({ type: 'productItem', productId: product.id, categoryId: product.category.id, name: product.name, qty, choice, product });
            onClose();
          }}
        />
      }
    >
      {product.description ? <p className="dialog__lead">{product.description}</p> : null}
      {names ? (
        <p className="avoided-note" role="note">
          {t`Contains what you avoid: ${names}`}
        </p>
      ) : null}
      {soldOut.length ? (
        <p id={`${idPrefix}-sold-out`} className="sold-out-note" role="status">
          {sold.product.has(product.id) ? t`Sold out for now. Please choose another dish.` : t`Sold out: ${soldOut.join(', ')}. Please choose something else.`}
        </p>
      ) : null}
      {visibleSizes.length > 1 ? (
        <fieldset className="field sizes">
          <legend>
            <Trans>Size</Trans>
          </legend>
          <div className="segmented">
            {visibleSizes.map((s) => (
              <label key={s.id} className="segmented__option">
                <input type="radio" name={`${idPrefix}-size`} value={s.id} checked={choice.sizeId === s.id} onChange={() => onSizeChange(s.id)} required />
                <span>{keepUnitWithNumber(s.name)}</span>
                <span className="price-tag">{money(toCents(s.price))}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <VariantFields
        root={product.variants}
        variants={product.variants}
        options={choice.options}
        onChange={(options) => {
          setTouched(true);
          // A required select that just became reachable starts on an option the diner can have.
          setChoice((c) => ({ ...c, options: avoided.clean(options, c.extraIds).options }));
        }}
        idPrefix={idPrefix}
        soldOut={sold.option}
        avoided={avoided.options}
      />
      <ExtrasField
        soldOut={sold.extra}
        avoided={avoided.extras}
        extras={product.extras}
        sizeId={choice.sizeId}
        chosen={choice.extraIds}
        onChange={(extraIds) => setChoice((c) => ({ ...c, extraIds }))}
        idPrefix={idPrefix}
      />
      <Declarations product={product} />
      {avoided.active ? <AllergenNotice /> : null}
      {showMissing ? (
        <p id={`${idPrefix}-missing`} className="field-error" role="alert">
          {t`Please make a choice for every required option.`}
        </p>
      ) : null}
    </Sheet>
  );
}

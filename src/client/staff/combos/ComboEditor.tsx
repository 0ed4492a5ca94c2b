import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { comboMenuSchema, type ComboMenuInput, type ComboProductOption } from '../../../shared/contract/combo-admin';
import { DEFAULT_SIZE_NAME, type Language } from '../../../shared/contract/catalog';
import { toCents } from '../../../shared/pricing';
import { useMoney } from '../../ui/money';
import { I18nTextField } from '../admin/I18nTextField';
import { useEditSave, type FieldErrors } from '../admin/edit-form';
import { useOnline } from '../admin/NeedsNetwork';
import { EditorPhoto } from '../photos/EditorPhoto';
import { documentOf, emptySlot, moved, priceExample, type CandidateValues, type ComboFormValues, type SlotValues } from './form';

interface Props {
  initial: ComboFormValues;
  /** Null for a new menu. */
  menuId: number | null;
  products: readonly ComboProductOption[];
  languages: Language[];
  onSave: (document: ComboMenuInput) => Promise<void>;
  onClose: () => void;
}

/** The error of a field, with the id its input points to through aria-describedby. */
function useFieldError(errors: FieldErrors, prefix: string) {
  return (path: string) => {
    const message = errors[path];
    const id = `${prefix}-${path.replace(/[^\w-]/g, '_')}-error`;
    return {
      message,
      id,
      describedBy: message ? id : undefined,
      node: message ? (
        <p className="staff-error" id={id}>
          {message}
        </p>
      ) : null,
    };
  };
}

/**
 * One combo menu as a form: texts per language, price and discount with a live example, then the
 * slots (courses) in order, each with the dishes a diner may pick and the size served.
 */
export function ComboEditor({ initial, menuId, products, languages, onSave, onClose }: Props) {
  const { t } = useLingui();
  const money = useMoney();
  const online = useOnline();
  const prefix = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [values, setValues] = useState<ComboFormValues>(initial);
  const save = useEditSave<ComboMenuInput>(comboMenuSchema, onSave);
  const fieldError = useFieldError(save.errors, prefix);
  useEffect(() => heading.current?.focus(), []);

  const set = (change: Partial<ComboFormValues>) => setValues((v) => ({ ...v, ...change }));
  const setSlot = (index: number, change: Partial<SlotValues>) => setValues((v) => ({ ...v, slots: v.slots.map((s, i) => (i === index ? { ...s, ...change } : s)) }));
  const setCandidate = (slot: number, index: number, change: Partial<CandidateValues>) =>
    setValues((v) => ({
      ...v,
      slots: v.slots.map((s, i) => (i === slot ? { ...s, candidates: s.candidates.map((c, j) => (j === index ? { ...c, ...change } : c)) } : s)),
    }));

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const ok = await save.submit(documentOf(values));
    if (!ok) {
      // The first marked field takes the focus, so a keyboard or screen reader user lands on it.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('.combo-editor [aria-invalid="true"]')?.focus());
    }
  };

  const example = priceExample(values, products);
  const byCategory = new Map<string, ComboProductOption[]>();
  for (const p of products) byCategory.set(p.category, [...(byCategory.get(p.category) ?? []), p]);
  const sizeName = (name: string) => (name === DEFAULT_SIZE_NAME ? t`One size` : name);
  const priceError = fieldError('price');
  const discountError = fieldError('discount');
  const slotsError = fieldError('slots');

  return (
    <>
      <form className="staff-card combo-editor" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${prefix}-title`}>
        <h2 id={`${prefix}-title`} ref={heading} tabIndex={-1}>
          {menuId === null ? <Trans>New combo menu</Trans> : <Trans>Edit combo menu</Trans>}
        </h2>
        <I18nTextField id={`${prefix}-name`} label={t`Name`} value={values.name} onChange={(name) => set({ name })} languages={languages} required error={save.errors.name} />
        <p className="staff-muted admin-hint">
          <Trans>The name diners see on the menu, for example “Lunch menu”.</Trans>
        </p>
        <I18nTextField
          id={`${prefix}-description`}
          label={t`Description`}
          value={values.description}
          onChange={(description) => set({ description })}
          languages={languages}
          multiline
          error={save.errors.description}
        />
        <p className="staff-muted admin-hint">
          <Trans>One or two sentences on what the menu includes and when it is offered.</Trans>
        </p>

        <div className="combo-prices">
          <div className="combo-field">
            <label htmlFor={`${prefix}-price`}>
              <Trans>Menu price (€)</Trans>
            </label>
            <input
              id={`${prefix}-price`}
              inputMode="decimal"
              value={values.price}
              onChange={(e) => set({ price: e.target.value })}
              aria-invalid={priceError.message ? true : undefined}
              aria-describedby={[`${prefix}-price-hint`, priceError.describedBy].filter(Boolean).join(' ')}
            />
            <p className="staff-muted admin-hint" id={`${prefix}-price-hint`}>
              <Trans>The price of the whole menu before the discount; the chosen dishes' sizes are included in it.</Trans>
            </p>
            {priceError.node}
          </div>
          <div className="combo-field">
            <label htmlFor={`${prefix}-discount`}>
              <Trans>Discount (%)</Trans>
            </label>
            <input
              id={`${prefix}-discount`}
              inputMode="numeric"
              value={values.discount}
              onChange={(e) => set({ discount: e.target.value })}
              aria-invalid={discountError.message ? true : undefined}
              aria-describedby={[`${prefix}-discount-hint`, discountError.describedBy].filter(Boolean).join(' ')}
            />
            <p className="staff-muted admin-hint" id={`${prefix}-discount-hint`}>
              <Trans>A whole percent from 0 to 100 taken off the menu price; options and extras diners add are never discounted.</Trans>
            </p>
            {discountError.node}
          </div>
        </div>
        <p className="combo-example" aria-live="polite">
          {example ? (
            example.separately !== null && example.separately > example.pays ? (
              <Trans>
                Diners pay {money(example.pays)} instead of {money(example.separately)} for the first dish of each course bought separately.
              </Trans>
            ) : (
              <Trans>
                Diners pay {money(example.pays)} (menu price {money(example.listed)} less the discount).
              </Trans>
            )
          ) : (
            <Trans>Enter a price and a discount to see what diners pay.</Trans>
          )}
        </p>

        <label className="combo-check">
          <input type="checkbox" checked={values.active} onChange={(e) => set({ active: e.target.checked })} />
          <span>
            <Trans>Shown on the menu</Trans>
          </span>
        </label>
        <p className="staff-muted admin-hint">
          <Trans>Untick to hide the menu from diners without deleting it.</Trans>
        </p>

        <fieldset className="combo-slots" aria-describedby={slotsError.describedBy}>
          <legend>
            <Trans>Courses</Trans>
          </legend>
          <p className="staff-muted admin-hint">
            <Trans>Each course is one choice for the diner, in this order (for example soup, main course, dessert). List the dishes they may pick and the size served.</Trans>
          </p>
          {slotsError.node}
          {values.slots.map((slot, i) => {
            const slotName = slot.name[languages[0]?.code ?? 'de'] || t`Course ${i + 1}`;
            const candidatesError = fieldError(`slots[${i}].candidates`);
            return (
              <section key={slot.key} className="combo-slot" aria-label={t`Course ${i + 1}: ${slotName}`}>
                <div className="combo-slot__head">
                  <h3>
                    <Trans>Course {i + 1}</Trans>
                  </h3>
                  <div className="combo-actions">
                    <button
                      type="button"
                      className="staff-button staff-button--quiet staff-button--small"
                      disabled={i === 0}
                      aria-label={t`Move ${slotName} up`}
                      onClick={() => set({ slots: moved(values.slots, i, -1) })}
                    >
                      ↑ <Trans>Up</Trans>
                    </button>
                    <button
                      type="button"
                      className="staff-button staff-button--quiet staff-button--small"
                      disabled={i === values.slots.length - 1}
                      aria-label={t`Move ${slotName} down`}
                      onClick={() => set({ slots: moved(values.slots, i, 1) })}
                    >
                      ↓ <Trans>Down</Trans>
                    </button>
                    <button
                      type="button"
                      className="staff-button staff-button--reject staff-button--small"
                      disabled={values.slots.length === 1}
                      aria-label={t`Remove ${slotName}`}
                      onClick={() => set({ slots: values.slots.filter((_, j) => j !== i) })}
                    >
                      <Trans>Remove</Trans>
                    </button>
                  </div>
                </div>
                <I18nTextField
                  id={`${prefix}-slot-${slot.key}`}
                  label={t`Course name`}
                  value={slot.name}
                  onChange={(name) => setSlot(i, { name })}
                  languages={languages}
                  required
                  error={save.errors[`slots[${i}].name`] ?? save.errors[`slots[${i}].id`]}
                />
                <ul className="combo-candidates">
                  {slot.candidates.map((c, j) => {
                    const product = products.find((p) => String(p.id) === c.productId);
                    const productError = fieldError(`slots[${i}].candidates[${j}].productId`);
                    const sizeError = fieldError(`slots[${i}].candidates[${j}].sizeId`);
                    const rowId = `${prefix}-c-${slot.key}-${j}`;
                    return (
                      <li key={j} className="combo-candidate">
                        <div className="combo-field">
                          <label htmlFor={`${rowId}-product`}>
                            <Trans>Dish {j + 1}</Trans>
                          </label>
                          <select
                            id={`${rowId}-product`}
                            value={c.productId}
                            aria-invalid={productError.message ? true : undefined}
                            aria-describedby={productError.describedBy}
                            onChange={(e) => {
                              const next = products.find((p) => String(p.id) === e.target.value);
                              setCandidate(i, j, { productId: e.target.value, sizeId: next?.sizes[0] ? String(next.sizes[0].id) : '' });
                            }}
                          >
                            <option value="">{t`Choose a dish`}</option>
                            {[...byCategory].map(([category, list]) => (
                              <optgroup key={category} label={category}>
                                {list.map((p) => (
                                  <option key={p.id} value={p.id}>
                                    {p.name}
                                  </option>
                                ))}
                              </optgroup>
                            ))}
                            {c.productId && !product ? <option value={c.productId}>{t`A hidden dish (#${c.productId})`}</option> : null}
                          </select>
                          {productError.node}
                        </div>
                        <div className="combo-field">
                          <label htmlFor={`${rowId}-size`}>
                            <Trans>Size</Trans>
                          </label>
                          <select
                            id={`${rowId}-size`}
                            value={c.sizeId}
                            disabled={!product}
                            aria-invalid={sizeError.message ? true : undefined}
                            aria-describedby={sizeError.describedBy}
                            onChange={(e) => setCandidate(i, j, { sizeId: e.target.value })}
                          >
                            {product ? null : <option value={c.sizeId}>{t`Choose a dish first`}</option>}
                            {product?.sizes.map((s) => (
                              <option key={s.id} value={s.id}>
                                {sizeName(s.name)} · {money(toCents(s.price))}
                              </option>
                            ))}
                          </select>
                          {sizeError.node}
                        </div>
                        <button
                          type="button"
                          className="staff-button staff-button--quiet staff-button--small combo-candidate__remove"
                          disabled={slot.candidates.length === 1}
                          aria-label={t`Remove dish ${j + 1} from ${slotName}`}
                          onClick={() => setSlot(i, { candidates: slot.candidates.filter((_, k) => k !== j) })}
                        >
                          ✕
                        </button>
                      </li>
                    );
                  })}
                </ul>
                {candidatesError.node}
                <button
                  type="button"
                  className="staff-button staff-button--quiet staff-button--small"
                  onClick={() => setSlot(i, { candidates: [...slot.candidates, { productId: '', sizeId: '' }] })}
                >
                  + <Trans>Add a dish to {slotName}</Trans>
                </button>
              </section>
            );
          })}
          <button type="button" className="staff-button staff-button--quiet" onClick={() => set({ slots: [...values.slots, emptySlot()] })}>
            + <Trans>Add a course</Trans>
          </button>
        </fieldset>

        <div role="status" className="combo-status">
          {save.message ? <p className="staff-error">{save.message}</p> : null}
        </div>
        <div className="combo-actions combo-actions--end">
          <button type="button" className="staff-button staff-button--quiet" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button type="submit" className="staff-button staff-button--primary" disabled={save.busy || !online}>
            {save.busy ? <Trans>Saving…</Trans> : <Trans>Save combo menu</Trans>}
          </button>
        </div>
      </form>
      <EditorPhoto target="menu" id={menuId} />
    </>
  );
}

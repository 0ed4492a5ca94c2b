import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { productDocSchema, type MenuOverview, type ProductDoc } from '../../../shared/contract/menu-admin';
import { useEditSave } from '../admin/edit-form';
import { I18nTextField } from '../admin/I18nTextField';
import { useSiteLanguages } from '../admin/languages';
import { staffCall } from '../api';
import { ConfirmDialog } from '../admin/ConfirmDialog';
import { newKey, sameDraft, toDoc, toDraft, type ExtraDraft, type ProductDraft, type SizeDraft } from './draft';
import { describedBy, FieldError, fieldId, useFieldError } from './field';
import { DeclarationPicker } from './DeclarationPicker';
import { TaxSelect } from './TaxSelect';
import { VariantsEditor } from './VariantsEditor';
import { EditorPhoto } from '../photos/EditorPhoto';
import type { DeleteOutcome } from '../../../shared/contract/menu-admin';

export type SavedProduct = ProductDoc & { id: number };

interface Props {
  /** Null: a new product, started from `initial`. */
  id: number | null;
  initial: ProductDraft;
  overview: MenuOverview;
  canEdit: boolean;
  online: boolean;
  ordered: boolean;
  onSaved: (product: SavedProduct) => void;
  onDeleted: (outcome: DeleteOutcome) => void;
  onDirtyChange: (dirty: boolean) => void;
}

const replace = <T,>(list: T[], index: number, item: T): T[] => list.map((x, i) => (i === index ? item : x));
const without = <T,>(list: T[], index: number): T[] => list.filter((_, i) => i !== index);

/** Moves focus to the first marked field after a refused save, so a keyboard or screen reader user lands on it. */
function focusFirstError() {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('.menu-editor [aria-invalid="true"]')?.focus());
}

/** One product in sections: basics, sizes and prices, choices, extras, allergens and additives; saved as one document. */
export function ProductEditor({ id, initial, overview, canEdit, online, ordered, onSaved, onDeleted, onDirtyChange }: Props) {
  const { t, i18n } = useLingui();
  const languages = useSiteLanguages();
  const queryClient = useQueryClient();
  const [base, setBase] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const dirty = !sameDraft(base, draft);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  // Opening an entry takes focus (and, on a phone, the view) to its editor.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const { submit, errors, message, busy, setErrors } = useEditSave<ProductDoc>(productDocSchema, async (doc) => {
    const product = id === null ? await staffCall<SavedProduct>('POST', '/menu/products', doc) : await staffCall<SavedProduct>('PUT', `/menu/products/${id}`, doc);
    const next = toDraft(product, i18n.locale);
    setBase(next);
    setDraft(next);
    // The editor keeps its own copy; the cache gets the saved one for the next visit, the list refreshes.
    queryClient.setQueryData(['staff', 'menu', 'product', product.id], product);
    void queryClient.invalidateQueries({ queryKey: ['staff', 'menu'], exact: true });
    onSaved(product);
  });
  const errorOf = useFieldError(errors);
  const set = (patch: Partial<ProductDraft>) => setDraft({ ...draft, ...patch });
  const sizeLabel = (size: SizeDraft, i: number) => size.name.de?.trim() || (draft.sizes.length === 1 ? t`Price` : t`Size ${i + 1}`);

  const save = async () => {
    if (!(await submit(toDoc(draft)))) focusFirstError();
  };
  const discard = () => {
    setDraft(base);
    setErrors({});
  };
  const remove = async () => {
    setConfirmDelete(false);
    setDeleteError(null);
    try {
      const outcome = await staffCall<DeleteOutcome>('DELETE', `/menu/products/${id ?? 0}`);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'menu'], exact: true });
      onDeleted(outcome);
    } catch {
      setDeleteError(t`The product could not be deleted. Please check the connection and try again.`);
    }
  };
  const setSize = (i: number, size: SizeDraft) => set({ sizes: replace(draft.sizes, i, size) });
  const setExtra = (i: number, extra: ExtraDraft) => set({ extras: replace(draft.extras, i, extra) });
  const toggleDeclaration = (declarationId: number, on: boolean) =>
    // Ascending, as the server gives them back: ticking and unticking again leaves nothing unsaved.
    set({ declarationIds: on ? [...new Set([...draft.declarationIds, declarationId])].sort((a, b) => a - b) : draft.declarationIds.filter((x) => x !== declarationId) });
  const title = draft.name.de?.trim() || t`New product`;
  // A refused declaration (removed meanwhile) is marked on its box, the message under the section's hint.
  const declarationError = (i: number) => errorOf(`declarationIds[${i}]`);
  const declarationsError = errorOf('declarationIds') ?? draft.declarationIds.map((_, i) => declarationError(i)).find(Boolean);

  return (
    <>
      <form
        className="menu-editor"
        aria-labelledby="menu-product-title"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <h2 id="menu-product-title" ref={headingRef} tabIndex={-1}>
          {title}
        </h2>
        <fieldset className="menu-plain" disabled={!canEdit}>
          <section className="staff-card menu-section" aria-labelledby="menu-basics">
            <h3 id="menu-basics">
              <Trans>Basics</Trans>
            </h3>
            <I18nTextField id={fieldId('name')} label={t`Name`} value={draft.name} onChange={(name) => set({ name })} languages={languages} error={errorOf('name')} required />
            <p className="staff-muted admin-hint">
              <Trans>The name guests read on the menu and on their receipt.</Trans>
            </p>
            <I18nTextField
              id={fieldId('description')}
              label={t`Description`}
              value={draft.description}
              onChange={(description) => set({ description })}
              languages={languages}
              error={errorOf('description')}
              multiline
            />
            <div className="menu-row">
              <label className="menu-field">
                <span>{t`Category`}</span>
                <select {...describedBy('categoryId', errorOf('categoryId'))} value={draft.categoryId} onChange={(e) => set({ categoryId: Number(e.target.value) })}>
                  {overview.categories.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name.de ?? Object.values(c.name)[0]}
                    </option>
                  ))}
                </select>
                <FieldError path="categoryId" error={errorOf('categoryId')} />
              </label>
              <TaxSelect path="taxId" value={draft.taxId} onChange={(taxId) => set({ taxId: taxId ?? draft.taxId })} taxes={overview.taxes} errorOf={errorOf} />
            </div>
            <label className="menu-check">
              <input type="checkbox" checked={draft.active} onChange={(e) => set({ active: e.target.checked })} aria-describedby="menu-active-hint" />
              <span>{t`Shown on the menu`}</span>
            </label>
            <p className="staff-muted admin-hint" id="menu-active-hint">
              <Trans>Untick to hide the dish from guests without deleting it, for example out of season.</Trans>
            </p>
          </section>

          <section className="staff-card menu-section" aria-labelledby="menu-sizes">
            <h3 id="menu-sizes">
              <Trans>Sizes & prices</Trans>
            </h3>
            <p className="staff-muted admin-hint" id="menu-sizes-hint">
              <Trans>Type prices like 9,50. The first size is the one preselected for guests; a dish with one size needs no size name.</Trans>
            </p>
            <FieldError path="sizes" error={errorOf('sizes')} />
            <ul className="menu-list">
              {draft.sizes.map((size, i) => (
                <li key={size.key} className="menu-size">
                  <I18nTextField
                    id={fieldId(`sizes[${i}].name`)}
                    label={draft.sizes.length === 1 ? t`Size name (optional)` : t`Size name`}
                    value={size.name}
                    onChange={(name) => setSize(i, { ...size, name })}
                    languages={languages}
                    error={errorOf(`sizes[${i}].name`)}
                    required={draft.sizes.length > 1}
                  />
                  <label className="menu-field menu-field--price">
                    <span>{t`Price in €`}</span>
                    <input
                      {...describedBy(`sizes[${i}].price`, errorOf(`sizes[${i}].price`), 'menu-sizes-hint')}
                      inputMode="decimal"
                      placeholder="9,50"
                      value={size.price}
                      onChange={(e) => setSize(i, { ...size, price: e.target.value })}
                    />
                  </label>
                  {draft.sizes.length > 1 ? (
                    <button
                      type="button"
                      className="staff-button staff-button--quiet staff-button--small"
                      onClick={() => set({ sizes: without(draft.sizes, i), extras: draft.extras.map((x) => ({ ...x, prices: without(x.prices, i) })) })}
                    >
                      {t`Remove ${sizeLabel(size, i)}`}
                    </button>
                  ) : null}
                  <FieldError path={`sizes[${i}].price`} error={errorOf(`sizes[${i}].price`)} />
                </li>
              ))}
            </ul>
            <button type="button" className="staff-button staff-button--small" onClick={() => set({ sizes: [...draft.sizes, { key: newKey(), name: {}, price: '' }] })}>
              <Trans>Add size</Trans>
            </button>
          </section>

          <section className="staff-card menu-section" aria-labelledby="menu-choices">
            <h3 id="menu-choices">
              <Trans>Choices</Trans>
            </h3>
            <p className="staff-muted admin-hint">
              <Trans>Questions guests answer when they add the dish, such as the crust or the side. An option can cost extra and lead to a follow-up choice.</Trans>
            </p>
            <VariantsEditor
              variants={draft.variants}
              onChange={(variants) => set({ variants })}
              path="variants"
              languages={languages}
              taxes={overview.taxes}
              declarations={overview.declarations}
              errorOf={errorOf}
              depth={0}
            />
          </section>

          <section className="staff-card menu-section" aria-labelledby="menu-extras">
            <h3 id="menu-extras">
              <Trans>Extras</Trans>
            </h3>
            <p className="staff-muted admin-hint">
              <Trans>Things guests can add for a price, such as extra cheese. Each size has its own price.</Trans>
            </p>
            <ul className="menu-list">
              {draft.extras.map((extra, i) => {
                const extraTitle = extra.name.de?.trim() || t`extra ${i + 1}`;
                return (
                  <li key={extra.key} className="menu-extra">
                    <I18nTextField
                      id={fieldId(`extras[${i}].name`)}
                      label={t`Extra`}
                      value={extra.name}
                      onChange={(name) => setExtra(i, { ...extra, name })}
                      languages={languages}
                      error={errorOf(`extras[${i}].name`)}
                      required
                    />
                    <div className="menu-row">
                      {draft.sizes.map((size, si) => (
                        <label key={size.key} className="menu-field menu-field--price">
                          <span>{draft.sizes.length === 1 ? t`Price in €` : t`${sizeLabel(size, si)} in €`}</span>
                          <input
                            {...describedBy(`extras[${i}].prices[${si}]`, errorOf(`extras[${i}].prices[${si}]`))}
                            inputMode="decimal"
                            placeholder="1,00"
                            value={extra.prices[si] ?? ''}
                            onChange={(e) => setExtra(i, { ...extra, prices: draft.sizes.map((_, k) => (k === si ? e.target.value : (extra.prices[k] ?? ''))) })}
                          />
                          <FieldError path={`extras[${i}].prices[${si}]`} error={errorOf(`extras[${i}].prices[${si}]`)} />
                        </label>
                      ))}
                      <TaxSelect
                        path={`extras[${i}].taxId`}
                        value={extra.taxId}
                        onChange={(taxId) => setExtra(i, { ...extra, taxId })}
                        taxes={overview.taxes}
                        errorOf={errorOf}
                        inherit
                      />
                    </div>
                    <FieldError path={`extras[${i}].prices`} error={errorOf(`extras[${i}].prices`)} />
                    <DeclarationPicker
                      path={`extras[${i}]`}
                      itemName={extraTitle}
                      value={extra.declarationIds}
                      declarations={overview.declarations}
                      onChange={(declarationIds) => setExtra(i, { ...extra, declarationIds })}
                      errorOf={errorOf}
                    />
                    <button type="button" className="staff-button staff-button--quiet staff-button--small" onClick={() => set({ extras: without(draft.extras, i) })}>
                      {t`Remove ${extraTitle}`}
                    </button>
                  </li>
                );
              })}
            </ul>
            <button
              type="button"
              className="staff-button staff-button--small"
              onClick={() => set({ extras: [...draft.extras, { key: newKey(), name: {}, taxId: null, prices: draft.sizes.map(() => ''), declarationIds: [] }] })}
            >
              <Trans>Add extra</Trans>
            </button>
          </section>

          <section className="staff-card menu-section" aria-labelledby="menu-declarations">
            <h3 id="menu-declarations">
              <Trans>Allergens & additives</Trans>
            </h3>
            <p className="staff-muted admin-hint">
              <Trans>Tick everything the dish contains. Guests see the codes and names on the menu, as the law requires.</Trans>
            </p>
            <FieldError path="declarationIds" error={declarationsError} />
            {(['allergen', 'additive'] as const).map((kind) => (
              <fieldset key={kind} className="menu-declarations">
                <legend>{kind === 'allergen' ? t`Allergens` : t`Additives`}</legend>
                {overview.declarations
                  .filter((d) => d.kind === kind)
                  .map((d) => (
                    <label key={d.id} className="menu-check">
                      <input
                        type="checkbox"
                        checked={draft.declarationIds.includes(d.id)}
                        onChange={(e) => toggleDeclaration(d.id, e.target.checked)}
                        {...(declarationError(draft.declarationIds.indexOf(d.id)) ? { 'aria-invalid': true, 'aria-describedby': `${fieldId('declarationIds')}-error` } : {})}
                      />
                      <span>
                        <strong>{d.code}</strong> {d.name}
                      </span>
                    </label>
                  ))}
              </fieldset>
            ))}
          </section>
        </fieldset>

        <div className="menu-savebar">
          <div role="status" aria-live="polite" className="menu-savebar__status">
            {message ? <span className="staff-error">{message}</span> : null}
            {deleteError ? <span className="staff-error">{deleteError}</span> : null}
            {dirty && !message ? <span className="staff-muted">{t`Unsaved changes`}</span> : null}
          </div>
          {canEdit ? (
            <div className="menu-actions">
              <button type="submit" className="staff-button staff-button--primary" disabled={!online || busy || (!dirty && id !== null)}>
                <Trans>Save</Trans>
              </button>
              <button type="button" className="staff-button staff-button--quiet" disabled={!dirty || busy} onClick={discard}>
                <Trans>Discard changes</Trans>
              </button>
              {id !== null ? (
                <button type="button" className="staff-button staff-button--reject" disabled={!online || busy} onClick={() => setConfirmDelete(true)}>
                  <Trans>Delete product</Trans>
                </button>
              ) : null}
            </div>
          ) : (
            <p className="staff-muted">
              <Trans>You can read the menu. Owners and managers change it.</Trans>
            </p>
          )}
        </div>
        {confirmDelete ? (
          <ConfirmDialog
            title={t`Delete ${title}?`}
            confirmLabel={ordered ? t`Archive product` : t`Delete product`}
            danger
            onConfirm={() => void remove()}
            onCancel={() => setConfirmDelete(false)}
          >
            <p>
              {ordered
                ? t`Guests have ordered this dish before, so it is archived: it disappears from the menu and from this list, and past orders and receipts keep it unchanged.`
                : t`Nobody has ordered this dish yet, so it is deleted for good.`}
            </p>
          </ConfirmDialog>
        ) : null}
      </form>
      <EditorPhoto target="product" id={id} />
    </>
  );
}

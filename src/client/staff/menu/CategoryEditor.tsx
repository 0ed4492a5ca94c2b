import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { categoryDocSchema, type CategoryDoc, type DeleteOutcome, type MenuOverviewCategory } from '../../../shared/contract/menu-admin';
import { useEditSave } from '../admin/edit-form';
import { I18nTextField } from '../admin/I18nTextField';
import { useSiteLanguages } from '../admin/languages';
import { staffCall } from '../api';
import { ConfirmDialog } from '../admin/ConfirmDialog';
import { EditorPhoto } from '../photos/EditorPhoto';
import { fieldId, useFieldError } from './field';

interface Props {
  /** Null: a new category. */
  category: MenuOverviewCategory | null;
  canEdit: boolean;
  online: boolean;
  onSaved: (id: number) => void;
  onDeleted: (outcome: DeleteOutcome) => void;
  onDirtyChange: (dirty: boolean) => void;
}

const EMPTY: CategoryDoc = { name: {}, description: {}, active: true, station: 'kitchen' };

/** A category's name, description and visibility; deleting says first what happens to its dishes. */
export function CategoryEditor({ category, canEdit, online, onSaved, onDeleted, onDirtyChange }: Props) {
  const { t } = useLingui();
  const languages = useSiteLanguages();
  const queryClient = useQueryClient();
  const initial: CategoryDoc = category ? { name: category.name, description: category.description, active: category.active, station: category.station } : EMPTY;
  const [base, setBase] = useState(initial);
  const [draft, setDraft] = useState(initial);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const dirty = JSON.stringify(base) !== JSON.stringify(draft);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  // Opening an entry takes focus (and, on a phone, the view) to its editor.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const { submit, errors, message, busy, setErrors } = useEditSave<CategoryDoc>(categoryDocSchema, async (doc) => {
    const id = category
      ? (await staffCall<{ id: number }>('PUT', `/menu/categories/${category.id}`, doc)).id
      : (await staffCall<{ id: number }>('POST', '/menu/categories', doc)).id;
    setBase(doc);
    setDraft(doc);
    await queryClient.invalidateQueries({ queryKey: ['staff', 'menu'], exact: true });
    onSaved(id);
  });
  const errorOf = useFieldError(errors);
  const products = category?.products ?? [];
  const archived = products.filter((p) => p.ordered).length;
  const deleted = products.length - archived;
  const title = draft.name.de?.trim() || t`New category`;

  const remove = async () => {
    setConfirmDelete(false);
    try {
      const outcome = await staffCall<DeleteOutcome>('DELETE', `/menu/categories/${category?.id ?? 0}`);
      await queryClient.invalidateQueries({ queryKey: ['staff', 'menu'], exact: true });
      onDeleted(outcome);
    } catch {
      setDeleteError(t`The category could not be deleted. Please check the connection and try again.`);
    }
  };

  return (
    <>
      <form
        className="menu-editor"
        aria-labelledby="menu-category-title"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit(draft).then((ok) => {
            if (!ok) requestAnimationFrame(() => document.querySelector<HTMLElement>('.menu-editor [aria-invalid="true"]')?.focus());
          });
        }}
      >
        <h2 id="menu-category-title" ref={headingRef} tabIndex={-1}>
          {title}
        </h2>
        <fieldset className="menu-plain" disabled={!canEdit}>
          <section className="staff-card menu-section" aria-label={t`Category`}>
            <I18nTextField
              id={fieldId('name')}
              label={t`Name`}
              value={draft.name}
              onChange={(name) => setDraft({ ...draft, name })}
              languages={languages}
              error={errorOf('name')}
              required
            />
            <p className="staff-muted admin-hint">
              <Trans>The heading guests see above these dishes, for example “Pizza” or “Drinks”.</Trans>
            </p>
            <I18nTextField
              id={fieldId('description')}
              label={t`Description`}
              value={draft.description}
              onChange={(description) => setDraft({ ...draft, description })}
              languages={languages}
              error={errorOf('description')}
              multiline
            />
            <label className="menu-check">
              <input type="checkbox" checked={draft.active} onChange={(e) => setDraft({ ...draft, active: e.target.checked })} aria-describedby="menu-category-active-hint" />
              <span>{t`Shown on the menu`}</span>
            </label>
            <p className="staff-muted admin-hint" id="menu-category-active-hint">
              <Trans>Untick to hide the whole category and all its dishes from guests, for example a lunch menu in the evening.</Trans>
            </p>
            <label className="menu-field">
              <span>{t`Tickets print at`}</span>
              <select value={draft.station} onChange={(e) => setDraft({ ...draft, station: e.target.value === 'bar' ? 'bar' : 'kitchen' })}>
                <option value="kitchen">{t`Kitchen`}</option>
                <option value="bar">{t`Bar`}</option>
              </select>
            </label>
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
              <button type="submit" className="staff-button staff-button--primary" disabled={!online || busy || (!dirty && category !== null)}>
                <Trans>Save</Trans>
              </button>
              <button
                type="button"
                className="staff-button staff-button--quiet"
                disabled={!dirty || busy}
                onClick={() => {
                  setDraft(base);
                  setErrors({});
                }}
              >
                <Trans>Discard changes</Trans>
              </button>
              {category ? (
                <button type="button" className="staff-button staff-button--reject" disabled={!online || busy} onClick={() => setConfirmDelete(true)}>
                  <Trans>Delete category</Trans>
                </button>
              ) : null}
            </div>
          ) : null}
        </div>
        {confirmDelete ? (
          <ConfirmDialog title={t`Delete ${title}?`} confirmLabel={t`Delete category`} danger onConfirm={() => void remove()} onCancel={() => setConfirmDelete(false)}>
            <p>{products.length === 0 ? t`The category is empty and is deleted for good.` : t`The category and its dishes disappear from the menu.`}</p>
            {deleted ? (
              <p>{plural(deleted, { one: '# dish nobody has ordered yet is deleted for good.', other: '# dishes nobody has ordered yet are deleted for good.' })}</p>
            ) : null}
            {archived ? (
              <p>
                {plural(archived, {
                  one: '# dish that guests have ordered is archived: past orders and receipts keep it unchanged.',
                  other: '# dishes that guests have ordered are archived: past orders and receipts keep them unchanged.',
                })}
              </p>
            ) : null}
          </ConfirmDialog>
        ) : null}
      </form>
      <EditorPhoto target="category" id={category?.id ?? null} />
    </>
  );
}

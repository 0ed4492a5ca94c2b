import './pages.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { pageSaveSchema, type PageAdmin, type PageSave } from '../../../shared/contract/pages-admin';
import { staffMay, type StaffMember } from '../../../shared/contract/staff';
import { ApiError } from '../../lib/api';
import { I18nTextField } from '../admin/I18nTextField';
import { NeedsNetwork, useOnline } from '../admin/NeedsNetwork';
import { useEditSave } from '../admin/edit-form';
import { missingLanguages, useSiteLanguages } from '../admin/languages';
import { staffCall } from '../api';
import { ConfirmDialog } from '../admin/ConfirmDialog';
import RichTextEditor from './RichTextEditor';

const QUERY_KEY = ['staff', 'pages'] as const;

type Editing = { kind: 'new' } | { kind: 'edit'; page: PageAdmin } | null;

const emptyPage = (): PageSave => ({ name: {}, text: {}, isPopup: false, onHeader: false, onFooter: true });

/** Imprint, privacy, terms, about us, the welcome popup: the texts diners open from the header and footer. */
export default function PagesScreen({ me }: { me: StaffMember }) {
  const { t } = useLingui();
  const canEdit = staffMay(me.role, 'edit');
  const online = useOnline();
  const queryClient = useQueryClient();
  const pages = useQuery({ queryKey: QUERY_KEY, queryFn: () => staffCall<PageAdmin[]>('GET', '/pages') });
  const languages = useSiteLanguages();
  const first = languages[0]?.code ?? 'de';
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<PageAdmin | null>(null);
  const [status, setStatus] = useState<{ tone: 'ok' | 'bad'; text: string } | null>(null);
  const nameOf = (p: PageAdmin) => p.name[first] || Object.values(p.name).find(Boolean) || `#${p.id}`;

  const refresh = (list: PageAdmin[]) => queryClient.setQueryData(QUERY_KEY, list);
  const failed = (e: unknown) => setStatus({ tone: 'bad', text: e instanceof ApiError ? e.message : t`The server cannot be reached. Please try again.` });

  const move = async (index: number, by: -1 | 1) => {
    const list = pages.data ?? [];
    const ids = list.map((p) => p.id);
    const [id] = ids.splice(index, 1);
    if (id === undefined) return;
    ids.splice(index + by, 0, id);
    try {
      refresh(await staffCall<PageAdmin[]>('PUT', '/pages/order', { ids }));
      const moved = list[index];
      if (moved) setStatus({ tone: 'ok', text: t`“${nameOf(moved)}” moved to place ${index + by + 1}.` });
    } catch (e) {
      failed(e);
    }
  };
  const remove = async (page: PageAdmin) => {
    try {
      refresh(await staffCall<PageAdmin[]>('DELETE', `/pages/${page.id}`));
      setStatus({ tone: 'ok', text: t`The page “${nameOf(page)}” was deleted.` });
    } catch (e) {
      failed(e);
    } finally {
      setDeleting(null);
    }
  };

  if (editing) {
    return (
      <main className="staff-page pages">
        <NeedsNetwork />
        <PageEditor
          key={editing.kind === 'edit' ? editing.page.id : 'new'}
          page={editing.kind === 'edit' ? editing.page : null}
          canEdit={canEdit}
          onDone={(saved) => {
            setEditing(null);
            if (saved) {
              setStatus({ tone: 'ok', text: t`The page “${saved.name[first] ?? ''}” was saved. Diners see it at once.` });
              void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
            }
          }}
        />
      </main>
    );
  }

  const list = pages.data ?? [];
  return (
    <main className="staff-page pages">
      <h1>
        <Trans>Pages</Trans>
      </h1>
      <NeedsNetwork />
      <p className="pages-hint">
        <Trans>Your imprint, privacy policy, terms and other texts. Diners open them from the top of the page or from the footer; one page can greet them as a popup.</Trans>
      </p>
      <div aria-live="polite">{status ? <p className={status.tone === 'ok' ? 'staff-note' : 'staff-error'}>{status.text}</p> : null}</div>
      {canEdit ? (
        <button type="button" className="staff-button staff-button--primary" disabled={!online} onClick={() => setEditing({ kind: 'new' })}>
          <Trans>New page</Trans>
        </button>
      ) : null}
      {pages.isError ? (
        <p className="staff-error">
          <Trans>The pages could not be loaded. Please try again.</Trans>
        </p>
      ) : null}
      <ol className="pages-list" aria-label={t`Pages in the order diners see them`}>
        {list.map((p, i) => {
          const missing = missingLanguages(p.name, languages.slice(1));
          return (
            <li key={p.id} className="staff-card pages-item">
              <div className="pages-item__main">
                <h2 className="pages-item__name">{nameOf(p)}</h2>
                <p className="pages-item__where">
                  {[p.onHeader ? t`at the top` : null, p.onFooter ? t`in the footer` : null, p.isPopup ? t`as popup` : null].filter(Boolean).join(' · ') || t`not linked (only reachable by its link)`}
                </p>
                <div className="pages-item__badges">
                  {p.usedAs === 'terms' ? <span className="admin-badge admin-badge--ok">{t`Your terms and conditions`}</span> : null}
                  {p.usedAs === 'privacy' ? <span className="admin-badge admin-badge--ok">{t`Your privacy policy`}</span> : null}
                  {missing.length ? <span className="admin-badge admin-badge--warn">{t`Missing: ${missing.map((l) => l.name).join(', ')}`}</span> : null}
                </div>
              </div>
              <div className="pages-item__actions">
                <button type="button" className="staff-button staff-button--small" onClick={() => setEditing({ kind: 'edit', page: p })}>
                  {canEdit ? <Trans>Edit</Trans> : <Trans>Read</Trans>}
                  <span className="visually-hidden"> {nameOf(p)}</span>
                </button>
                {canEdit ? (
                  <>
                    <button type="button" className="staff-button staff-button--small staff-button--quiet" disabled={i === 0 || !online} onClick={() => void move(i, -1)}>
                      <span aria-hidden="true">↑ </span>
                      <Trans>Up</Trans>
                      <span className="visually-hidden"> {nameOf(p)}</span>
                    </button>
                    <button type="button" className="staff-button staff-button--small staff-button--quiet" disabled={i === list.length - 1 || !online} onClick={() => void move(i, 1)}>
                      <span aria-hidden="true">↓ </span>
                      <Trans>Down</Trans>
                      <span className="visually-hidden"> {nameOf(p)}</span>
                    </button>
                    <button
                      type="button"
                      className="staff-button staff-button--small staff-button--reject"
                      disabled={!online || p.usedAs !== null}
                      aria-describedby={p.usedAs ? `page-${p.id}-kept` : undefined}
                      onClick={() => setDeleting(p)}
                    >
                      <Trans>Delete</Trans>
                      <span className="visually-hidden"> {nameOf(p)}</span>
                    </button>
                  </>
                ) : null}
              </div>
              {canEdit && p.usedAs ? (
                <p className="staff-muted pages-item__kept" id={`page-${p.id}-kept`}>
                  {p.usedAs === 'terms'
                    ? t`This page cannot be deleted while it is set as your terms and conditions in the settings.`
                    : t`This page cannot be deleted while it is set as your privacy policy in the settings.`}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      {deleting ? (
        <ConfirmDialog
          title={t`Delete the page “${nameOf(deleting)}”?`}
          confirmLabel={t`Delete page`}
          cancelLabel={t`Keep it`}
          danger
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>
            <Trans>Diners will no longer find it, and links to it stop working. This cannot be undone.</Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </main>
  );
}

function PageEditor({ page, canEdit, onDone }: { page: PageAdmin | null; canEdit: boolean; onDone: (saved: PageAdmin | null) => void }) {
  const { t } = useLingui();
  const online = useOnline();
  const languages = useSiteLanguages();
  const heading = useRef<HTMLHeadingElement>(null);
  const [values, setValues] = useState<PageSave>(() =>
    page ? { name: page.name, text: page.text, isPopup: page.isPopup, onHeader: page.onHeader, onFooter: page.onFooter } : emptyPage(),
  );
  // Focus goes to the editor's title, so a screen reader hears where it is.
  useEffect(() => heading.current?.focus(), []);
  const { submit, errors, message, busy } = useEditSave<PageSave>(pageSaveSchema, async (v) => {
    const saved = page ? await staffCall<PageAdmin>('PUT', `/pages/${page.id}`, v) : await staffCall<PageAdmin>('POST', '/pages', v);
    onDone(saved);
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(values);
  };
  const flag = (key: 'onHeader' | 'onFooter' | 'isPopup', label: string, hint: string) => (
    <label className="pages-flag">
      <input type="checkbox" checked={values[key]} disabled={!canEdit} onChange={(e) => setValues({ ...values, [key]: e.target.checked })} aria-describedby={`flag-${key}`} />
      <span>
        <strong>{label}</strong>
        <span className="pages-flag__hint" id={`flag-${key}`}>
          {hint}
        </span>
      </span>
    </label>
  );
  const textError = (code: string) => errors[`text.${code}`];
  return (
    <form className="pages-editor" onSubmit={onSubmit} noValidate aria-labelledby="page-editor-title">
      <h1 id="page-editor-title" tabIndex={-1} ref={heading}>
        {page ? t`Edit page` : t`New page`}
      </h1>
      <div className="staff-card pages-editor__fields">
        <I18nTextField
          id="page-name"
          label={t`Title`}
          value={values.name}
          languages={languages}
          required
          error={errors.name ?? errors[`name.${languages[0]?.code ?? 'de'}`]}
          onChange={(name) => setValues({ ...values, name })}
        />
        <p className="pages-hint">
          <Trans>The title diners see in the menu bar or the footer and above the text.</Trans>
        </p>
        <fieldset className="pages-flags">
          <legend>
            <Trans>Where diners find it</Trans>
          </legend>
          {flag('onHeader', t`At the top of the page`, t`A link in the menu bar at the top of every page.`)}
          {flag('onFooter', t`In the footer`, t`A link at the bottom of every page, where diners look for the imprint and privacy policy.`)}
          {flag('isPopup', t`As a welcome popup`, t`Opens by itself when a diner arrives, once per visit. Use it for news such as holidays.`)}
        </fieldset>
      </div>
      {languages.map((lang, i) => {
        const missing = !values.text[lang.code]?.trim();
        const err = textError(lang.code);
        return (
          <section key={lang.code} className="staff-card pages-editor__text" aria-labelledby={`page-text-${lang.code}`}>
            <h2 id={`page-text-${lang.code}`}>
              {t`Text`} ({lang.name}) {i > 0 && missing ? <span className="admin-badge admin-badge--warn">{t`Missing`}</span> : null}
            </h2>
            {i > 0 ? (
              <p className="pages-hint">
                <Trans>Left empty, diners who read {lang.name} see the {languages[0]?.name ?? ''} text.</Trans>
              </p>
            ) : null}
            <RichTextEditor
              label={t`Text (${lang.name})`}
              lang={lang.code}
              value={values.text[lang.code] ?? ''}
              disabled={!canEdit}
              describedBy={err ? `page-text-${lang.code}-error` : undefined}
              onChange={(html) => setValues((v) => ({ ...v, text: { ...v.text, [lang.code]: html } }))}
            />
            {err ? (
              <p className="staff-error" id={`page-text-${lang.code}-error`}>
                {err}
              </p>
            ) : null}
          </section>
        );
      })}
      <div aria-live="polite">{message ? <p className="staff-error">{message}</p> : null}</div>
      <div className="pages-editor__actions">
        {canEdit ? (
          <button type="submit" className="staff-button staff-button--primary" disabled={busy || !online}>
            <Trans>Save page</Trans>
          </button>
        ) : null}
        <button type="button" className="staff-button staff-button--quiet" onClick={() => onDone(null)}>
          {canEdit ? <Trans>Cancel</Trans> : <Trans>Back to the pages</Trans>}
        </button>
      </div>
    </form>
  );
}

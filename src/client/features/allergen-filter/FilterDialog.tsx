import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Declaration } from '../../../shared/contract/catalog';
import { Dialog } from '../../ui/Dialog';
import { useOnline } from '../pwa';
import { AllergenNotice } from './AllergenNotice';
import { useDeclarations } from '../catalog';
import { NO_FILTER, saveFilter, useAllergenFilter, type AllergenFilter, type FilterMode } from './store';
import { byLocale } from '../../lib/catalog-loaders';
import { loadDialogMessages } from '../../lib/dialog-messages';
import './allergen-filter.css';

const catalogs = byLocale(import.meta.glob('./locales/*/messages.po'));

/** The dialog's own strings, loaded each time it opens. */
export const loadFilterMessages = (): Promise<void> => loadDialogMessages(catalogs);

function DeclarationChecks({
  legend,
  legendHidden = false,
  items,
  chosen,
  onToggle,
}: {
  legend: string;
  /** Inside a disclosure whose summary already says it: the legend names the group for screen readers only. */
  legendHidden?: boolean;
  items: Declaration[];
  chosen: string[];
  onToggle: (code: string, on: boolean) => void;
}) {
  return (
    <fieldset className="avoid-list">
      <legend className={legendHidden ? 'visually-hidden' : undefined}>{legend}</legend>
      {items.map((d) => (
        <label key={d.code} className="avoid-list__item">
          <input type="checkbox" checked={chosen.includes(d.code)} onChange={(e) => onToggle(d.code, e.target.checked)} />
          <span className="avoid-list__name">{d.name}</span>
          <abbr className="code" title={d.description}>
            {d.code}
          </abbr>
        </label>
      ))}
    </fieldset>
  );
}

/** The allergen filter: what the diner avoids, hide or mark, tell the kitchen; kept on this device. */
export function FilterDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const saved = useAllergenFilter();
  const [draft, setDraft] = useState<AllergenFilter>(saved);
  const list = useDeclarations();
  const online = useOnline();
  const toggle = (kind: 'allergens' | 'additives') => (code: string, on: boolean) =>
    setDraft((d) => ({ ...d, [kind]: on ? [...d[kind], code] : d[kind].filter((c) => c !== code) }));
  const setMode = (mode: FilterMode) => setDraft((d) => ({ ...d, mode }));
  const apply = (next: AllergenFilter) => {
    saveFilter(next);
    onClose();
  };
  const moreThanNothing = draft.allergens.length + draft.additives.length > 0;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t`What do you avoid?`}
      footer={
        <div className="avoid-actions">
          <button type="button" className="button button--ghost" onClick={() => apply({ ...NO_FILTER, mode: draft.mode, share: draft.share })} disabled={!moreThanNothing && saved === NO_FILTER}>
            {t`Clear filter`}
          </button>
          <button type="button" className="button" onClick={() => apply(draft)}>
            {t`Apply`}
          </button>
        </div>
      }
    >
      <p className="dialog__lead">
        <Trans>Choose what you avoid. Dishes, options and extras that our menu declares with it are hidden or marked. This is kept on this device only.</Trans>
      </p>
      {list ? (
        <>
          <DeclarationChecks legend={t`Allergens`} items={list.allergens} chosen={draft.allergens} onToggle={toggle('allergens')} />
          {list.additives.length ? (
            <details className="avoid-more" open={draft.additives.length > 0}>
              <summary>{t`Additives`}</summary>
              <DeclarationChecks legend={t`Additives`} legendHidden items={list.additives} chosen={draft.additives} onToggle={toggle('additives')} />
            </details>
          ) : null}
          <fieldset className="avoid-mode">
            <legend>{t`Dishes that contain them`}</legend>
            <label className="check">
              <input type="radio" name="avoid-mode" checked={draft.mode === 'hide'} onChange={() => setMode('hide')} />
              <span>{t`Hide them`}</span>
            </label>
            <label className="check">
              <input type="radio" name="avoid-mode" checked={draft.mode === 'mark'} onChange={() => setMode('mark')} />
              <span>{t`Show them, clearly marked`}</span>
            </label>
          </fieldset>
          <label className="check avoid-share">
            <input type="checkbox" checked={draft.share} onChange={(e) => setDraft((d) => ({ ...d, share: e.target.checked }))} />
            <span>{t`Tell the kitchen with my order`}</span>
          </label>
        </>
      ) : (
        <p className="muted" role="status">
          {online ? t`Loading the list of allergens…` : t`The list of allergens is not saved on this device yet. It appears as soon as you are back online.`}
        </p>
      )}
      <AllergenNotice />
    </Dialog>
  );
}

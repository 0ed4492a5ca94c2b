import './admin.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { Language } from '../../../shared/contract/catalog';
import { missingLanguages } from './languages';

interface Props {
  label: string;
  value: Record<string, string>;
  onChange: (next: Record<string, string>) => void;
  languages: Language[];
  /** A description or a page text: several lines. */
  multiline?: boolean;
  /** The first message of a field error, for the default language's input. */
  error?: string;
  required?: boolean;
  /** Stable id of the default language's input, so a server error can focus it. */
  id?: string;
}

/**
 * One translated text: the default language's input always shows; the others open on demand, and
 * the field says which languages are still missing, since the storefront then shows the default.
 */
export function I18nTextField({ label, value, onChange, languages, multiline, error, required, id }: Props) {
  const { t } = useLingui();
  const auto = useId();
  const baseId = id ?? auto;
  const [open, setOpen] = useState(false);
  const [first, ...others] = languages;
  if (!first) return null;
  // Nothing to translate while the default language is empty (an optional size name, say): no badge then.
  const hasText = Boolean(value[first.code]?.trim());
  const missing = hasText ? missingLanguages(value, others) : [];
  const input = (lang: Language, inputId: string, isDefault: boolean) => {
    const common = {
      id: inputId,
      lang: lang.code,
      // An Arabic translation reads right to left inside a left-to-right form.
      dir: 'auto',
      value: value[lang.code] ?? '',
      required: isDefault && required,
      'aria-invalid': isDefault && error ? true : undefined,
      'aria-describedby': isDefault && error ? `${baseId}-error` : undefined,
      onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange({ ...value, [lang.code]: e.target.value }),
    };
    return multiline ? <textarea rows={3} {...common} /> : <input type="text" {...common} />;
  };
  return (
    <div className="admin-i18n">
      <label htmlFor={baseId}>
        {label} <span className="admin-i18n__lang">({first.name})</span>
      </label>
      {input(first, baseId, true)}
      {error ? (
        <p className="staff-error" id={`${baseId}-error`}>
          {error}
        </p>
      ) : null}
      {others.length ? (
        <div className="admin-i18n__others">
          <button type="button" className="admin-link" aria-expanded={open} aria-controls={`${baseId}-others`} onClick={() => setOpen(!open)}>
            {open ? <Trans>Hide translations</Trans> : <Trans>Translations</Trans>}
          </button>
          {!hasText ? null : missing.length ? (
            <span className="admin-badge admin-badge--warn">{t`Missing: ${missing.map((l) => l.name).join(', ')}`}</span>
          ) : (
            <span className="admin-badge admin-badge--ok">
              <Trans>All languages</Trans>
            </span>
          )}
          {open ? (
            <div id={`${baseId}-others`} className="admin-i18n__list">
              {others.map((lang) => (
                <div key={lang.code} className="admin-i18n__row">
                  <label htmlFor={`${baseId}-${lang.code}`}>{lang.name}</label>
                  {input(lang, `${baseId}-${lang.code}`, false)}
                </div>
              ))}
              <p className="staff-muted admin-hint">
                <Trans>An empty translation shows the {first.name} text to diners.</Trans>
              </p>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

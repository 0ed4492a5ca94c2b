import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useLanguages } from '../catalog';
import { activateLocale, SUPPORTED_LOCALES } from '../../lib/i18n';

/**
 * Shown only when the server lists more than one language we have a catalog for (spec §2).
 * `compact`: on a phone it shows the language's code over the select (the logo needs the header's
 * room); the select stays the control, named and announced with the language's full name.
 */
export function LanguageSwitcher({ id, compact = false }: { id: string; compact?: boolean }) {
  const { t, i18n } = useLingui();
  const languages = useLanguages().filter((l) => (SUPPORTED_LOCALES as readonly string[]).includes(l.code));
  const [busy, setBusy] = useState(false);
  if (languages.length < 2) return null;
  return (
    <div className={compact ? 'language-switcher language-switcher--compact' : 'language-switcher'}>
      <label htmlFor={id} className="visually-hidden">{t`Language`}</label>
      <select
        id={id}
        value={i18n.locale}
        disabled={busy}
        onChange={(e) => {
          setBusy(true);
          void activateLocale(e.target.value).finally(() => setBusy(false));
        }}
      >
        {languages.map((l) => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.name}
          </option>
        ))}
      </select>
      {compact ? (
        <span className="language-switcher__code" aria-hidden="true">
          {i18n.locale.toUpperCase()}
        </span>
      ) : null}
    </div>
  );
}

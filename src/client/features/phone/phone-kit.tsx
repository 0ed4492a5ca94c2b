import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { getCountries, getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { useEffect, useMemo, useState } from 'react';
import { byLocale } from '../../lib/catalog-loaders';

const catalogs = byLocale(import.meta.glob('./locales/*/messages.po'));

/**
 * The field's strings (lingui.config.ts), loaded into the language of the moment. Lingui's
 * instance directly, as the scanner does: importing lib/i18n from this chunk could split a chunk
 * off the first page (decision 002).
 */
async function loadPhoneMessages(locale: string): Promise<void> {
  const load = catalogs[locale] ?? catalogs.de;
  try {
    if (load) i18n.load(locale, (await load()).messages);
  } catch {
    // Offline before the worker cached the catalog: the field still works, in English.
  }
}

/** The spec's library default puts the US and the UK first; the restaurant's own country goes before them (decision 016). */
export function preferredCountries(restaurant: string): CountryCode[] {
  const list = [restaurant, 'US', 'GB'].filter((c): c is CountryCode => isSupportedCountry(c));
  return [...new Set(list)];
}

const asCountry = (code: string): CountryCode => (isSupportedCountry(code) ? code : 'DE');

/** A valid number written internationally, with the country it belongs to; null when it cannot be a number. */
export function readNumber(typed: string, country: string): { international: string; country: string | null } | null {
  const parsed = parsePhoneNumberFromString(typed, asCountry(country));
  if (!parsed?.isValid()) return null;
  return { international: parsed.formatInternational(), country: parsed.country ?? null };
}

function CountrySelect({ id, value, onChange, restaurant }: { id: string; value: string; onChange: (country: string) => void; restaurant: string }) {
  const { t, i18n: active } = useLingui();
  const locale = active.locale;
  const preferred = preferredCountries(restaurant);
  const all = useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region' });
    const nameOf = (c: CountryCode) => names.of(c) ?? c;
    return getCountries()
      .map((c) => ({ code: c, name: nameOf(c) }))
      .sort((a, b) => a.name.localeCompare(b.name, locale));
  }, [locale]);
  // The code first: a narrow closed list still shows what matters ("+49 Deutsch…").
  const label = (c: { code: CountryCode; name: string }) => `+${getCountryCallingCode(c.code)} ${c.name}`;
  const first = all.filter((c) => preferred.includes(c.code)).sort((a, b) => preferred.indexOf(a.code) - preferred.indexOf(b.code));
  return (
    <select id={id} className="phone-field__country" value={asCountry(value)} onChange={(e) => onChange(e.target.value)} aria-label={t`Country code`}>
      <optgroup label={t`Suggested`}>
        {first.map((c) => (
          <option key={c.code} value={c.code}>
            {label(c)}
          </option>
        ))}
      </optgroup>
      <optgroup label={t`All countries`}>
        {all.map((c) => (
          <option key={c.code} value={c.code}>
            {label(c)}
          </option>
        ))}
      </optgroup>
    </select>
  );
}

function ClearedNote({ id, typed }: { id: string; typed: string }) {
  return (
    <p className="field-hint phone-field__note" id={id} role="status">
      <Trans>
        “{typed}” is not a phone number we can call, so we took it out. Please type it again, with the country code (for example +44) if it is a number from abroad.
      </Trans>
    </p>
  );
}

/** Keeps the field's strings in whatever language the diner switches to while the field is open. */
function useFollowLocale(): void {
  const { i18n: active } = useLingui();
  const [, bump] = useState(0);
  useEffect(() => {
    let live = true;
    void loadPhoneMessages(active.locale).then(() => live && bump((n) => n + 1));
    return () => {
      live = false;
    };
  }, [active.locale]);
}

function FollowingCountrySelect(props: Parameters<typeof CountrySelect>[0]) {
  useFollowLocale();
  return <CountrySelect {...props} />;
}

export interface PhoneKit {
  readNumber: typeof readNumber;
  CountrySelect: typeof CountrySelect;
  ClearedNote: typeof ClearedNote;
}

export async function preparePhoneKit(): Promise<PhoneKit> {
  await loadPhoneMessages(i18n.locale);
  return { readNumber, CountrySelect: FollowingCountrySelect, ClearedNote };
}

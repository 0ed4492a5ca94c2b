/**
 * How each interface language formats numbers, money and dates, and which way it runs. The
 * languages themselves are the catalogs; this only says what a bare code cannot.
 */
const INTL_TAGS: Record<string, string> = {
  // Euro amounts as German and Irish readers expect them ("12,90 €", "€12.90").
  de: 'de-DE',
  en: 'en-IE',
  // Serbian is written in Latin script here (decision 027): Intl's bare `sr` would print Cyrillic.
  sr: 'sr-Latn-RS',
  // Western digits: prices and order codes read the same as on the receipt and the card terminal.
  ar: 'ar-u-nu-latn',
};

/** The BCP 47 tag to hand to `Intl` for an interface language. */
export function intlLocale(lang: string): string {
  return INTL_TAGS[lang] ?? lang;
}

const RIGHT_TO_LEFT = new Set(['ar', 'fa', 'he', 'ur']);

export function directionOf(lang: string): 'rtl' | 'ltr' {
  return RIGHT_TO_LEFT.has(lang) ? 'rtl' : 'ltr';
}

/**
 * The languages whose catalogs the service worker installs with the app: the restaurant's and the
 * fallback. Every other language's catalogs are kept by the worker once its reader chooses it
 * (`client/lib/warm-language.ts`), so no diner downloads ten languages to read one.
 */
export const PRECACHED_LANGUAGES: readonly string[] = ['de', 'en'];

/** The language of a Lingui catalog file (`…/locales/<lang>/messages.po`), or null. */
export function catalogLanguage(path: string): string | null {
  return /\/locales\/([a-z]{2,3})\/messages\.po$/.exec(path)?.[1] ?? null;
}

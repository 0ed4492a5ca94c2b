import { intlLocale } from './locales';

/** One formatter per language and time zone: building one costs far more than using it (decision 044). */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The next opening as the closed notice words it ("Sonntag, 12:00"), on the restaurant's clock. */
export function formatNextOpening(lang: string, iso: string, timeZone: string): string {
  const key = `${lang} ${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(lang), { weekday: 'long', hour: '2-digit', minute: '2-digit', timeZone });
    formatters.set(key, format);
  }
  return format.format(new Date(iso));
}

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The demo restaurant in the languages beyond German and English: one `<lang>.json` per language,
 * mapping each English text of the seed data (dish, option, page) to its translation. Keyed by the
 * English text so the data files stay readable as German/English pairs.
 */
const DIR = dirname(fileURLToPath(import.meta.url));

export const SEED_TRANSLATIONS: ReadonlyMap<string, Readonly<Record<string, string>>> = new Map(
  readdirSync(DIR)
    .filter((f) => /^[a-z]{2,3}\.json$/.test(f))
    .map((f) => [f.slice(0, -'.json'.length), JSON.parse(readFileSync(join(DIR, f), 'utf8')) as Record<string, string>]),
);

/** Every translation of one English text, by language. */
export function translationsOf(english: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [lang, texts] of SEED_TRANSLATIONS) if (Object.hasOwn(texts, english) && texts[english]) out[lang] = texts[english];
  return out;
}

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { parse, type Token } from '@messageformat/parser';
import config from '../lingui.config';
import { parsePo } from '../src/server/i18n/catalogs';
import { restaurant } from '../src/server/db/seed/data/index';
import { SEED_TRANSLATIONS } from '../src/server/db/seed/data/locales/index';
import { intlLocale } from '../src/shared/i18n/locales';

/**
 * `npm run i18n:check`: one check for every Lingui catalog of the client and the server, in every
 * language of lingui.config.ts. Fails on a stale catalog (the source has messages the committed
 * catalogs lack, or the reverse), a missing translation, a translation that drops or invents a
 * placeholder or tag, broken ICU syntax, a plural category the language does not have, and a demo
 * menu text without its translation.
 */
const problems: string[] = [];
const catalogPaths = config.catalogs?.map((c) => c.path.replace('<rootDir>/', '')) ?? [];
const sourceLocale = config.sourceLocale ?? 'en';
const locales = config.locales.filter((l) => l !== sourceLocale);
const fileOf = (path: string, locale: string) => `${path.replace('{locale}', locale)}.po`;

const idsOf = (file: string) => (existsSync(file) ? Object.keys(parsePo(readFileSync(file, 'utf8'))).sort() : []);
const allIds = (file: string) =>
  existsSync(file) ? [...readFileSync(file, 'utf8').matchAll(/^msgid "(.*)"$/gm)].map((m) => m[1]).filter(Boolean).sort() : [];

// Stale: extraction must not change which messages a committed catalog holds.
const before = new Map(catalogPaths.flatMap((p) => config.locales.map((l) => [fileOf(p, l), allIds(fileOf(p, l)).join('\n')] as const)));
execFileSync('node_modules/.bin/lingui', ['extract', '--clean'], { stdio: ['ignore', 'ignore', 'inherit'] });
for (const [file, ids] of before) {
  if (allIds(file).join('\n') !== ids) problems.push(`${file}: stale — the source's messages differ from the committed catalog; run npm run i18n:extract and translate what it adds`);
}

/** The arguments a message names, read by the ICU parser (a word in a plural's text is no placeholder). */
function placeholders(message: string): string {
  const names = new Set<string>();
  const walk = (tokens: Token[]): void => {
    for (const t of tokens) {
      if (t.type === 'argument' || t.type === 'function') names.add(t.arg);
      else if (t.type === 'plural' || t.type === 'select' || t.type === 'selectordinal') {
        names.add(t.arg);
        for (const c of t.cases) walk(c.tokens);
      }
    }
  };
  try {
    walk(parse(message));
  } catch {
    return '(unreadable)';
  }
  return [...names].sort().join(',');
}
const tags = (s: string) => [...s.matchAll(/<\/?(\d+)\s*\/?>/g)].map((m) => m[0].replace(/\s/g, '')).sort().join(',');

function pluralProblems(tokens: Token[], categories: Set<string>, id: string, locale: string): void {
  for (const t of tokens) {
    if (t.type === 'plural' || t.type === 'selectordinal' || t.type === 'select') {
      const keys = t.cases.map((c) => c.key);
      if (!keys.includes('other')) problems.push(`${locale}: "${id}" has a ${t.type} without "other"`);
      if (t.type === 'plural') {
        for (const k of keys) if (!k.startsWith('=') && !categories.has(k)) problems.push(`${locale}: "${id}" uses plural category "${k}", which ${locale} does not have`);
      }
      for (const c of t.cases) pluralProblems(c.tokens, categories, id, locale);
    }
  }
}

for (const path of catalogPaths) {
  const source = parsePo(readFileSync(fileOf(path, sourceLocale), 'utf8'));
  for (const locale of locales) {
    const file = fileOf(path, locale);
    const translated = existsSync(file) ? parsePo(readFileSync(file, 'utf8')) : {};
    const categories = new Set<string>(new Intl.PluralRules(intlLocale(locale)).resolvedOptions().pluralCategories);
    for (const id of idsOf(fileOf(path, sourceLocale))) {
      const english = source[id] ?? id;
      const text = translated[id];
      if (!text) {
        problems.push(`${file}: missing translation for "${id}"`);
        continue;
      }
      if (placeholders(english) !== placeholders(text)) problems.push(`${file}: "${id}" has placeholders {${placeholders(text)}}, the source {${placeholders(english)}}`);
      if (tags(english) !== tags(text)) problems.push(`${file}: "${id}" has other <n> tags than the source`);
      try {
        pluralProblems(parse(text), categories, id, locale);
      } catch (error) {
        problems.push(`${file}: "${id}" is not valid ICU: ${(error as Error).message}`);
      }
    }
  }
}

// The demo menu: every text in every language the demo restaurant offers.
const english = new Set<string>();
(function collect(value: unknown): void {
  if (Array.isArray(value)) value.forEach(collect);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.de === 'string' && typeof o.en === 'string' && Object.keys(o).length === 2) english.add(o.en);
    else Object.values(o).forEach(collect);
  }
})(restaurant);
for (const { code } of restaurant.languages.filter((l) => l.code !== 'de' && l.code !== 'en')) {
  const texts = SEED_TRANSLATIONS.get(code) ?? {};
  for (const text of english) if (!texts[text]) problems.push(`src/server/db/seed/data/locales/${code}.json: no translation for "${text.slice(0, 60)}"`);
}

if (problems.length) {
  for (const p of problems.slice(0, 200)) console.error(p);
  console.error(`${problems.length} problem(s) in the catalogs.`);
  process.exit(1);
}
console.log(`All catalogs are complete: ${catalogPaths.length} catalogs in ${config.locales.length} languages, and the demo menu in ${restaurant.languages.length}.`);

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LANGUAGE } from '../plugins/language';

/**
 * The server's Lingui catalogs (`src/server/locales/<lang>/messages.po`, written by `lingui
 * extract` and checked by `i18n:check`), read once at start. A language is served when its folder
 * exists: adding one is adding catalogs.
 */
// From the module's own path (a string: a test's jsdom replaces the URL class).
const LOCALES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'locales');


export const SERVER_LOCALES: readonly string[] = readdirSync(LOCALES_DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory() && /^[a-z]{2,3}$/.test(d.name))
  .map((d) => d.name)
  .sort();

/** A PO string's escapes, as Lingui's writer makes them. */
function unquote(line: string): string {
  const body = line.slice(line.indexOf('"') + 1, line.lastIndexOf('"'));
  return body.replace(/\\(["\\nt])/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}

/** msgid → msgstr of a PO file; entries with a context or without a translation are left out. */
export function parsePo(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of text.split(/\r?\n\s*\r?\n/)) {
    const fields: Record<string, string> = {};
    let current = '';
    for (const line of entry.split(/\r?\n/)) {
      const head = /^(msgctxt|msgid|msgstr)\s+"/.exec(line);
      if (head?.[1]) {
        current = head[1];
        fields[current] = unquote(line);
      } else if (line.startsWith('"') && current) fields[current] += unquote(line);
    }
    if (fields.msgid && fields.msgstr && fields.msgctxt === undefined) out[fields.msgid] = fields.msgstr;
  }
  return out;
}

function compiled(locale: string): Messages {
  const raw = parsePo(readFileSync(join(LOCALES_DIR, locale, 'messages.po'), 'utf8'));
  return Object.fromEntries(Object.entries(raw).map(([id, text]) => [id, compileMessage(text)]));
}

const instances = new Map<string, I18n>();

/** The language a request in `lang` is answered in: its own when the server has its catalogs, else the restaurant's. */
export function spokenLocale(lang: string): string {
  return SERVER_LOCALES.includes(lang) ? lang : DEFAULT_LANGUAGE;
}

/** One Lingui instance per language, made on first use. */
export function i18nFor(lang: string): I18n {
  const locale = spokenLocale(lang);
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: compiled(locale) } });
    // A message missing from a catalog falls back to its English source, which needs compiling.
    i18n.setMessagesCompiler(compileMessage);
    instances.set(locale, i18n);
  }
  return i18n;
}

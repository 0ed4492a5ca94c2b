import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * `npm run i18n:check`: re-extracts messages from the source and fails when any catalog lacks a
 * translation, so an untranslated string never ships.
 */
execFileSync('node_modules/.bin/lingui', ['extract', '--clean'], { stdio: 'inherit' });

let missing = 0;
for (const [locale, folder] of ['de', 'en'].flatMap((l) => [[l, 'src/client/locales'], [l, 'src/client/staff/locales']])) {
  const po = readFileSync(`${folder}/${locale}/messages.po`, 'utf8');
  // Entries are separated by blank lines; the first is the header.
  for (const entry of po.split(/\n\s*\n/).slice(1)) {
    const id = /^msgid "(.*)"$/m.exec(entry)?.[1];
    const str = /^msgstr "(.*)"$/m.exec(entry)?.[1];
    if (id !== undefined && id !== '' && !str) {
      missing++;
      console.error(`${locale}: missing translation for "${id}"`);
    }
  }
}
if (missing) {
  console.error(`${missing} missing translation(s). Translate them in src/client/locales/*/messages.po and src/client/staff/locales/*/messages.po.`);
  process.exit(1);
}
console.log('All catalogs are complete.');

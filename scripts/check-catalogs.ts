import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * `npm run i18n:check`: re-extracts messages from the source and fails when any catalog lacks a
 * translation, so an untranslated string never ships.
 */
execFileSync('node_modules/.bin/lingui', ['extract', '--clean'], { stdio: 'inherit' });

let missing = 0;
const CATALOGS = [
  'src/client/locales',
  'src/client/features/orders/locales',
  'src/client/features/contact/locales',
  'src/client/features/scanner/locales',
  'src/client/features/phone/locales',
  'src/client/features/reservation/locales',
  'src/client/features/branches/locales',
  'src/client/staff/locales',
];
for (const [locale, folder] of ['de', 'en'].flatMap((l) => CATALOGS.map((c) => [l, c]))) {
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
  console.error(`${missing} missing translation(s). Translate them in ${CATALOGS.map((c) => `${c}/*/messages.po`).join(', ')}.`);
  process.exit(1);
}
console.log('All catalogs are complete.');

/**
 * Writes src/server/auth/common-passwords.txt, the list of common and breached passwords new
 * passwords are checked against (NIST SP 800-63B §3.1.1.2), from the ranked breach-corpus
 * dictionary of @zxcvbn-ts/language-common. Only entries of PASSWORD_MIN characters or more are
 * kept: shorter ones are refused by length already. The list is committed, so the server needs
 * neither the package nor the network at run time; run `npm run passwords:list` after raising
 * the package to refresh it.
 */
import { writeFileSync } from 'node:fs';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN } from '../src/shared/contract/password';
import { normalisePassword } from '../src/server/auth/password-policy';

const source = dictionary['passwords-common'];
if (!Array.isArray(source)) throw new Error('@zxcvbn-ts/language-common has no passwords-common list');
const words = [...new Set(source.map((w) => normalisePassword(String(w))).filter((w) => [...w].length >= PASSWORD_MIN))];
const out = new URL('../src/server/auth/common-passwords.txt', import.meta.url);
writeFileSync(out, `${words.join('\n')}\n`);
console.log(`${words.length} passwords written to ${out.pathname}`);

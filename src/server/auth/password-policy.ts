/**
 * The server's half of the new-password rule (shared/contract/password.ts has the cheap half):
 * no password from the list of common and breached passwords shipped beside this file
 * (scripts/common-passwords.ts makes it), and never the account's own e-mail address, which
 * the reset and staff forms do not carry.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isEmailPassword, isTrivialPassword } from '../../shared/contract/password';
import { V } from '../../shared/contract/validation';
import { say } from '../i18n/messages';
import { FieldErrors } from '../plugins/errors';

/** Compared without case, width variants or surrounding blanks: `Password1 ` is `password1`. */
export function normalisePassword(password: string): string {
  return password.normalize('NFKC').trim().toLowerCase();
}

let common: Set<string> | null = null;

/** Read on first use (about 18,000 entries, 170 KB): a cold start that sets no password never pays for it. */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .filter((line) => line.length > 0),
  );
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(normalisePassword(password));
}

type PasswordProblem = typeof V.passwordTrivial | typeof V.passwordIsEmail | typeof V.passwordCommon;

export function passwordProblem(password: string, owner: { email?: string | null }): PasswordProblem | null {
  if (isTrivialPassword(password)) return V.passwordTrivial;
  if (isEmailPassword(password, owner.email)) return V.passwordIsEmail;
  if (isCommonPassword(password)) return V.passwordCommon;
  return null;
}

/** Throws the 422 the forms show under `field` when the new password is one to refuse. */
export function assertAcceptablePassword(password: string, owner: { email?: string | null }, lang: string, field = 'password'): void {
  const problem = passwordProblem(password, owner);
  if (problem) throw new FieldErrors({ [field]: [say(lang, problem)] });
}

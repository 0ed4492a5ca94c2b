/**
 * The new-password rule of every form that sets one (register, reset, profile, staff team),
 * after NIST SP 800-63B: a length floor, no composition rules, and no password an attacker
 * tries first. The checks here are the cheap ones the client can run too; the list of common
 * and breached passwords is the server's (`server/auth/password-policy.ts`), which would not
 * fit in the storefront's first page.
 */
import * as yup from 'yup';
import { V } from './validation';

/** NIST SP 800-63B: at least 8 characters; the upper bound keeps hashing cheap to refuse. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Only blanks, or one character over and over (`        `, `aaaaaaaa`): no guess is quicker. */
export function isTrivialPassword(password: string): boolean {
  return /^\s*$/u.test(password) || /^(.)\1*$/su.test(password);
}

/** The account's own e-mail address, or the part before its @, is the first guess of anyone who knows it. */
export function isEmailPassword(password: string, email: string | undefined | null): boolean {
  const address = email?.trim().toLowerCase();
  if (!address) return false;
  const typed = password.trim().toLowerCase();
  const local = address.slice(0, address.lastIndexOf('@'));
  return typed === address || (local.length > 0 && typed === local);
}

/**
 * A new password: length, not trivial, not the sibling `email` field (when the form has one;
 * the server checks the account's address where it does not).
 */
export const newPassword = (max = PASSWORD_MAX) =>
  yup
    .string()
    .typeError(V.passwordShort)
    .min(PASSWORD_MIN, V.passwordShort)
    .max(max, V.tooLong)
    .test('trivial', V.passwordTrivial, (value) => !value || !isTrivialPassword(value))
    .test('email', V.passwordIsEmail, function notEmail(value) {
      const { email } = (this.parent ?? {}) as { email?: unknown };
      return !value || !isEmailPassword(value, typeof email === 'string' ? email : undefined);
    });

/**
 * The one e-mail rule every form shares (register, login, reset, profile, guest checkout, staff
 * team): what an SMTP server will take, so an address we accept is never refused later, when the
 * mail goes out and nobody sees the failure.
 *
 * The local part is RFC 5322's dot-atom (no quotes, no leading, trailing or double dot); the
 * domain is dot-separated DNS labels with a letter or punycode top-level label, as the HTML
 * `type=email` field checks. Addresses in non-ASCII letters are refused: without SMTPUTF8 at
 * every hop they do not arrive. Spec §5 limits: 254 in total, 64 before the @.
 */
import { lowerCasedString } from './params';
import { V } from './validation';

export const EMAIL_MAX = 254;
export const EMAIL_LOCAL_MAX = 64;

const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LOCAL_PART = new RegExp(`^${ATOM}(?:\\.${ATOM})*$`);
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LABEL = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

export function isEmail(value: string, max = EMAIL_MAX): boolean {
  if (value.length > max) return false;
  const at = value.indexOf('@');
  if (at < 1 || at > EMAIL_LOCAL_MAX || at !== value.lastIndexOf('@')) return false;
  if (!LOCAL_PART.test(value.slice(0, at))) return false;
  const labels = value.slice(at + 1).split('.');
  const top = labels.at(-1) ?? '';
  return labels.length >= 2 && labels.every((label) => LABEL.test(label)) && TOP_LABEL.test(top);
}

/**
 * An e-mail field: trimmed, lower-cased (accounts are found however the address is typed) and
 * checked by `isEmail`. Empty passes here; each form says whether the field is required.
 * `max` is lower where a column is shorter (staff accounts: 191).
 */
export const emailAddress = (max = EMAIL_MAX) =>
  lowerCasedString()
    .typeError(V.email)
    .max(max, V.email)
    .test('email', V.email, (value) => !value || isEmail(value, max));

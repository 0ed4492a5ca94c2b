/**
 * Throttling of password sign-in, after OWASP's authentication cheat sheet: wrong guesses are
 * held against the address and the account together, so a stranger's guesses never lock the
 * owner out. Three counters (numbers and reasons in AUTH_LIMITS and decision 010):
 *
 * - every attempt per address: one address cannot spray a password over many accounts;
 * - failures per address and account: the pair is refused (429) after a few, nobody else is;
 * - failures per account from every address: many addresses guessing at one account slow every
 *   answer for it down, up to a cap. The right password still gets in from anywhere.
 *
 * Customers and staff use the same machinery under their own key prefixes.
 */
import type { Db } from '../db/client';
import { AUTH_LIMITS, clearLimit, clearLimitsStartingWith, consume, count, LOGIN_SLOWDOWN, peek, refuseWhenFull } from './rate-limit';

export type LoginScope = 'login' | 'staffLogin';

export interface LoginAttempt {
  db: Db;
  scope: LoginScope;
  /** The client address as the app trusts it (`request.ip`). */
  address: string;
  /** The normalised e-mail address typed. */
  account: string;
  lang: string;
  scale: number;
  /** Waits (tests pass a recorder); a real timer by default. */
  sleep?: (ms: number) => Promise<void>;
}

const keys = (scope: LoginScope, address: string, account: string) => ({
  address: `${scope}PerAddress:${address}`,
  // The account first, so a reset can forget the account's counts from every address at once.
  pair: `${scope}Failures:${account}|${address}`,
  account: `${scope}FailuresPerAccount:${account}`,
});

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How long an attempt waits once the account has `failures` failed logins in its window. */
export function slowdownMs(failures: number, scale = 1): number {
  const over = failures - AUTH_LIMITS.loginFailuresPerAccount.limit * scale;
  return over <= 0 ? 0 : Math.min(LOGIN_SLOWDOWN.maxMs, over * LOGIN_SLOWDOWN.stepMs);
}

/** Before the password is checked: counts the attempt, refuses a pair over its limit, slows a hunted account down. */
export async function beforeLogin(attempt: LoginAttempt): Promise<void> {
  const { db, lang, scale } = attempt;
  const k = keys(attempt.scope, attempt.address, attempt.account);
  await consume(db, k.address, AUTH_LIMITS.loginPerAddress, lang, scale);
  await refuseWhenFull(db, k.pair, AUTH_LIMITS.loginFailuresPerAddressAccount, lang, scale);
  const { count: failures } = await peek(db, k.account, AUTH_LIMITS.loginFailuresPerAccount);
  const delay = slowdownMs(failures, scale);
  if (delay > 0) await (attempt.sleep ?? wait)(delay);
}

export async function loginFailed(attempt: LoginAttempt): Promise<void> {
  const k = keys(attempt.scope, attempt.address, attempt.account);
  await count(attempt.db, k.pair, AUTH_LIMITS.loginFailuresPerAddressAccount);
  await count(attempt.db, k.account, AUTH_LIMITS.loginFailuresPerAccount);
}

/** The owner got in from here: this pair starts again. The account-wide count stays, since guessing elsewhere goes on. */
export async function loginSucceeded(attempt: LoginAttempt): Promise<void> {
  await clearLimit(attempt.db, keys(attempt.scope, attempt.address, attempt.account).pair);
}

/** A new password (reset or change) makes every earlier guess moot: forget the account's counts everywhere. */
export async function forgetLoginFailures(db: Db, scope: LoginScope, account: string): Promise<void> {
  const k = keys(scope, '', account);
  await clearLimitsStartingWith(db, k.pair);
  await clearLimit(db, k.account);
}

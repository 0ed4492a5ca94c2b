/**
 * Fixed-window attempt counters in the database, so every server instance sharing it counts
 * together and a restart forgets nothing. One atomic upsert per attempt.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedStatement, type PreparedStatement } from '../db/prepared';
import * as t from '../db/schema';
import { say } from '../i18n/messages';
import { HttpError } from '../plugins/errors';

export interface LimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
}

/**
 * What each sign-in door allows (decision 010 gives the reasons; the README repeats these).
 * Nothing here lets a stranger keep an account's owner out: wrong passwords are counted per
 * address and account together, and the count over every address only slows answers down.
 */
export const AUTH_LIMITS = {
  /** Every login attempt from one address, whatever the accounts: stops spraying one password over many. */
  loginPerAddress: { limit: 20, windowSeconds: 15 * 60 },
  /** Failed logins from one address on one account; a successful login there clears it. Over it: 429 for that pair only. */
  loginFailuresPerAddressAccount: { limit: 5, windowSeconds: 15 * 60 },
  /** Failed logins on one account from every address. Over it each attempt waits (LOGIN_SLOWDOWN), never a refusal. */
  loginFailuresPerAccount: { limit: 10, windowSeconds: 15 * 60 },
  registerPerAddress: { limit: 5, windowSeconds: 60 * 60 },
  resetPerAddress: { limit: 10, windowSeconds: 60 * 60 },
  resetPerAccount: { limit: 3, windowSeconds: 60 * 60 },
  socialPerAddress: { limit: 20, windowSeconds: 15 * 60 },
  /** Profile saves that change the e-mail address: each one says whether the new address has an account. */
  emailChangePerAccount: { limit: 5, windowSeconds: 60 * 60 },
  emailChangePerAddress: { limit: 10, windowSeconds: 60 * 60 },
  /** Wrong current passwords on the profile form: a stolen session must not become a password oracle. */
  currentPasswordFailures: { limit: 5, windowSeconds: 15 * 60 },
} satisfies Record<string, LimitRule>;

/** Past `loginFailuresPerAccount`, each attempt on the account waits this much more per failure, up to the cap. */
export const LOGIN_SLOWDOWN = { stepMs: 500, maxMs: 3000 } as const;

export type AuthLimitName = keyof typeof AUTH_LIMITS;

/** What a refused attempt is told: how long to wait, worded for the door (sign-in, ordering, "I'm here"). */
export type RateLimitMessage = 'auth.rateLimited' | 'checkout.rateLimited' | 'order.arrivalRateLimited' | 'contact.rateLimited' | 'address.rateLimited' | 'reservation.rateLimited';

export class RateLimited extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    lang: string,
    message: RateLimitMessage = 'auth.rateLimited',
  ) {
    super(429, say(lang, message, { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) }));
  }
}

/** Counts one attempt under `key` and returns the window's count and when it ends. */
export async function count(db: Db, key: string, rule: LimitRule): Promise<{ count: number; retryAfterSeconds: number }> {
  const [counted] = await countAll(db, [[key, rule]]);
  if (!counted) throw new Error('rate limit upsert returned nothing');
  return counted;
}

/** The counting statement for `n` keys, with placeholders `key0`, `window0`, `key1`…: its text is built once per number of keys. */
function countStatement(n: number): PreparedStatement<{ key: string; count: number; windowStart: Date | string }> {
  const r = t.rateLimits;
  const indexes = Array.from({ length: n }, (_, i) => i);
  // The window of the row being updated: ON CONFLICT sees only the table's own columns.
  const windowOf = sql`case ${sql.join(
    indexes.map((i) => sql`when ${r.key} = ${sql.placeholder(`key${i}`)} then ${sql.placeholder(`window${i}`)}::integer`),
    sql` `,
  )} end`;
  const expired = sql`${r.windowStart} < now() - make_interval(secs => ${windowOf})`;
  return preparedStatement(
    `rate-limits-${n}`,
    () => sql`insert into ${r} (${sql.identifier(r.key.name)}, ${sql.identifier(r.windowStart.name)}, ${sql.identifier(r.count.name)})
      values ${sql.join(
        indexes.map((i) => sql`(${sql.placeholder(`key${i}`)}, now(), 1)`),
        sql`, `,
      )}
      on conflict (${sql.identifier(r.key.name)}) do update set
        ${sql.identifier(r.count.name)} = case when ${expired} then 1 else ${r.count} + 1 end,
        ${sql.identifier(r.windowStart.name)} = case when ${expired} then now() else ${r.windowStart} end
      returning ${sql.identifier(r.key.name)} as key, ${sql.identifier(r.count.name)} as count, ${sql.identifier(r.windowStart.name)} as "windowStart"`,
  );
}

const countStatements = new Map<number, ReturnType<typeof countStatement>>();

/**
 * Counts one attempt under each key, in one statement; answers in the order asked. The rows are
 * locked in key order, so two senders sharing some keys never wait on each other in a cycle.
 */
export async function countAll(db: Db, attempts: readonly (readonly [string, LimitRule])[]): Promise<{ count: number; retryAfterSeconds: number }[]> {
  const windows = new Map(attempts.map(([key, rule]) => [key, rule.windowSeconds]));
  if (windows.size !== attempts.length) throw new Error('a key counted twice in one statement');
  const keys = [...windows.keys()].sort();
  let statement = countStatements.get(keys.length);
  if (!statement) countStatements.set(keys.length, (statement = countStatement(keys.length)));
  const values: Record<string, unknown> = {};
  keys.forEach((key, i) => {
    values[`key${i}`] = key;
    values[`window${i}`] = windows.get(key);
  });
  const rows = await statement.run(db, values);
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return attempts.map(([key, rule]) => {
    const row = byKey.get(key);
    if (!row) throw new Error('rate limit upsert returned nothing');
    return { count: row.count, retryAfterSeconds: retryAfter(new Date(row.windowStart), rule) };
  });
}

function retryAfter(windowStart: Date, rule: LimitRule): number {
  return Math.max(1, Math.ceil((windowStart.getTime() + rule.windowSeconds * 1000 - Date.now()) / 1000));
}

/** The attempts counted under `key` in its current window, without counting one more. */
export async function peek(db: Db, key: string, rule: LimitRule): Promise<{ count: number; retryAfterSeconds: number }> {
  const [row] = await db
    .select({ count: t.rateLimits.count, windowStart: t.rateLimits.windowStart })
    .from(t.rateLimits)
    .where(and(eq(t.rateLimits.key, key), sql`${t.rateLimits.windowStart} >= now() - make_interval(secs => ${rule.windowSeconds})`));
  return row ? { count: row.count, retryAfterSeconds: retryAfter(row.windowStart, rule) } : { count: 0, retryAfterSeconds: 0 };
}

/** Counts one attempt under `key`; throws RateLimited when it is over the rule's limit. */
export async function consume(db: Db, key: string, rule: LimitRule, lang: string, scale = 1, message?: RateLimitMessage): Promise<void> {
  await consumeAll(db, [[key, rule]], lang, scale, message);
}

/**
 * Counts one attempt under every key in one statement; throws RateLimited for the first rule
 * (in the order given) that is over its limit. Every key counts the attempt, refused or not.
 */
export async function consumeAll(
  db: Db,
  attempts: readonly (readonly [string, LimitRule])[],
  lang: string,
  scale = 1,
  message?: RateLimitMessage,
): Promise<void> {
  const counted = await countAll(db, attempts);
  attempts.forEach(([, rule], i) => {
    const seen = counted[i];
    if (seen && seen.count > rule.limit * scale) throw new RateLimited(seen.retryAfterSeconds, lang, message);
  });
}

/** Throws RateLimited when `key` has already reached the rule's limit; counts nothing. */
export async function refuseWhenFull(db: Db, key: string, rule: LimitRule, lang: string, scale = 1): Promise<void> {
  const seen = await peek(db, key, rule);
  if (seen.count >= rule.limit * scale) throw new RateLimited(seen.retryAfterSeconds, lang);
}

export async function clearLimit(db: Db, key: string): Promise<void> {
  await db.delete(t.rateLimits).where(eq(t.rateLimits.key, key));
}

/** Forgets every counter whose key starts with `prefix` (an account's counts from every address). */
export async function clearLimitsStartingWith(db: Db, prefix: string): Promise<void> {
  await db.delete(t.rateLimits).where(sql`left(${t.rateLimits.key}, ${prefix.length}) = ${prefix}`);
}

export async function pruneRateLimits(db: Db): Promise<void> {
  await db.delete(t.rateLimits).where(lt(t.rateLimits.windowStart, sql`now() - interval '1 day'`));
}

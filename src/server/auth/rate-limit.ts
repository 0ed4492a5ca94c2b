/**
 * Fixed-window attempt counters in the database, so every server instance sharing it counts
 * together and a restart forgets nothing. One atomic upsert per attempt.
 */
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { say } from '../i18n/messages';
import { HttpError } from '../plugins/errors';

export interface LimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowSeconds: number;
}

/** What each sign-in door allows (the closing note of issue 4 and the README repeat these). */
export const AUTH_LIMITS = {
  loginPerAddress: { limit: 20, windowSeconds: 15 * 60 },
  /** Failed logins in a row; a successful login clears it. */
  loginPerAccount: { limit: 5, windowSeconds: 15 * 60 },
  registerPerAddress: { limit: 5, windowSeconds: 60 * 60 },
  resetPerAddress: { limit: 10, windowSeconds: 60 * 60 },
  resetPerAccount: { limit: 3, windowSeconds: 60 * 60 },
  socialPerAddress: { limit: 20, windowSeconds: 15 * 60 },
} satisfies Record<string, LimitRule>;

export type AuthLimitName = keyof typeof AUTH_LIMITS;

export class RateLimited extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    lang: string,
  ) {
    super(429, say(lang, 'auth.rateLimited', { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) }));
  }
}

/** Counts one attempt under `key`; throws RateLimited when it is over the rule's limit. */
export async function consume(db: Db, key: string, rule: LimitRule, lang: string, scale = 1): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const expired = sql`${t.rateLimits.windowStart} < now() - make_interval(secs => ${rule.windowSeconds})`;
  const [row] = await db
    .insert(t.rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: t.rateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${t.rateLimits.count} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${t.rateLimits.windowStart} end`,
      },
    })
    .returning({ count: t.rateLimits.count, windowStart: t.rateLimits.windowStart });
  if (!row) throw new Error('rate limit upsert returned nothing');
  if (row.count > rule.limit * scale) {
    const started = row.windowStart.getTime();
    throw new RateLimited(Math.max(1, Math.ceil((started + windowMs - Date.now()) / 1000)), lang);
  }
}

export async function clearLimit(db: Db, key: string): Promise<void> {
  await db.delete(t.rateLimits).where(eq(t.rateLimits.key, key));
}

export async function pruneRateLimits(db: Db): Promise<void> {
  await db.delete(t.rateLimits).where(lt(t.rateLimits.windowStart, sql`now() - interval '1 day'`));
}

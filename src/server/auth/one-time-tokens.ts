/** Password-reset links and social sign-up tickets: random, stored hashed, expiring, usable once. */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { newSecret, sha256 } from '../orders/secrets';

type Purpose = (typeof t.oneTimeTokens.$inferInsert)['purpose'];
type OneTimeRow = typeof t.oneTimeTokens.$inferSelect;

export async function issueOneTimeToken(
  db: Db,
  purpose: Purpose,
  validMinutes: number,
  data: { userId?: number; payload?: unknown },
): Promise<string> {
  const token = newSecret();
  await db.insert(t.oneTimeTokens).values({
    tokenHash: sha256(token),
    purpose,
    userId: data.userId,
    payload: data.payload,
    expiresAt: new Date(Date.now() + validMinutes * 60_000),
  });
  return token;
}

/** Marks the token used and returns it, in one conditional UPDATE: of two uses at once, one wins. */
export async function consumeOneTimeToken(db: Db, token: string, purpose: Purpose): Promise<OneTimeRow | undefined> {
  const [row] = await db
    .update(t.oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(t.oneTimeTokens.tokenHash, sha256(token)),
        eq(t.oneTimeTokens.purpose, purpose),
        isNull(t.oneTimeTokens.usedAt),
        gt(t.oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .returning();
  return row;
}

/**
 * Spends every outstanding token of a purpose for a user: after one reset link is used, the
 * password is changed or the e-mail address moves, no older link may set the password again.
 */
export async function revokeOneTimeTokens(db: Db, userId: number, purpose: Purpose): Promise<void> {
  await db
    .update(t.oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(t.oneTimeTokens.userId, userId), eq(t.oneTimeTokens.purpose, purpose), isNull(t.oneTimeTokens.usedAt)));
}

import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { newSecret, sha256 } from '../orders/secrets';

/** A month: long enough that a regular keeps their session, short enough that a lost phone's token dies. */
export const TOKEN_TTL_DAYS = 30;

export async function issueToken(db: Db, userId: number, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecret();
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_DAYS * 86_400_000);
  await db.insert(t.authTokens).values({ userId, tokenHash: sha256(token), expiresAt });
  return { token, expiresAt };
}

export type UserRow = typeof t.users.$inferSelect;

/** The user behind a live token, or undefined for an unknown, expired or revoked one. */
export async function userForToken(db: Db, token: string, now = new Date()): Promise<{ user: UserRow; tokenId: number } | undefined> {
  const [row] = await db
    .select({ user: t.users, tokenId: t.authTokens.id })
    .from(t.authTokens)
    .innerJoin(t.users, eq(t.users.id, t.authTokens.userId))
    .where(and(eq(t.authTokens.tokenHash, sha256(token)), isNull(t.authTokens.revokedAt), gt(t.authTokens.expiresAt, now)));
  return row;
}

export async function revokeToken(db: Db, tokenId: number): Promise<void> {
  await db.update(t.authTokens).set({ revokedAt: new Date() }).where(eq(t.authTokens.id, tokenId));
}

/** After a password change or reset every other device signs in again. */
export async function revokeAllTokens(db: Db, userId: number, exceptTokenId?: number): Promise<void> {
  await db
    .update(t.authTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(t.authTokens.userId, userId),
        isNull(t.authTokens.revokedAt),
        exceptTokenId === undefined ? undefined : ne(t.authTokens.id, exceptTokenId),
      ),
    );
}

export async function pruneTokens(db: Db, now = new Date()): Promise<void> {
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000);
  await db.delete(t.authTokens).where(or(lt(t.authTokens.expiresAt, now), lt(t.authTokens.revokedAt, weekAgo)));
  await db.delete(t.oneTimeTokens).where(lt(t.oneTimeTokens.expiresAt, weekAgo));
}

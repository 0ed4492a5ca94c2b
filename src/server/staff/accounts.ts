/**
 * Staff accounts and their sign-in tokens. Separate tables from customers: a customer's token is
 * never found here, so it opens no staff endpoint, and a staff member is never a customer.
 */
import { and, asc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { StaffMember, StaffRole } from '../../shared/contract/staff';
import { hashPassword } from '../auth/passwords';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { newSecret, sha256 } from '../orders/secrets';

export type StaffRow = typeof t.staffUsers.$inferSelect;

/** A shift and then some: a tablet at the pass stays signed in for a fortnight, and any token can be revoked. */
export const STAFF_TOKEN_TTL_DAYS = 14;

export function staffOut(row: StaffRow): StaffMember {
  return { id: row.id, name: row.name, email: row.email, role: row.role, active: row.active };
}

/**
 * The first owner comes from OWNER_EMAIL / OWNER_PASSWORD at start: created when no account has
 * that e-mail, never overwritten, so a changed password in the environment changes nothing.
 */
export async function ensureOwner(db: Db, email: string, password: string, name = 'Owner'): Promise<'created' | 'exists'> {
  const normalised = email.trim().toLowerCase();
  const [existing] = await db.select({ id: t.staffUsers.id }).from(t.staffUsers).where(eq(t.staffUsers.email, normalised));
  if (existing) return 'exists';
  const inserted = await db
    .insert(t.staffUsers)
    .values({ name, email: normalised, passwordHash: await hashPassword(password), role: 'owner' })
    .onConflictDoNothing()
    .returning({ id: t.staffUsers.id });
  return inserted.length ? 'created' : 'exists';
}

export async function staffByEmail(db: Db, email: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(t.staffUsers).where(eq(t.staffUsers.email, email.trim().toLowerCase()));
  return row;
}

export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db.select().from(t.staffUsers).orderBy(asc(t.staffUsers.name), asc(t.staffUsers.id));
  return rows.map(staffOut);
}

export async function issueStaffToken(db: Db, staffId: number, now = new Date()): Promise<string> {
  const token = newSecret();
  await db.insert(t.staffTokens).values({ staffId, tokenHash: sha256(token), expiresAt: new Date(now.getTime() + STAFF_TOKEN_TTL_DAYS * 86_400_000) });
  return token;
}

/** The active staff member behind a live token. */
export async function staffForToken(db: Db, token: string, now = new Date()): Promise<{ staff: StaffRow; tokenId: number } | undefined> {
  const [row] = await db
    .select({ staff: t.staffUsers, tokenId: t.staffTokens.id })
    .from(t.staffTokens)
    .innerJoin(t.staffUsers, eq(t.staffUsers.id, t.staffTokens.staffId))
    .where(
      and(
        eq(t.staffTokens.tokenHash, sha256(token)),
        isNull(t.staffTokens.revokedAt),
        gt(t.staffTokens.expiresAt, now),
        eq(t.staffUsers.active, true),
      ),
    );
  return row;
}

export async function revokeStaffToken(db: Db, tokenId: number): Promise<void> {
  await db.update(t.staffTokens).set({ revokedAt: new Date() }).where(eq(t.staffTokens.id, tokenId));
}

/** A disabled account, a new role or a new password signs that person out everywhere. */
export async function revokeStaffTokens(db: Db, staffId: number): Promise<void> {
  await db
    .update(t.staffTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(t.staffTokens.staffId, staffId), isNull(t.staffTokens.revokedAt)));
}

export async function pruneStaffTokens(db: Db, now = new Date()): Promise<void> {
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000);
  await db.delete(t.staffTokens).where(or(lt(t.staffTokens.expiresAt, now), lt(t.staffTokens.revokedAt, weekAgo)));
}

/** How many active owners there are besides this one: the last owner cannot be demoted or disabled. */
export async function otherActiveOwners(db: Db, staffId: number): Promise<number> {
  const rows = await db
    .select({ id: t.staffUsers.id })
    .from(t.staffUsers)
    .where(and(eq(t.staffUsers.role, 'owner' satisfies StaffRole), eq(t.staffUsers.active, true)));
  return rows.filter((r) => r.id !== staffId).length;
}

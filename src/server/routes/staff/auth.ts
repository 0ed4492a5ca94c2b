import type { FastifyInstance } from 'fastify';
import { staffLoginSchema, type StaffSession } from '../../../shared/contract/staff';
import { hashPassword, needsRehash, verifyPassword } from '../../auth/passwords';
import { beforeLogin, loginFailed, loginSucceeded } from '../../auth/login-throttle';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';
import { eq } from 'drizzle-orm';
import { say } from '../../i18n/messages';
import { HttpError } from '../../plugins/errors';
import { issueStaffToken, revokeStaffToken, staffByEmail, staffOut } from '../../staff/accounts';
import { requireStaff } from '../../staff/guard';

/** Staff sign in at `/staff` with the same protections as customers: argon2id, hashed tokens, rate limits. */
export async function staffAuthRoutes(app: FastifyInstance, { db, rateLimitScale }: { db: Db; rateLimitScale: number }): Promise<void> {
  app.post<{ Body: { email: string; password: string } }>('/login', { schema: { body: staffLoginSchema } }, async (request) => {
    const { email, password } = request.body;
    const attempt = { db, scope: 'staffLogin' as const, address: request.ip, account: email, lang: request.lang, scale: rateLimitScale };
    await beforeLogin(attempt);
    const staff = await staffByEmail(db, email);
    const ok = await verifyPassword(staff?.active ? staff.passwordHash : null, password);
    if (!staff || !staff.active || !ok) {
      await loginFailed(attempt);
      throw new HttpError(401, say(request.lang, 'auth.badCredentials'));
    }
    await loginSucceeded(attempt);
    if (needsRehash(staff.passwordHash)) {
      await db.update(t.staffUsers).set({ passwordHash: await hashPassword(password) }).where(eq(t.staffUsers.id, staff.id));
    }
    const body: StaffSession = { token: await issueStaffToken(db, staff.id), staff: staffOut(staff) };
    return { data: body };
  });

  app.get('/me', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { staff } = await requireStaff(db, request);
    return { data: staffOut(staff) };
  });

  app.post('/logout', async (request) => {
    const { tokenId } = await requireStaff(db, request);
    await revokeStaffToken(db, tokenId);
    return { data: { ok: true } };
  });
}

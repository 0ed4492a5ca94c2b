import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import { AUDIT_KIND_NAMES, staffCreateSchema, staffUpdateSchema, type AuditKind, type StaffRole } from '../../../shared/contract/staff';
import { assertAcceptablePassword } from '../../auth/password-policy';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';
import { say } from '../../i18n/messages';
import { FieldErrors, HttpError } from '../../plugins/errors';
import { listStaff, otherActiveOwners, revokeStaffTokens, staffByEmail, staffOut } from '../../staff/accounts';
import { readLog, record } from '../../staff/audit';
import { requireStaff } from '../../staff/guard';

const idParams = yup.object({ id: yup.number().typeError('must be a number').integer().min(1).max(2_147_483_647).required() });
const logQuery = yup.object({
  limit: yup.number().integer().min(1).max(200).default(100),
  before: yup.number().integer().min(1).max(2_147_483_647).optional(),
  kind: yup.string().oneOf(AUDIT_KIND_NAMES).optional(),
});

/** The owner's door: staff accounts and the log of who did what. */
export async function staffTeamRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/team', async (request) => {
    await requireStaff(db, request, 'team');
    return { data: await listStaff(db) };
  });

  app.post<{ Body: { name: string; email: string; role: StaffRole; password: string } }>(
    '/team',
    { schema: { body: staffCreateSchema } },
    async (request, reply) => {
      const { staff } = await requireStaff(db, request, 'team');
      const { name, email, role, password } = request.body;
      if (await staffByEmail(db, email)) throw new FieldErrors({ email: [say(request.lang, 'staff.emailTaken')] });
      assertAcceptablePassword(password, { email }, request.lang);
      const passwordHash = await hashPassword(password);
      const created = await db.transaction(async (tx) => {
        const [row] = await tx.insert(t.staffUsers).values({ name, email, role, passwordHash }).onConflictDoNothing().returning();
        if (row) await record(tx, staff, 'staff.create', row.email, { role });
        return row;
      });
      if (!created) throw new FieldErrors({ email: [say(request.lang, 'staff.emailTaken')] });
      return reply.code(201).send({ data: staffOut(created) });
    },
  );

  app.patch<{ Params: { id: number }; Body: { name?: string; role?: StaffRole; active?: boolean; password?: string } }>(
    '/team/:id',
    { schema: { params: idParams, body: staffUpdateSchema } },
    async (request) => {
      const { staff } = await requireStaff(db, request, 'team');
      const [target] = await db.select().from(t.staffUsers).where(eq(t.staffUsers.id, request.params.id));
      if (!target) throw new HttpError(404, say(request.lang, 'staff.notFound'));
      const { name, role, active, password } = request.body;
      const losesOwner = target.role === 'owner' && target.active && ((role && role !== 'owner') || active === false);
      if (losesOwner && (await otherActiveOwners(db, target.id)) === 0) {
        throw new FieldErrors({ [role && role !== 'owner' ? 'role' : 'active']: [say(request.lang, 'staff.lastOwner')] });
      }
      if (password) assertAcceptablePassword(password, { email: target.email }, request.lang);
      const passwordHash = password ? await hashPassword(password) : undefined;
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(t.staffUsers)
          .set({ name, role, active, passwordHash, updatedAt: new Date() })
          .where(eq(t.staffUsers.id, target.id))
          .returning();
        // A new role, a disabled account or a new password takes effect at once, on every device.
        if ((role && role !== target.role) || active === false || passwordHash) await revokeStaffTokens(tx, target.id);
        const changes = { name: name !== target.name ? name : undefined, role: role !== target.role ? role : undefined, active, password: passwordHash ? true : undefined };
        await record(tx, staff, 'staff.update', target.email, JSON.parse(JSON.stringify(changes)) as Record<string, unknown>);
        return row;
      });
      if (!updated) throw new HttpError(404, say(request.lang, 'staff.notFound'));
      return { data: staffOut(updated) };
    },
  );

  app.get<{ Querystring: { limit: number; before?: number; kind?: AuditKind } }>('/audit', { schema: { querystring: logQuery } }, async (request) => {
    await requireStaff(db, request, 'audit');
    return { data: await readLog(db, request.query) };
  });
}

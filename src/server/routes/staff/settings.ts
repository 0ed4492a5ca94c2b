import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SETTINGS_SCHEMAS, type ServerEnvironment, type SettingsGroup } from '../../../shared/contract/settings-admin';
import { readSettingsView, saveSettingsGroup } from '../../admin/settings/settings-admin';
import type { Db } from '../../db/client';
import { requireStaff } from '../../staff/guard';

/** The settings screen: every group read at once, each group saved on its own. */
export async function staffSettingsRoutes(app: FastifyInstance, { db, environment }: { db: Db; environment: ServerEnvironment }): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get('/settings', async (request) => {
    await requireStaff(db, request, 'editRead');
    return { data: await readSettingsView(db, request.lang, environment) };
  });

  // Who may write is settled before the body is read: a stranger gets 401, never a list of field errors.
  const mayEdit = async (request: FastifyRequest) => void (await requireStaff(db, request, 'edit'));

  // One route per group, so each validates its body with its own contract schema before the handler runs.
  for (const group of Object.keys(SETTINGS_SCHEMAS) as SettingsGroup[]) {
    app.put<{ Body: Record<string, unknown> }>(`/settings/${group}`, { preValidation: mayEdit, schema: { body: SETTINGS_SCHEMAS[group] } }, async (request) => {
      const { staff } = await requireStaff(db, request, 'edit');
      return { data: await saveSettingsGroup(db, staff, request.lang, group, request.body) };
    });
  }
}

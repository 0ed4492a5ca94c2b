import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SETTINGS_SCHEMAS, type ServerEnvironment, type SettingsGroup } from '../../../shared/contract/settings-admin';
import { uploadLogo } from '../../admin/settings/logo';
import { readSettingsView, saveSettingsGroup } from '../../admin/settings/settings-admin';
import { PhotoRefused } from '../../admin/photos/process';
import type { Db } from '../../db/client';
import { say } from '../../i18n/messages';
import { FieldErrors } from '../../plugins/errors';
import { requireStaff } from '../../staff/guard';
import { acceptImageBodies, imageBytes, imageUploadOptions } from './image-body';

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

  // The logo as a file (decision 026): the image's bytes as the body, like a photo; the answer is the new LOGO value.
  // Who may upload is settled before up to 20 MB are read.
  acceptImageBodies(app);
  app.put<{ Body: unknown }>('/settings/logo', { onRequest: mayEdit, ...imageUploadOptions }, async (request) => {
    const { staff } = await requireStaff(db, request, 'edit');
    const upload = imageBytes(request.body);
    try {
      return { data: { LOGO: await uploadLogo(db, staff, upload ?? Buffer.alloc(0)) } };
    } catch (error) {
      if (error instanceof PhotoRefused) throw new FieldErrors({ LOGO: [say(request.lang, upload ? `photos.${error.reason}` : 'photos.notImage')] });
      throw error;
    }
  });
}

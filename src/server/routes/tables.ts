import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import type { Db } from '../db/client';
import { say } from '../i18n/messages';
import { HttpError } from '../plugins/errors';
import { limitedTableLookup } from '../tables/lookup-limits';
import { activeTable, startTableSession, TABLE_CODE, tableLink } from '../tables/sessions';

/** A table's code in the path; the tab's routes take it too. */
export const tableCodeParams = yup.object({ code: yup.string().trim().matches(TABLE_CODE, 'must be a table code').required() });

export interface TableRouteOptions {
  db: Db;
  publicUrl?: string;
  rateLimitScale: number;
}

export async function tableRoutes(app: FastifyInstance, { db, publicUrl, rateLimitScale }: TableRouteOptions): Promise<void> {
  const limits = (lang: string) => ({ lang, scale: rateLimitScale });
  // Checking a table starts its session (spec §4: the code is checked, then a token is set).
  app.get<{ Params: { code: string } }>('/tables/:code', { schema: { params: tableCodeParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const grant = await limitedTableLookup(db, request.ip, limits(request.lang), () => startTableSession(db, request.params.code));
    if (!grant) throw new HttpError(404, say(request.lang, 'table.unknown'));
    return { data: grant };
  });

  app.get<{ Params: { code: string } }>('/tables/:code/qr.svg', { schema: { params: tableCodeParams } }, async (request, reply) => {
    // The image answers 404 for an unknown code too, so it is limited like a scan.
    const table = await limitedTableLookup(db, request.ip, limits(request.lang), async () => (await activeTable(db, request.params.code)) ?? null);
    if (!table) throw new HttpError(404, say(request.lang, 'table.unknown'));
    const origin = publicUrl ?? `${request.protocol}://${request.host}`;
    const { default: QRCode } = await import('qrcode');
    const svg = await QRCode.toString(tableLink(origin, table.code), { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return reply.type('image/svg+xml').header('cache-control', 'no-cache').send(svg);
  });
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as yup from 'yup';
import type { Db } from '../db/client';
import { say } from '../i18n/messages';
import { HttpError } from '../plugins/errors';
import { confirmJob, fetchJob, poll, printerByKey, type PollBody } from '../printing/cloudprnt';

/** The printer's key in its URL: what `newPrinterKey` makes (base64url), and nothing else. */
const keyParams = yup.object({ key: yup.string().matches(/^[A-Za-z0-9_-]{16,64}$/).required() });

/** What we read of a poll; CloudPRNT sends more (status bytes, peripherals), which is ignored. */
const pollBody = yup.object({
  printerMAC: yup.string().max(64).optional(),
  statusCode: yup.string().max(200).optional(),
  printingInProgress: yup.boolean().optional(),
});

const jobQuery = yup.object({
  token: yup.string().max(64).required(),
  type: yup.string().max(100).optional(),
  code: yup.string().max(200).optional(),
  mac: yup.string().max(64).optional(),
});

type KeyRequest = { Params: { key: string } };
type JobRequest = KeyRequest & { Querystring: yup.InferType<typeof jobQuery> };

/**
 * Star CloudPRNT (decision 052), one URL per printer: POST polls, GET fetches the offered job,
 * DELETE confirms it. Printers send no cookies, so the anti-forgery check does not apply here;
 * the key in the path is the printer's credential.
 */
export async function cloudPrntRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const printerOf = async (request: FastifyRequest<KeyRequest>) => {
    const printer = await printerByKey(db, request.params.key);
    if (!printer) throw new HttpError(404, say(request.lang, 'printer.notFound'));
    return printer;
  };

  app.post<KeyRequest & { Body: PollBody }>('/:key', { schema: { params: keyParams, body: pollBody } }, async (request) => {
    return poll(db, await printerOf(request), request.body ?? {});
  });

  app.get<JobRequest>('/:key', { schema: { params: keyParams, querystring: jobQuery } }, async (request, reply) => {
    const printer = await printerOf(request);
    // The alternative confirmation ("deleteMethod": "GET") is never asked for: DELETE only.
    const answer = await fetchJob(db, printer, request.query.token, request.query.type ?? 'application/octet-stream');
    if ('status' in answer) return reply.code(answer.status).send();
    return reply.type(answer.mediaType).send(Buffer.from(answer.bytes));
  });

  app.delete<JobRequest>('/:key', { schema: { params: keyParams, querystring: jobQuery } }, async (request, reply) => {
    const printer = await printerOf(request);
    await confirmJob(db, printer, request.query.token, request.query.code ?? '');
    return reply.code(200).send();
  });
}

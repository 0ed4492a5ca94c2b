import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    lang: string;
  }
}

export const DEFAULT_LANGUAGE = 'de';

/** The client sends its chosen language as `Accept-Language`; we use its first primary tag. */
export function languageOf(request: Pick<FastifyRequest, 'headers'>): string {
  const header = request.headers['accept-language'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase() ?? '';
  const primary = first.split(/[-;]/)[0] ?? '';
  return /^[a-z]{2,3}$/.test(primary) ? primary : DEFAULT_LANGUAGE;
}

export function registerLanguage(app: FastifyInstance): void {
  app.decorateRequest('lang', DEFAULT_LANGUAGE);
  app.addHook('onRequest', async (request) => {
    request.lang = languageOf(request);
  });
}

import type { FastifyRequest } from 'fastify';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const m = /^Bearer\s+(\S{1,512})$/i.exec(header);
  return m?.[1] ?? null;
}

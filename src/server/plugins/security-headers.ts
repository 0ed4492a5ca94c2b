/**
 * Helmet's security headers (CSP, HSTS, framing, opener policy…), worked out once at start.
 * `@fastify/helmet` ran helmet's middleware for every request, which parsed and re-serialised the
 * whole policy each time: 14 % of the server's CPU on a cached menu read (issue 16). The headers
 * depend only on the configuration, so helmet runs once against a recorder and each request gets
 * the recorded pairs.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export type SecurityHeaders = ReadonlyArray<readonly [name: string, value: string]>;

/** The headers helmet would write with these options, in its order. */
export function securityHeaders(options: Readonly<HelmetOptions>): SecurityHeaders {
  const recorded: Array<[string, string]> = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      recorded.push([name, Array.isArray(value) ? value.join(', ') : String(value)]);
    },
    removeHeader() {
      // X-Powered-By, which Fastify never sets.
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return recorded;
}

/**
 * Writes them on the raw response, where helmet wrote them: hijacked replies (the event streams)
 * carry them too, and a handler that extends the policy reads it there.
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}

import Fastify from 'fastify';
import { ValidationError } from 'yup';
import { describe, expect, it } from 'vitest';
import { categoryProductParams, idParams } from '../../src/shared/contract/params';
import { registerYupValidation } from '../../src/server/plugins/validation';
import { registerSecurityHeaders, securityHeaders } from '../../src/server/plugins/security-headers';

/** What yup alone says of these params: the contract the fast path for canonical ids must keep. */
function byYup(schema: typeof idParams | typeof categoryProductParams, params: Record<string, string>): unknown {
  try {
    return { ok: schema.validateSync(params, { abortEarly: false }) };
  } catch (error) {
    if (error instanceof ValidationError) return { fields: error.inner.map((e) => e.path).sort() };
    throw error;
  }
}

describe('route params', () => {
  const TEXTS = ['1', '7', '42', '01', '0', '-3', '+4', '1.5', '1e3', ' 5', '5 ', 'abc', '', '2147483647', '2147483648', '9999999999', '99999999999999999999', '0x10'];

  it('answers every id, canonical or not, exactly as yup does', async () => {
    const app = Fastify();
    registerYupValidation(app);
    app.setErrorHandler((error, _request, reply) => {
      const inner = (error as { validation?: unknown; inner?: ValidationError[] }).inner ?? [];
      return reply.code(422).send({ fields: inner.map((e) => e.path).sort() });
    });
    app.get('/one/:id', { schema: { params: idParams } }, async (request) => ({ ok: request.params }));
    app.get('/two/:categoryId/:productId', { schema: { params: categoryProductParams } }, async (request) => ({ ok: request.params }));
    for (const text of TEXTS) {
      const one = await app.inject({ url: `/one/${encodeURIComponent(text)}` });
      expect(one.json(), JSON.stringify(text)).toEqual(byYup(idParams, { id: text }));
      const two = await app.inject({ url: `/two/3/${encodeURIComponent(text)}` });
      expect(two.json(), JSON.stringify(text)).toEqual(byYup(categoryProductParams, { categoryId: '3', productId: text }));
    }
    await app.close();
  });

  it('writes the security headers worked out once on every response, and the policy as configured', async () => {
    const headers = securityHeaders({ contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], connectSrc: ["'self'", 'https://b.example'] } } });
    const names = headers.map(([name]) => name.toLowerCase());
    expect(names).toEqual(expect.arrayContaining(['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options']));
    const app = Fastify();
    registerSecurityHeaders(app, headers);
    app.get('/', async () => ({ ok: true }));
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ url: '/' });
      expect(res.headers['content-security-policy']).toMatch(/default-src 'self';.*connect-src 'self' https:\/\/b\.example/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    await app.close();
  });
});

/**
 * What reaches the server's log: request lines without reset tokens, order keys or payment
 * sessions from the URL, and the 500 line of a failed query without its parameters (argon2
 * hash, name, e-mail, phone) or the driver's detail quoting them.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/server/log-redaction';
import { authHeaders, register, registration, signUp, uniqueEmail } from './account-helpers';
import { call, loadCatalog, payload, placeOrder, productLine, productNamed, type Catalog } from './checkout-helpers';
import { backends, useTestApp } from './harness';

const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
const logged = () => lines.join('\n');

describe('redactUrl', () => {
  it('masks secret query values and the payment session in the path, and keeps the rest', () => {
    expect(redactUrl('/reset-password?token=abc123&lang=en')).toBe('/reset-password?token=[redacted]&lang=en');
    expect(redactUrl('/api/orders/ABCD1234?key=s3cr3t')).toBe('/api/orders/ABCD1234?key=[redacted]');
    expect(redactUrl('/?payment=ok&sess=xyz')).toBe('/?payment=ok&sess=[redacted]');
    expect(redactUrl('/api/sandbox-pay/sess_123/approve?x=1')).toBe('/api/sandbox-pay/[redacted]/approve?x=1');
    expect(redactUrl('/login?ACCESS_TOKEN=1&id%5Ftoken=2&code=3&page=2')).toBe('/login?ACCESS_TOKEN=[redacted]&id%5Ftoken=[redacted]&code=[redacted]&page=2');
    expect(redactUrl('/api/menus?bad=%E0%A4%A')).toBe('/api/menus?bad=%E0%A4%A');
  });
});

describe.each(backends())('the log on %s', (backend) => {
  const ctx = useTestApp(backend, { logger: { level: 'info', stream: capture } });
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let catalog: Catalog;

  beforeAll(async () => {
    catalog = await loadCatalog(app());
  });

  it('holds no reset token, order key, payment session or authentication header', async () => {
    lines.length = 0;
    const resetToken = 'ResetTokenNobodyMayRead0123456789';
    await call(app(), 'GET', `/reset-password?token=${resetToken}`);
    await call(app(), 'POST', `/api/reset-password/confirm?token=${resetToken}`, { payload: { token: resetToken, password: 'whatever it is 1', password_confirmation: 'whatever it is 1' } });
    const order = await placeOrder(app(), payload([productLine(productNamed(catalog, 'Kaiserschmarrn'))]));
    await call(app(), 'GET', `/api/orders/${order.order.code}?key=${encodeURIComponent(order.accessKey)}`);
    await call(app(), 'GET', `/api/orders/${order.order.code}`, { headers: { 'x-order-key': order.accessKey } });
    await call(app(), 'GET', '/api/sandbox-pay/sandbox_session_secret_42');
    const customer = await signUp(app());
    await call(app(), 'GET', '/api/me', { headers: authHeaders(customer.token) });

    const text = logged();
    expect(lines.length).toBeGreaterThan(5);
    expect(text).toContain(`/api/orders/${order.order.code}?key=[redacted]`);
    expect(text).toContain('/reset-password?token=[redacted]');
    for (const secret of [resetToken, order.accessKey, 'sandbox_session_secret_42', customer.token, 'test-xsrf-token']) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it('logs a failed query without its parameters or the values the driver quotes', async () => {
    // A trigger makes the insert of a new customer fail like a broken database would, quoting the row.
    await db().execute(sql.raw(`
      create or replace function refuse_users() returns trigger language plpgsql as $$
      begin raise exception 'forced failure' using detail = 'Key (email)=(' || new.email || ') phone ' || new.phone; end $$`));
    await db().execute(sql.raw('create trigger refuse_users before insert on users for each row execute function refuse_users()'));
    try {
      lines.length = 0;
      const email = uniqueEmail('private');
      const body = registration({ email, name: 'Hedwig Privatsphäre', phone: '+49 40 5550123', password: 'ein geheimes passwort', password_confirmation: 'ein geheimes passwort' });
      const res = await register(app(), body);
      expect(res.status, res.text).toBe(500);
      expect(res.text).not.toContain(email);
      const text = logged();
      const failure = lines.find((l) => l.includes('request failed'));
      expect(failure, text).toBeDefined();
      expect(failure).toContain('forced failure');
      expect(failure).toContain('params: [redacted]');
      for (const secret of [email, 'Hedwig', '5550123', '$argon2id', 'ein geheimes passwort']) {
        expect(text, secret).not.toContain(secret);
      }
    } finally {
      await db().execute(sql.raw('drop trigger refuse_users on users'));
      await db().execute(sql.raw('drop function refuse_users()'));
    }
  });
});

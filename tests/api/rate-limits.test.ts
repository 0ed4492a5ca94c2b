/**
 * Every sign-in door is rate-limited in the database (src/server/auth/rate-limit.ts AUTH_LIMITS):
 * failed logins per account, logins per client address, registrations per address, and password
 * reset requests per account and per address. Each test uses client addresses of its own, so the
 * tests do not eat into each other's budgets.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '../../src/server/db/schema';
import { AUTH_LIMITS } from '../../src/server/auth/rate-limit';
import { createMemoryMailer } from '../../src/server/mail/mailer';
import { EN, freshAddress, loginCall, mailsTo, register, registerUser, registration, uniqueEmail } from './account-helpers';
import { call, type Reply } from './checkout-helpers';
import { backends, useTestApp } from './harness';

const BAD_CREDENTIALS = { message: 'Validation Error', data: { email: ['These credentials do not match our records.'] } };

function expectLimited(res: Reply, minutes: number): void {
  expect(res.status, res.text).toBe(429);
  const { message } = res.body as { message: string };
  expect(message).toMatch(/\d+ minutes/);
  expect(message).toBe(`Too many attempts. Please wait ${minutes} minutes and try again.`);
}

describe.each(backends())('rate limits on %s', (backend) => {
  const mailer = createMemoryMailer();
  const ctx = useTestApp(backend, { mailer });
  const app = () => ctx().app;
  const db = () => ctx().database.db;

  it('uses the documented limits', () => {
    expect(AUTH_LIMITS.loginPerAccount).toEqual({ limit: 5, windowSeconds: 15 * 60 });
    expect(AUTH_LIMITS.loginPerAddress).toEqual({ limit: 20, windowSeconds: 15 * 60 });
    expect(AUTH_LIMITS.registerPerAddress).toEqual({ limit: 5, windowSeconds: 60 * 60 });
    expect(AUTH_LIMITS.resetPerAccount).toEqual({ limit: 3, windowSeconds: 60 * 60 });
    expect(AUTH_LIMITS.resetPerAddress).toEqual({ limit: 10, windowSeconds: 60 * 60 });
  });

  describe('login per account', () => {
    it('locks an account after 5 failed attempts: the 6th is refused with 429 even with the right password', async () => {
      const { email, password } = await registerUser(app());
      // From a new address each time: it is the account that is counted.
      for (let i = 1; i <= 5; i++) {
        const res = await loginCall(app(), email, `wrong password ${i}`, { headers: EN });
        expect(res.status, `attempt ${i}`).toBe(422);
        expect(res.body).toEqual(BAD_CREDENTIALS);
      }
      expectLimited(await loginCall(app(), email, password, { headers: EN }), 15);
      // However the address is typed.
      expectLimited(await loginCall(app(), email.toUpperCase(), password, { headers: EN }), 15);
      // German by default.
      const german = await loginCall(app(), email, password);
      expect(german.status).toBe(429);
      expect((german.body as { message: string }).message).toBe(
        'Zu viele Versuche. Bitte warten Sie 15 Minuten und versuchen Sie es dann noch einmal.',
      );
      // The one session registering opened; the refused logins opened none.
      expect(await db().select({ n: count() }).from(t.authTokens).innerJoin(t.users, eq(t.users.id, t.authTokens.userId)).where(eq(t.users.email, email))).toEqual([
        { n: 1 },
      ]);
      // Other accounts are unaffected.
      const other = await registerUser(app());
      expect((await loginCall(app(), other.email, other.password)).status).toBe(200);
    });

    it('clears the count on a successful login before the limit', async () => {
      const { email, password } = await registerUser(app());
      for (let i = 1; i <= 4; i++) expect((await loginCall(app(), email, 'wrong password')).status).toBe(422);
      expect((await loginCall(app(), email, password)).status).toBe(200);
      // Without the reset the next failure would already be the 6th attempt.
      for (let i = 1; i <= 5; i++) expect((await loginCall(app(), email, 'wrong password')).status, `attempt ${i}`).toBe(422);
      expectLimited(await loginCall(app(), email, password, { headers: EN }), 15);
    });
  });

  describe('login per address', () => {
    it('allows 20 attempts per address in 15 minutes, whatever the accounts; other addresses are unaffected', async () => {
      const crowded = freshAddress();
      const elsewhere = freshAddress();
      const { email, password } = await registerUser(app());
      for (let i = 1; i <= 20; i++) {
        const res = await loginCall(app(), uniqueEmail(`spray${i}`), 'some password', { remoteAddress: crowded, headers: EN });
        expect(res.status, `attempt ${i}`).toBe(422);
      }
      // The 21st from that address is refused, even a correct login of a real account.
      expectLimited(await loginCall(app(), email, password, { remoteAddress: crowded, headers: EN }), 15);
      expectLimited(await loginCall(app(), uniqueEmail('late'), 'x', { remoteAddress: crowded, headers: EN }), 15);
      // The same person from another address gets in.
      expect((await loginCall(app(), email, password, { remoteAddress: elsewhere })).status).toBe(200);
    });
  });

  describe('registration per address', () => {
    it('allows 5 registrations per address an hour', async () => {
      const office = freshAddress();
      for (let i = 1; i <= 5; i++) {
        const res = await register(app(), registration(), { remoteAddress: office });
        expect(res.status, `registration ${i}`).toBe(201);
      }
      const email = uniqueEmail('sixth');
      expectLimited(await register(app(), registration({ email }), { remoteAddress: office, headers: EN }), 60);
      expect(await db().select().from(t.users).where(eq(t.users.email, email))).toEqual([]);
      expect(mailsTo(mailer.sent, email)).toEqual([]);
      // Another address registers the same e-mail.
      expect((await register(app(), registration({ email }), { remoteAddress: freshAddress() })).status).toBe(201);
    });
  });

  describe('password reset', () => {
    const reset = (email: string, remoteAddress = freshAddress()) =>
      call(app(), 'POST', '/api/reset-password', { payload: { email }, headers: EN, remoteAddress });

    it('sends at most 3 reset links per account an hour, from any address', async () => {
      const { email } = await registerUser(app());
      for (let i = 1; i <= 3; i++) expect((await reset(email)).status, `request ${i}`).toBe(200);
      expectLimited(await reset(email), 60);
      expectLimited(await reset(email.toUpperCase()), 60);
      const links = mailsTo(mailer.sent, email).filter((m) => m.text.includes('/reset-password?token='));
      expect(links).toHaveLength(3);
      // Unknown addresses are counted the same way, so the limit tells nothing about who has an account.
      const ghost = uniqueEmail('ghost');
      for (let i = 1; i <= 3; i++) expect((await reset(ghost)).status).toBe(200);
      expectLimited(await reset(ghost), 60);
    });

    it('accepts at most 10 reset requests per address an hour; other addresses are unaffected', async () => {
      const kiosk = freshAddress();
      for (let i = 1; i <= 10; i++) {
        expect((await reset(uniqueEmail(`r${i}`), kiosk)).status, `request ${i}`).toBe(200);
      }
      const { email } = await registerUser(app());
      expectLimited(await reset(email, kiosk), 60);
      expect(mailsTo(mailer.sent, email).filter((m) => m.text.includes('/reset-password?token='))).toEqual([]);
      expect((await reset(email, freshAddress())).status).toBe(200);
      expect(mailsTo(mailer.sent, email).filter((m) => m.text.includes('/reset-password?token='))).toHaveLength(1);
    });
  });
});

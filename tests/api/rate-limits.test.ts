/**
 * Every sign-in door is rate-limited in the database (src/server/auth/rate-limit.ts AUTH_LIMITS):
 * failed logins per address and account (and, only slowing down, per account), logins per client address, registrations per address, and password
 * reset requests per account and per address. Each test uses client addresses of its own, so the
 * tests do not eat into each other's budgets.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as t from '../../src/server/db/schema';
import { slowdownMs } from '../../src/server/auth/login-throttle';
import { AUTH_LIMITS, LOGIN_SLOWDOWN } from '../../src/server/auth/rate-limit';
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
  const reset = (email: string, remoteAddress = freshAddress()) =>
    call(app(), 'POST', '/api/reset-password', { payload: { email }, headers: EN, remoteAddress });

  it('uses the documented limits', () => {
    expect(AUTH_LIMITS.loginFailuresPerAddressAccount).toEqual({ limit: 5, windowSeconds: 15 * 60 });
    expect(AUTH_LIMITS.loginFailuresPerAccount).toEqual({ limit: 10, windowSeconds: 15 * 60 });
    expect(LOGIN_SLOWDOWN).toEqual({ stepMs: 500, maxMs: 3000 });
    expect(AUTH_LIMITS.loginPerAddress).toEqual({ limit: 20, windowSeconds: 15 * 60 });
    expect(AUTH_LIMITS.registerPerAddress).toEqual({ limit: 5, windowSeconds: 60 * 60 });
    expect(AUTH_LIMITS.resetPerAccount).toEqual({ limit: 3, windowSeconds: 60 * 60 });
    expect(AUTH_LIMITS.resetPerAddress).toEqual({ limit: 10, windowSeconds: 60 * 60 });
    expect(AUTH_LIMITS.emailChangePerAccount).toEqual({ limit: 5, windowSeconds: 60 * 60 });
    expect(AUTH_LIMITS.emailChangePerAddress).toEqual({ limit: 10, windowSeconds: 60 * 60 });
    expect(AUTH_LIMITS.currentPasswordFailures).toEqual({ limit: 5, windowSeconds: 15 * 60 });
    // The slowdown grows per failure past 10 and stops at 3 s.
    expect([10, 11, 12, 16, 100].map((n) => slowdownMs(n))).toEqual([0, 500, 1000, 3000, 3000]);
  });

  describe('login per address and account', () => {
    it('refuses the address that guessed 5 times wrong (429), while the owner signs in from elsewhere', async () => {
      const { email, password } = await registerUser(app());
      const guesser = freshAddress();
      for (let i = 1; i <= 5; i++) {
        const res = await loginCall(app(), email, `wrong password ${i}`, { remoteAddress: guesser, headers: EN });
        expect(res.status, `attempt ${i}`).toBe(422);
        expect(res.body).toEqual(BAD_CREDENTIALS);
      }
      // The guesser is refused, even with the right password and however the address is typed.
      expectLimited(await loginCall(app(), email, password, { remoteAddress: guesser, headers: EN }), 15);
      expectLimited(await loginCall(app(), email.toUpperCase(), password, { remoteAddress: guesser, headers: EN }), 15);
      // German by default.
      const german = await loginCall(app(), email, password, { remoteAddress: guesser });
      expect(german.status).toBe(429);
      expect((german.body as { message: string }).message).toBe(
        'Zu viele Versuche. Bitte warten Sie 15 Minuten und versuchen Sie es dann noch einmal.',
      );
      // The one session registering opened; the refused logins opened none.
      expect(await db().select({ n: count() }).from(t.authTokens).innerJoin(t.users, eq(t.users.id, t.authTokens.userId)).where(eq(t.users.email, email))).toEqual([
        { n: 1 },
      ]);
      // The owner, from their own address, is not locked out by someone else's guesses.
      expect((await loginCall(app(), email, password)).status).toBe(200);
      // The guesser's address may still sign in to other accounts.
      const other = await registerUser(app());
      expect((await loginCall(app(), other.email, other.password, { remoteAddress: guesser })).status).toBe(200);
    });

    it('clears the pair’s count on a successful login before the limit', async () => {
      const { email, password } = await registerUser(app());
      const home = freshAddress();
      for (let i = 1; i <= 4; i++) expect((await loginCall(app(), email, 'wrong password', { remoteAddress: home })).status).toBe(422);
      expect((await loginCall(app(), email, password, { remoteAddress: home })).status).toBe(200);
      // Without the reset the next failure would already be the 6th attempt.
      for (let i = 1; i <= 5; i++) expect((await loginCall(app(), email, 'wrong password', { remoteAddress: home })).status, `attempt ${i}`).toBe(422);
      expectLimited(await loginCall(app(), email, password, { remoteAddress: home, headers: EN }), 15);
    });
  });

  describe('login per account, from every address', () => {
    it('slows a hunted account down but never refuses its right password from a fresh address', async () => {
      const { email, password } = await registerUser(app());
      // Twelve addresses guess once each: none is refused, the account is not locked.
      for (let i = 1; i <= 12; i++) {
        const res = await loginCall(app(), email, `guess ${i}`, { headers: EN });
        expect(res.status, `guess ${i}`).toBe(422);
      }
      // Two failures past the 10 cost every attempt on the account 1 s, the owner's too; they get in.
      const started = Date.now();
      const owner = await loginCall(app(), email, password);
      expect(owner.status, owner.text).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      // Another account is not slowed down.
      const other = await registerUser(app());
      const quick = Date.now();
      expect((await loginCall(app(), other.email, other.password)).status).toBe(200);
      expect(Date.now() - quick).toBeLessThan(900);
    });

    it('forgets an account’s failures from every address once its password is reset', async () => {
      const { email } = await registerUser(app());
      const guesser = freshAddress();
      for (let i = 1; i <= 5; i++) await loginCall(app(), email, `wrong ${i}`, { remoteAddress: guesser });
      expectLimited(await loginCall(app(), email, 'x', { remoteAddress: guesser, headers: EN }), 15);
      await reset(email);
      const mail = mailsTo(mailer.sent, email).findLast((m) => m.text.includes('/reset-password?token='));
      const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
      const done = await call(app(), 'POST', '/api/reset-password/confirm', {
        payload: { token, password: 'a fresh start 2025', password_confirmation: 'a fresh start 2025' },
        remoteAddress: freshAddress(),
      });
      expect(done.status, done.text).toBe(200);
      expect((await loginCall(app(), email, 'a fresh start 2025', { remoteAddress: guesser })).status).toBe(200);
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

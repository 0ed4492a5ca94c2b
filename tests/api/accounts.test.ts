/**
 * Customer accounts through the API as the client uses it: registration, sign-in with opaque
 * bearer tokens stored only hashed, sign-out, the profile, and password reset by a one-time link
 * sent by mail (read from the memory mailer). Passwords are stored as argon2id hashes.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AuthResult, User } from '../../src/shared/contract/account';
import * as t from '../../src/server/db/schema';
import { createMemoryMailer } from '../../src/server/mail/mailer';
import {
  authHeaders,
  EN,
  freshAddress,
  login,
  loginCall,
  mailsTo,
  me,
  PASSWORD,
  PHONE,
  register,
  registerUser,
  registration,
  signUp,
  uniqueEmail,
  userRow,
  withSetting,
} from './account-helpers';
import { call, fieldErrors } from './checkout-helpers';
import { backends, useTestApp } from './harness';

const ARGON2ID = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/;
const RESET_LINK = /http:\/\/localhost:3000\/reset-password\?token=([A-Za-z0-9_-]+)/;

const MESSAGES = {
  required: 'This field is required.',
  email: 'Please enter a valid e-mail address.',
  phone: 'Please enter a valid phone number.',
  passwordShort: 'The password must be at least 8 characters long.',
  passwordMatch: 'The passwords do not match.',
  terms: 'Please accept the terms and the privacy policy.',
  badCredentials: 'These credentials do not match our records.',
  emailTaken: 'An account with this e-mail address already exists. Please log in.',
  loginRequired: 'Please log in.',
  resetSent:
    'If an account exists for this e-mail address, we have sent a link to reset the password. It is valid for 60 minutes. Please check your inbox.',
  resetExpired: 'This link has expired or has already been used. Please ask for a new one.',
  passwordChanged: 'Your password has been changed. You can log in now.',
  passwordTrivial: 'The password cannot be only spaces or one character repeated.',
  passwordIsEmail: "The password cannot be the account's e-mail address.",
  passwordCommon: 'This password is very common or has appeared in data breaches. Please choose another one.',
  currentPassword: 'The current password is not correct.',
  rateLimited: 'Too many attempts. Please wait 60 minutes and try again.',
} as const;

describe.each(backends())('accounts on %s', (backend) => {
  const mailer = createMemoryMailer();
  const ctx = useTestApp(backend, { mailer });
  const app = () => ctx().app;
  const db = () => ctx().database.db;

  const putMe = (token: string, body: Record<string, unknown>) =>
    call<{ data: User }>(app(), 'PUT', '/api/me', { payload: body, headers: { ...EN, ...authHeaders(token) } });
  const requestReset = (email: string) =>
    call<{ data: { message: string } }>(app(), 'POST', '/api/reset-password', { payload: { email }, headers: EN, remoteAddress: freshAddress() });
  const confirmReset = (token: string, password: string, confirmation = password) =>
    call<{ data: { message: string } }>(app(), 'POST', '/api/reset-password/confirm', {
      payload: { token, password, password_confirmation: confirmation },
      headers: EN,
      remoteAddress: freshAddress(),
    });
  /** The one-time token of the newest reset mail to `email`. */
  const resetTokenFor = (email: string): string => {
    const mail = mailsTo(mailer.sent, email).filter((m) => m.subject.startsWith('Reset your password')).at(-1);
    const token = mail ? RESET_LINK.exec(mail.text)?.[1] : undefined;
    if (!token) throw new Error(`no reset link mailed to ${email}`);
    return token;
  };

  describe('registration', () => {
    it('creates an account (201), signs the new customer in at once, and mails a welcome', async () => {
      const body = registration({ name: '  Grace Hopper ', email: uniqueEmail('grace') });
      const res = await register(app(), body, { headers: EN });
      expect(res.status, res.text).toBe(201);
      const { data } = res.body as { data: { user: User; token?: string } };
      expect(data.user).toEqual({
        id: expect.any(Number),
        name: 'Grace Hopper',
        email: body.email,
        phone: PHONE,
        profit: 0,
        is_generated: false,
        table: false,
        hasPassword: true,
        social: [],
      });
      // Registering signs in: the answer's token opens the account, and the password works too.
      expect(typeof data.token).toBe('string');
      expect((await me(app(), String(data.token))).body.data).toEqual(data.user);
      const token = await login(app(), String(body.email));
      expect((await me(app(), token)).body.data).toEqual(data.user);

      const welcome = mailsTo(mailer.sent, String(body.email));
      expect(welcome).toHaveLength(1);
      expect(welcome[0]?.subject).toBe('Welcome to Gasthaus Lindenhof');
      expect(welcome[0]?.text).toContain('Grace Hopper');
      expect(welcome[0]?.text).toContain('http://localhost:3000/login');
    });

    it('is closed (403, nothing created) when ALLOW_REGISTRATION is empty', async () => {
      const email = uniqueEmail('closed');
      await withSetting(db(), 'ALLOW_REGISTRATION', '', async () => {
        const res = await register(app(), registration({ email }), { headers: EN });
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ message: 'Registration is closed at the moment.' });
      });
      expect(await db().select().from(t.users).where(eq(t.users.email, email))).toEqual([]);
      expect(mailsTo(mailer.sent, email)).toEqual([]);
      // Open again, the same address registers.
      expect((await register(app(), registration({ email }))).status).toBe(201);
    });

    it('refuses an e-mail that already has an account, however it is typed (422 on email)', async () => {
      const { email } = await registerUser(app());
      for (const again of [email, email.toUpperCase(), `  ${email} `]) {
        const res = await register(app(), registration({ email: again, name: 'Someone Else' }), { headers: EN });
        expect(fieldErrors(res), again).toEqual({ email: [MESSAGES.emailTaken] });
      }
      expect(await db().select().from(t.users).where(eq(t.users.email, email))).toHaveLength(1);
      expect(mailsTo(mailer.sent, email)).toHaveLength(1);
    });

    it('answers 422 per field: name, email, phone, password, confirmation, terms', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ name: '' }, 'name', MESSAGES.required],
        [{ name: '   ' }, 'name', MESSAGES.required],
        [{ email: '' }, 'email', MESSAGES.required],
        [{ email: 'not-an-email' }, 'email', MESSAGES.email],
        [{ email: 'ada@localhost' }, 'email', MESSAGES.email],
        [{ phone: '' }, 'phone', MESSAGES.required],
        [{ phone: '12' }, 'phone', MESSAGES.phone],
        [{ password: 'short', password_confirmation: 'short' }, 'password', MESSAGES.passwordShort],
        [{ password_confirmation: `${PASSWORD}!` }, 'password_confirmation', MESSAGES.passwordMatch],
        [{ terms: false }, 'terms', MESSAGES.terms],
        [{ terms: undefined }, 'terms', MESSAGES.terms],
      ];
      for (const [override, field, message] of cases) {
        const body = registration(override);
        const res = await register(app(), body, { headers: EN });
        expect(fieldErrors(res), JSON.stringify(override)).toEqual({ [field]: [message] });
        if (typeof body.email === 'string' && body.email.includes('@example.org')) {
          expect(await db().select().from(t.users).where(eq(t.users.email, body.email))).toEqual([]);
        }
      }
      // No password at all: required (the form also shows the length rule), and so is its confirmation.
      const none = fieldErrors(await register(app(), registration({ password: '', password_confirmation: '' }), { headers: EN }));
      expect(Object.keys(none).sort()).toEqual(['password', 'password_confirmation']);
      expect(none.password).toContain(MESSAGES.required);
      expect(none.password_confirmation).toEqual([MESSAGES.required]);
      // Everything wrong at once: every field is named.
      const all = await register(app(), { name: '', email: 'x', phone: '', password: '1', password_confirmation: '2', terms: false }, { headers: EN });
      expect(Object.keys(fieldErrors(all)).sort()).toEqual(['email', 'name', 'password', 'password_confirmation', 'phone', 'terms']);
    });

    it('stores the e-mail in lower case and logs in however it is typed', async () => {
      const typed = `Mixed.Case-${Date.now()}@Example.ORG`;
      const res = await register(app(), registration({ email: typed }));
      expect(res.status).toBe(201);
      expect((res.body as { data: { user: User } }).data.user.email).toBe(typed.toLowerCase());
      const row = await userRow(db(), typed);
      expect(row.email).toBe(typed.toLowerCase());
      await login(app(), typed.toUpperCase());
      await login(app(), typed.toLowerCase());
    });
  });

  it('refuses an address a mail server would refuse (a@example.org>) with 422 on email, on every form', async () => {
    const customer = await signUp(app());
    for (const email of ['a@example.org>', 'Ada <ada@example.org>', 'ada@example..org', 'ada@exa_mple.org', 'ada..b@example.org']) {
      const registered = await register(app(), registration({ email }), { headers: EN });
      expect(fieldErrors(registered), `register ${email}`).toEqual({ email: [MESSAGES.email] });
      expect(fieldErrors(await loginCall(app(), email, PASSWORD, { headers: EN })), `login ${email}`).toEqual({ email: [MESSAGES.email] });
      expect(fieldErrors(await requestReset(email)), `reset ${email}`).toEqual({ email: [MESSAGES.email] });
      const profile = await putMe(customer.token, { name: 'Ada', email, phone: PHONE, current_password: PASSWORD });
      expect(fieldErrors(profile), `profile ${email}`).toEqual({ email: [MESSAGES.email] });
    }
    expect(mailsTo(mailer.sent, 'a@example.org>')).toEqual([]);
    expect((await me(app(), customer.token)).body.data.email).toBe(customer.email);
  });

  describe('login and tokens', () => {
    it('gives the same 422 on email for a wrong password and for an unknown e-mail', async () => {
      const { email } = await registerUser(app());
      const wrong = await loginCall(app(), email, 'not the password', { headers: EN });
      const unknown = await loginCall(app(), uniqueEmail('nobody'), PASSWORD, { headers: EN });
      expect(fieldErrors(wrong)).toEqual({ email: [MESSAGES.badCredentials] });
      expect(unknown.status).toBe(wrong.status);
      expect(unknown.body).toEqual(wrong.body);
      const empty = await loginCall(app(), '', '', { headers: EN });
      expect(fieldErrors(empty)).toEqual({ email: [MESSAGES.required], password: [MESSAGES.required] });
    });

    it('returns a token that GET /api/me accepts, with the user and a profit of 0', async () => {
      const { email, user } = await registerUser(app(), { name: 'Tom Token' });
      const res = await loginCall(app(), email, PASSWORD);
      expect(res.status, res.text).toBe(200);
      const auth = (res.body as { data: AuthResult }).data;
      expect(auth.token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      expect(auth.user).toEqual(user);
      const days = (Date.parse(auth.expiresAt) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29);
      expect(days).toBeLessThanOrEqual(30);

      const mine = await me(app(), auth.token);
      expect(mine.status).toBe(200);
      expect(mine.headers['cache-control']).toBe('no-store');
      expect(mine.body.data).toMatchObject({ id: user.id, name: 'Tom Token', email, profit: 0, hasPassword: true, social: [] });

      const wrong: Record<string, string>[] = [{}, { authorization: 'Bearer not-a-token' }, { authorization: `Basic ${auth.token}` }];
      for (const headers of wrong) {
        const refused = await call<{ message: string }>(app(), 'GET', '/api/me', { headers: { ...EN, ...headers } });
        expect(refused.status, JSON.stringify(headers)).toBe(401);
        expect(refused.body).toEqual({ message: MESSAGES.loginRequired });
      }
    });

    it('stores only a hash of each token: the raw token is nowhere in auth_tokens', async () => {
      const { email, user } = await registerUser(app());
      const token = await login(app(), email);
      // Two sessions: the one registering opened, and this login.
      const rows = await db().select().from(t.authTokens).where(eq(t.authTokens.userId, user.id));
      expect(rows).toHaveLength(2);
      for (const row of rows) {
        expect(row.tokenHash).not.toBe(token);
        expect(row.tokenHash.length).toBeGreaterThan(0);
      }
      const everything = JSON.stringify(await db().select().from(t.authTokens));
      expect(everything).not.toContain(token);
      // Nor in the users table.
      expect(JSON.stringify(await db().select().from(t.users))).not.toContain(token);
    });

    it('answers 401 once a token has expired', async () => {
      const { email, user } = await registerUser(app());
      const token = await login(app(), email);
      expect((await me(app(), token)).status).toBe(200);
      await db()
        .update(t.authTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(t.authTokens.userId, user.id));
      const res = await me(app(), token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: MESSAGES.loginRequired });
    });

    it('logs out: the token answers 401 afterwards, another device stays signed in', async () => {
      const { email } = await registerUser(app());
      const phone = await login(app(), email);
      const laptop = await login(app(), email);
      expect(phone).not.toBe(laptop);
      const out = await call(app(), 'POST', '/api/me/logout', { headers: authHeaders(phone) });
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ data: { ok: true } });
      expect((await me(app(), phone)).status).toBe(401);
      expect((await call(app(), 'POST', '/api/me/logout', { headers: authHeaders(phone) })).status).toBe(401);
      expect((await me(app(), laptop)).status).toBe(200);
    });
  });

  describe('profile', () => {
    it('updates name, phone and e-mail; the new e-mail logs in, the old one no longer', async () => {
      const customer = await signUp(app());
      const newEmail = uniqueEmail('renamed');
      const res = await putMe(customer.token, { name: 'Ada King', email: newEmail.toUpperCase(), phone: '+49 170 1234567', current_password: PASSWORD });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({ id: customer.user.id, name: 'Ada King', email: newEmail, phone: '+49 170 1234567' });
      expect((await me(app(), customer.token)).body.data).toEqual(res.body.data);
      await login(app(), newEmail);
      expect((await loginCall(app(), customer.email, PASSWORD)).status).toBe(422);
      // Without a password the password stays.
      expect((await userRow(db(), newEmail)).passwordHash).toMatch(ARGON2ID);
    });

    it('refuses another user’s e-mail (422) and changes nothing', async () => {
      const other = await registerUser(app());
      const customer = await signUp(app(), { name: 'Keep Me' });
      const res = await putMe(customer.token, { name: 'Changed', email: other.email, phone: PHONE, current_password: PASSWORD });
      expect(fieldErrors(res)).toEqual({ email: [MESSAGES.emailTaken] });
      expect((await me(app(), customer.token)).body.data).toMatchObject({ name: 'Keep Me', email: customer.email });
      // Keeping one's own e-mail is fine.
      expect((await putMe(customer.token, { name: 'Changed', email: customer.email, phone: PHONE })).status).toBe(200);
    });

    it('validates like the form and needs a token', async () => {
      const customer = await signUp(app());
      const bad = await putMe(customer.token, { name: '', email: 'nope', phone: '1', password: 'short', password_confirmation: 'short', current_password: PASSWORD });
      expect(fieldErrors(bad)).toEqual({
        name: [MESSAGES.required],
        email: [MESSAGES.email],
        phone: [MESSAGES.phone],
        password: [MESSAGES.passwordShort],
      });
      const mismatch = await putMe(customer.token, {
        name: 'A',
        email: customer.email,
        phone: PHONE,
        password: 'a new password',
        password_confirmation: 'other',
        current_password: PASSWORD,
      });
      expect(fieldErrors(mismatch)).toEqual({ password_confirmation: [MESSAGES.passwordMatch] });
      const anonymous = await call(app(), 'PUT', '/api/me', { payload: { name: 'A', email: customer.email, phone: PHONE }, headers: EN });
      expect(anonymous.status).toBe(401);
    });

    it('changes the password: other devices are signed out, this one stays in', async () => {
      const customer = await signUp(app());
      const other = await login(app(), customer.email);
      const res = await putMe(customer.token, {
        name: customer.user.name,
        email: customer.email,
        phone: PHONE,
        password: 'a brand new password',
        password_confirmation: 'a brand new password',
        current_password: PASSWORD,
      });
      expect(res.status, res.text).toBe(200);
      expect((await me(app(), customer.token)).status).toBe(200);
      expect((await me(app(), other)).status).toBe(401);
      expect((await loginCall(app(), customer.email, PASSWORD)).status).toBe(422);
      await login(app(), customer.email, 'a brand new password');
      const row = await userRow(db(), customer.email);
      expect(row.passwordHash).toMatch(ARGON2ID);
      expect(row.passwordHash).not.toContain('a brand new password');
    });
  });

  describe('profile: the current password guards the password and the e-mail', () => {
    const change = (c: { email: string; user: User }, extra: Record<string, unknown>) => ({ name: c.user.name, email: c.email, phone: PHONE, ...extra });

    it('asks for the current password to change the password or the e-mail, not the name or phone', async () => {
      const customer = await signUp(app());
      const newEmail = uniqueEmail('moved');
      const cases: Record<string, unknown>[] = [
        { email: newEmail },
        { password: 'a brand new password', password_confirmation: 'a brand new password' },
      ];
      for (const extra of cases) {
        const missing = await putMe(customer.token, change(customer, extra));
        expect(fieldErrors(missing), JSON.stringify(extra)).toEqual({ current_password: [MESSAGES.required] });
        const wrong = await putMe(customer.token, change(customer, { ...extra, current_password: 'not my password' }));
        expect(fieldErrors(wrong), JSON.stringify(extra)).toEqual({ current_password: [MESSAGES.currentPassword] });
      }
      // Nothing changed.
      expect((await me(app(), customer.token)).body.data.email).toBe(customer.email);
      await login(app(), customer.email, PASSWORD);
      // Name and phone alone need no password.
      const plain = await putMe(customer.token, { name: 'Renamed', email: customer.email.toUpperCase(), phone: '+49 170 1234567' });
      expect(plain.status, plain.text).toBe(200);
      // With it, the e-mail moves.
      const moved = await putMe(customer.token, change(customer, { email: newEmail, current_password: PASSWORD }));
      expect(moved.status, moved.text).toBe(200);
      expect(moved.body.data.email).toBe(newEmail);
    });

    it('stops guessing the current password after 5 wrong ones (429)', async () => {
      const customer = await signUp(app());
      const body = change(customer, { password: 'a brand new password', password_confirmation: 'a brand new password' });
      for (let i = 1; i <= 5; i++) {
        expect(fieldErrors(await putMe(customer.token, { ...body, current_password: `guess ${i}` })), `guess ${i}`).toEqual({
          current_password: [MESSAGES.currentPassword],
        });
      }
      const refused = await putMe(customer.token, { ...body, current_password: PASSWORD });
      expect(refused.status).toBe(429);
      await login(app(), customer.email, PASSWORD);
    });

    it('lets an account test at most 5 new e-mail addresses an hour', async () => {
      const customer = await signUp(app());
      const others = await Promise.all([1, 2, 3, 4, 5, 6].map(() => registerUser(app())));
      for (const [i, other] of others.slice(0, 5).entries()) {
        const res = await putMe(customer.token, change(customer, { email: other.email, current_password: PASSWORD }));
        expect(fieldErrors(res), `change ${i + 1}`).toEqual({ email: [MESSAGES.emailTaken] });
      }
      const sixth = await putMe(customer.token, change(customer, { email: others[5]?.email, current_password: PASSWORD }));
      expect(sixth.status).toBe(429);
      expect(sixth.body).toEqual({ message: MESSAGES.rateLimited });
      // Saving the name and phone is not an e-mail change and goes on.
      expect((await putMe(customer.token, change(customer, {}))).status).toBe(200);
    });
  });

  describe('new passwords (NIST SP 800-63B)', () => {
    it('refuses common, breached and trivial passwords and the e-mail address, on register, reset and profile', async () => {
      const email = uniqueEmail('weak');
      const local = email.slice(0, email.indexOf('@'));
      const cases: [string, string][] = [
        ['12345678', MESSAGES.passwordCommon],
        ['password', MESSAGES.passwordCommon],
        ['Password1', MESSAGES.passwordCommon],
        ['iloveyou', MESSAGES.passwordCommon],
        ['qwertyuiop ', MESSAGES.passwordCommon],
        ['        ', MESSAGES.passwordTrivial],
        ['aaaaaaaaaa', MESSAGES.passwordTrivial],
        [email, MESSAGES.passwordIsEmail],
        [email.toUpperCase(), MESSAGES.passwordIsEmail],
        [local, MESSAGES.passwordIsEmail],
      ];
      for (const [password, message] of cases) {
        const res = await register(app(), registration({ email, password, password_confirmation: password }), { headers: EN });
        expect(fieldErrors(res), `register ${password}`).toEqual({ password: [message] });
      }
      expect(await db().select().from(t.users).where(eq(t.users.email, email))).toEqual([]);

      const customer = await signUp(app());
      await requestReset(customer.email);
      const token = resetTokenFor(customer.email);
      const customerLocal = customer.email.slice(0, customer.email.indexOf('@'));
      for (const [password, message] of [...cases.slice(0, 7), [customer.email, MESSAGES.passwordIsEmail], [customerLocal, MESSAGES.passwordIsEmail]] as [string, string][]) {
        expect(fieldErrors(await confirmReset(token, password)), `reset ${password}`).toEqual({ password: [message] });
        const profile = await putMe(customer.token, {
          name: 'Ada',
          email: customer.email,
          phone: PHONE,
          password,
          password_confirmation: password,
          current_password: PASSWORD,
        });
        expect(fieldErrors(profile), `profile ${password}`).toEqual({ password: [message] });
      }
      // The refusals spent nothing: the old password works, and the link still sets a good one.
      await login(app(), customer.email, PASSWORD);
      expect((await confirmReset(token, 'kartoffelsalat mit gurke')).status).toBe(200);
      await login(app(), customer.email, 'kartoffelsalat mit gurke');
    });
  });

  describe('password reset', () => {
    it('answers the same for a known and an unknown e-mail, and mails only the known one', async () => {
      const { email } = await registerUser(app());
      const unknown = uniqueEmail('ghost');
      const known = await requestReset(email);
      const other = await requestReset(unknown);
      expect(known.status).toBe(200);
      expect(other.status).toBe(200);
      expect(known.body).toEqual({ data: { message: MESSAGES.resetSent } });
      expect(other.body).toEqual(known.body);
      expect(mailsTo(mailer.sent, unknown)).toEqual([]);
      const mails = mailsTo(mailer.sent, email).filter((m) => m.subject.startsWith('Reset your password'));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('Reset your password for Gasthaus Lindenhof');
      expect(mails[0]?.text).toContain('/reset-password?token=');
      expect(mails[0]?.html).toContain('/reset-password?token=');
      // The link is one-time: only its hash is stored.
      const token = resetTokenFor(email);
      expect(JSON.stringify(await db().select().from(t.oneTimeTokens))).not.toContain(token);
    });

    it('sets the new password with the mailed link once, and signs out every device', async () => {
      const customer = await signUp(app());
      const second = await login(app(), customer.email);
      await requestReset(customer.email);
      const token = resetTokenFor(customer.email);

      const mismatch = await confirmReset(token, 'new password 2024', 'something else');
      expect(fieldErrors(mismatch)).toEqual({ password_confirmation: [MESSAGES.passwordMatch] });
      const short = await confirmReset(token, 'short');
      expect(fieldErrors(short)).toEqual({ password: [MESSAGES.passwordShort] });

      const done = await confirmReset(token, 'new password 2024');
      expect(done.status, done.text).toBe(200);
      expect(done.body).toEqual({ data: { message: MESSAGES.passwordChanged } });

      expect((await loginCall(app(), customer.email, PASSWORD, { headers: EN })).status).toBe(422);
      const fresh = await login(app(), customer.email, 'new password 2024');
      expect((await me(app(), fresh)).status).toBe(200);
      // Every token from before the reset is revoked.
      expect((await me(app(), customer.token)).status).toBe(401);
      expect((await me(app(), second)).status).toBe(401);
      expect((await userRow(db(), customer.email)).passwordHash).toMatch(ARGON2ID);

      // The link works once.
      const again = await confirmReset(token, 'yet another password');
      expect(fieldErrors(again)).toEqual({ token: [MESSAGES.resetExpired] });
      await login(app(), customer.email, 'new password 2024');
    });

    it('spends every other outstanding link once one is used', async () => {
      const customer = await signUp(app());
      await requestReset(customer.email);
      const first = resetTokenFor(customer.email);
      await requestReset(customer.email);
      const second = resetTokenFor(customer.email);
      expect(second).not.toBe(first);
      expect((await confirmReset(second, 'new password 2024')).status).toBe(200);
      expect(fieldErrors(await confirmReset(first, 'another new password'))).toEqual({ token: [MESSAGES.resetExpired] });
      await login(app(), customer.email, 'new password 2024');
    });

    it('spends outstanding links when the password or the e-mail changes on the profile', async () => {
      const customer = await signUp(app());
      await requestReset(customer.email);
      const beforePassword = resetTokenFor(customer.email);
      const changed = await putMe(customer.token, {
        name: 'Ada',
        email: customer.email,
        phone: PHONE,
        password: 'changed on the profile',
        password_confirmation: 'changed on the profile',
        current_password: PASSWORD,
      });
      expect(changed.status, changed.text).toBe(200);
      expect(fieldErrors(await confirmReset(beforePassword, 'someone else 2024'))).toEqual({ token: [MESSAGES.resetExpired] });

      // A link mailed to the old address dies with the move to a new one, and so do other sessions.
      await requestReset(customer.email);
      const toOldAddress = resetTokenFor(customer.email);
      const laptop = await login(app(), customer.email, 'changed on the profile');
      const moved = await putMe(customer.token, { name: 'Ada', email: uniqueEmail('moved'), phone: PHONE, current_password: 'changed on the profile' });
      expect(moved.status, moved.text).toBe(200);
      expect(fieldErrors(await confirmReset(toOldAddress, 'someone else 2024'))).toEqual({ token: [MESSAGES.resetExpired] });
      expect((await me(app(), laptop)).status).toBe(401);
      expect((await me(app(), customer.token)).status).toBe(200);
    });

    it('refuses an expired link (422 on token) and a made-up one', async () => {
      const customer = await signUp(app());
      await requestReset(customer.email);
      const token = resetTokenFor(customer.email);
      await db()
        .update(t.oneTimeTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(t.oneTimeTokens.userId, customer.user.id));
      const expired = await confirmReset(token, 'new password 2024');
      expect(fieldErrors(expired)).toEqual({ token: [MESSAGES.resetExpired] });
      const madeUp = await confirmReset('A'.repeat(32), 'new password 2024');
      expect(fieldErrors(madeUp)).toEqual({ token: [MESSAGES.resetExpired] });
      // Nothing changed: the old password and the old token still work.
      await login(app(), customer.email, PASSWORD);
      expect((await me(app(), customer.token)).status).toBe(200);
    });
  });

  it('hashes passwords with argon2id at m=19456, t=2, p=1', async () => {
    const { email } = await registerUser(app(), { password: 'hash me please', password_confirmation: 'hash me please' });
    const row = await userRow(db(), email);
    expect(row.passwordHash).toMatch(ARGON2ID);
    expect(row.passwordHash).not.toContain('hash me please');
    // Salted: the same password hashes differently for another account.
    const { email: twin } = await registerUser(app(), { password: 'hash me please', password_confirmation: 'hash me please' });
    expect((await userRow(db(), twin)).passwordHash).not.toBe(row.passwordHash);
  });
});

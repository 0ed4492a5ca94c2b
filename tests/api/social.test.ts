/**
 * Sign-in with Google and Facebook through the API, against the stand-in identity provider
 * (tests/support/stand-in-idp.ts), so the server's token checks run unchanged: an unknown person
 * gets a one-time registration ticket, a known one is signed in, and nothing the browser claims
 * without a valid token from the provider signs anyone in.
 */
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult, SocialResult, User } from '../../src/shared/contract/account';
import { buildApp } from '../../src/server/app';
import * as t from '../../src/server/db/schema';
import { socialLogins, type SocialLogins } from '../../src/server/social/logins';
import { STAND_IN_DEFAULTS, standInGoogleSub, startStandInIdp, type StandInIdp } from '../support/stand-in-idp';
import { EN, freshAddress, me, PHONE, register, registerUser, uniqueEmail, userRow, withSetting } from './account-helpers';
import { call, fieldErrors, type Reply } from './checkout-helpers';
import { backends, openTestApp, type TestApp } from './harness';

const INVALID = { message: 'The sign-in with the provider could not be confirmed. Please try again.' };

function configFor(idp: StandInIdp, which: { google?: boolean; facebook?: boolean } = { google: true, facebook: true }): SocialLogins {
  return socialLogins({
    google: which.google ? { ...idp.googleConfig(), authUrl: idp.googleAuthUrl } : undefined,
    facebook: which.facebook ? { ...idp.facebookConfig(), authUrl: idp.facebookAuthUrl } : undefined,
  });
}

describe.each(backends())('social sign-in on %s', (backend) => {
  let idp: StandInIdp;
  let current: (TestApp & { dispose(): Promise<void> }) | undefined;

  beforeAll(async () => {
    idp = await startStandInIdp({ port: 0 });
    current = await openTestApp(backend, { social: configFor(idp) });
  });
  afterAll(async () => {
    await current?.dispose();
    await idp?.close();
  });

  const app = (): FastifyInstance => {
    if (!current) throw new Error('test app not ready');
    return current.app;
  };
  const db = () => {
    if (!current) throw new Error('test app not ready');
    return current.database.db;
  };

  const social = (body: Record<string, unknown>, on: FastifyInstance = app()) =>
    call<{ data: SocialResult; message?: string }>(on, 'POST', '/api/social', { payload: body, headers: EN, remoteAddress: freshAddress() });
  const google = (claims: Parameters<StandInIdp['googleIdToken']>[0], nonce: string | null, options?: Parameters<StandInIdp['googleIdToken']>[1]) =>
    social({ socialName: 'google', token: idp.googleIdToken(claims, options), nonce });
  const registration = (res: Reply<{ data: SocialResult }>) => {
    expect(res.status, res.text).toBe(200);
    const data = res.body.data;
    if (data.status !== 'register') throw new Error(`expected the register path, got ${JSON.stringify(data)}`);
    return data.registration;
  };
  const signedIn = (res: Reply<{ data: SocialResult }>): AuthResult => {
    expect(res.status, res.text).toBe(200);
    const data = res.body.data;
    if (data.status !== 'signed_in') throw new Error(`expected to be signed in, got ${JSON.stringify(data)}`);
    return data.auth;
  };
  const counts = async () => {
    const [users] = await db().select({ n: count() }).from(t.users);
    const [tokens] = await db().select({ n: count() }).from(t.authTokens);
    const [links] = await db().select({ n: count() }).from(t.socialAccounts);
    return { users: users?.n, tokens: tokens?.n, links: links?.n };
  };

  /** A Google account registered through a social ticket (no password). */
  async function googleMember(name = 'Gwen Google'): Promise<{ email: string; auth: AuthResult }> {
    const email = uniqueEmail('gwen');
    const ticket = registration(await google({ email, name, nonce: 'member' }, 'member'));
    const res = await register(app(), { name: ticket.name, email: ticket.email, phone: PHONE, terms: true, socialName: 'google', socialTicket: ticket.socialTicket });
    expect(res.status, res.text).toBe(201);
    return { email, auth: (res.body as { data: AuthResult }).data };
  }

  it('lists both providers for the login screen, and none while SOCIAL_LOGIN is empty', async () => {
    const res = await call<{ data: unknown[] }>(app(), 'GET', '/api/social/providers');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body.data).toEqual([
      { id: 'google', authorizeUrl: idp.googleAuthUrl, clientId: STAND_IN_DEFAULTS.googleClientId },
      { id: 'facebook', authorizeUrl: idp.facebookAuthUrl, clientId: STAND_IN_DEFAULTS.facebookAppId },
    ]);
    // No secret reaches the browser.
    expect(res.text).not.toContain(STAND_IN_DEFAULTS.facebookAppSecret);

    await withSetting(db(), 'SOCIAL_LOGIN', '', async () => {
      expect((await call(app(), 'GET', '/api/social/providers')).body).toEqual({ data: [] });
      const off = await google({ email: uniqueEmail(), nonce: 'n' }, 'n');
      expect(off.status).toBe(404);
      expect(off.body).toEqual({ message: 'Login provider not found' });
    });
  });

  it('sends an unknown Google user to registration with a ticket; registering with it signs in, and so does the next sign-in', async () => {
    const email = uniqueEmail('new-google');
    const before = await counts();
    const first = registration(await google({ email, name: 'Nora Neu', nonce: 'nonce-1' }, 'nonce-1'));
    expect(first).toEqual({ name: 'Nora Neu', email, socialName: 'google', socialTicket: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/) });
    // Nobody is created or signed in before the form is sent.
    expect(await counts()).toEqual(before);

    const res = await register(app(), { name: 'Nora Neu', email, phone: PHONE, terms: true, socialName: 'google', socialTicket: first.socialTicket }, { headers: EN });
    expect(res.status, res.text).toBe(201);
    const auth = (res.body as { data: AuthResult }).data;
    expect(auth.token).toEqual(expect.any(String));
    expect(auth.user).toMatchObject({ name: 'Nora Neu', email, hasPassword: false, social: ['google'], profit: 0 });
    expect((await me(app(), auth.token)).body.data).toEqual(auth.user);
    expect((await userRow(db(), email)).passwordHash).toBeNull();

    const again = signedIn(await google({ email, name: 'Nora Neu', nonce: 'nonce-2' }, 'nonce-2'));
    expect(again.user.id).toBe(auth.user.id);
    expect(again.token).not.toBe(auth.token);
    expect((await me(app(), again.token)).status).toBe(200);
    // Still one account and one link.
    const links = await db().select().from(t.socialAccounts).where(eq(t.socialAccounts.userId, auth.user.id));
    expect(links).toEqual([{ provider: 'google', socialId: standInGoogleSub(email), userId: auth.user.id, createdAt: expect.any(Date) }]);
  });

  it('uses a registration ticket once', async () => {
    const email = uniqueEmail('once');
    const ticket = registration(await google({ email, nonce: 'n' }, 'n'));
    const body = { name: 'Otto Once', email, phone: PHONE, terms: true, socialName: 'google', socialTicket: ticket.socialTicket };
    expect((await register(app(), body)).status).toBe(201);
    const reused = await register(app(), { ...body, email: uniqueEmail('second') }, { headers: EN });
    expect(fieldErrors(reused)).toEqual({ socialTicket: ['The sign-in with the provider has expired. Please sign in there again.'] });
    expect(await db().select().from(t.users).where(eq(t.users.name, 'Otto Once'))).toHaveLength(1);
  });

  it('refuses forged and mismatched Google tokens with 401, even for a known member', async () => {
    const { email, auth } = await googleMember();
    const now = Math.floor(Date.now() / 1000);
    const sub = standInGoogleSub(email);
    const before = await counts();
    const forged: [string, () => Promise<Reply<{ data: SocialResult; message?: string }>>][] = [
      ['signed with a foreign key', () => google({ email, sub, nonce: 'n' }, 'n', { signWithForeignKey: true })],
      ['for another audience', () => google({ email, sub, nonce: 'n', aud: 'someone-elses-client', azp: 'someone-elses-client' }, 'n')],
      ['expired', () => google({ email, sub, nonce: 'n', iat: now - 7200, exp: now - 3600 }, 'n')],
      ['from another issuer', () => google({ email, sub, nonce: 'n', iss: 'https://accounts.evil.example' }, 'n')],
      ['without the nonce in the request', () => google({ email, sub, nonce: 'n' }, null)],
      ['without a nonce in the token', () => google({ email, sub, nonce: undefined }, 'n')],
      ['with the nonce of another sign-in', () => google({ email, sub, nonce: 'n-1' }, 'n-2')],
      ['that is no JWT at all', () => social({ socialName: 'google', token: 'not-a-jwt', nonce: 'n' })],
    ];
    for (const [what, attempt] of forged) {
      const res = await attempt();
      expect(res.status, what).toBe(401);
      expect(res.body, what).toEqual(INVALID);
    }
    expect(await counts()).toEqual(before);
    // The member's real sign-in still works.
    expect(signedIn(await google({ email, sub, nonce: 'ok' }, 'ok')).user.id).toBe(auth.user.id);
  });

  it('never signs anyone in on a socialId or e-mail the browser sends without a valid token', async () => {
    const { email, auth } = await googleMember();
    const sub = standInGoogleSub(email);
    const before = await counts();
    for (const body of [
      { socialName: 'google', token: 'x', nonce: 'n', socialId: sub, email, email_verified: true },
      { socialName: 'google', token: idp.googleIdToken({ email: uniqueEmail('me'), nonce: 'n' }).replace(/\.[^.]+$/, '.AAAA'), nonce: 'n', socialId: sub, email },
      { socialName: 'facebook', token: 'EAAmade-up-token', socialId: sub, email },
    ]) {
      const res = await social(body);
      expect(res.status, JSON.stringify(body)).toBe(401);
      expect(res.body).toEqual(INVALID);
    }
    // Registering with a social name and id but no ticket is a password registration: it needs one.
    const noTicket = await register(app(), { name: 'Mallory', email: uniqueEmail('mallory'), phone: PHONE, terms: true, socialName: 'google', socialId: sub }, { headers: EN });
    expect(Object.keys(fieldErrors(noTicket)).sort()).toEqual(['password', 'password_confirmation']);
    const madeUp = await register(
      app(),
      { name: 'Mallory', email: uniqueEmail('mallory'), phone: PHONE, terms: true, socialName: 'google', socialTicket: 'made-up-ticket-0123456789abcdef' },
      { headers: EN },
    );
    expect(fieldErrors(madeUp)).toEqual({ socialTicket: ['The sign-in with the provider has expired. Please sign in there again.'] });
    expect(await counts()).toEqual(before);
    expect((await me(app(), auth.token)).status).toBe(200);
  });

  it('sends an unknown Facebook user to registration, and signs them in next time', async () => {
    const email = uniqueEmail('fb');
    const first = registration(await social({ socialName: 'facebook', token: idp.facebookAccessToken({ name: 'Fritz Facebook', email }) }));
    expect(first).toEqual({ name: 'Fritz Facebook', email, socialName: 'facebook', socialTicket: expect.any(String) });
    const res = await register(app(), { name: first.name, email, phone: PHONE, terms: true, socialName: 'facebook', socialTicket: first.socialTicket });
    expect(res.status, res.text).toBe(201);
    const auth = (res.body as { data: AuthResult }).data;
    expect(auth.user).toMatchObject({ email, hasPassword: false, social: ['facebook'] });
    const again = signedIn(await social({ socialName: 'facebook', token: idp.facebookAccessToken({ name: 'Fritz Facebook', email }) }));
    expect(again.user.id).toBe(auth.user.id);
  });

  it('refuses a Facebook token of another app, or an expired one, with 401', async () => {
    const email = uniqueEmail('fb-other');
    const before = await counts();
    for (const token of [
      idp.facebookAccessToken({ name: 'Fiona', email }, { appId: 'another-facebook-app' }),
      idp.facebookAccessToken({ name: 'Fiona', email }, { expired: true }),
    ]) {
      const res = await social({ socialName: 'facebook', token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual(INVALID);
    }
    expect(await counts()).toEqual(before);
  });

  it('gives a password account to the verified Google owner of its e-mail: the password and old sessions stop working', async () => {
    const existing = await registerUser(app(), { name: 'Paula Password' });
    const before = await call<{ data: AuthResult }>(app(), 'POST', '/api/login', {
      payload: { email: existing.email, password: existing.password },
      remoteAddress: freshAddress(),
    });
    expect(before.status).toBe(200);
    const auth = signedIn(await google({ email: existing.email.toUpperCase(), name: 'Paula P.', nonce: 'n' }, 'n'));
    expect(auth.user).toMatchObject({ id: existing.user.id, name: 'Paula Password', email: existing.email, hasPassword: false, social: ['google'] });
    expect((await me(app(), auth.token)).body.data.id).toBe(existing.user.id);
    // Whoever made the account with this address (maybe not its owner) is out: no password, no session.
    expect((await me(app(), before.body.data.token)).status).toBe(401);
    expect((await call(app(), 'POST', '/api/login', { payload: { email: existing.email, password: existing.password }, remoteAddress: freshAddress() })).status).toBe(422);
  });

  it('does not link an e-mail the provider does not vouch for', async () => {
    const existing = await registerUser(app());
    const unverified = registration(await google({ email: existing.email, email_verified: false, nonce: 'n' }, 'n'));
    expect(unverified.email).toBe(existing.email);
    // Facebook never vouches for e-mails.
    const viaFacebook = registration(await social({ socialName: 'facebook', token: idp.facebookAccessToken({ name: 'Not Them', email: existing.email }) }));
    expect(viaFacebook.socialName).toBe('facebook');
    expect(await db().select().from(t.socialAccounts).where(eq(t.socialAccounts.userId, existing.user.id))).toEqual([]);
    const signIn = await call<{ data: AuthResult }>(app(), 'POST', '/api/login', {
      payload: { email: existing.email, password: existing.password },
      remoteAddress: freshAddress(),
    });
    const user: User = (await me(app(), signIn.body.data.token)).body.data;
    expect(user.social).toEqual([]);
  });

  it('does not let a ticket for one verified e-mail register another, to be taken over later by its owner’s sign-in', async () => {
    // Eve signs in with her own Google account and types Victor's address into the registration form.
    const eve = uniqueEmail('eve');
    const victor = uniqueEmail('victor');
    const ticket = registration(await google({ email: eve, name: 'Eve', nonce: 'e' }, 'e'));
    await register(app(), { name: 'Eve', email: victor, phone: PHONE, terms: true, socialName: 'google', socialTicket: ticket.socialTicket });
    // Whatever the registration answered, Victor's own verified Google sign-in must not land in Eve's account,
    // which Eve can still enter with her Google account.
    const victorSignIn = await google({ email: victor, name: 'Victor', nonce: 'v' }, 'v');
    expect(victorSignIn.status).toBe(200);
    const eveSignIn = await google({ email: eve, name: 'Eve', nonce: 'e2' }, 'e2');
    if (victorSignIn.body.data.status === 'signed_in' && eveSignIn.body.data.status === 'signed_in') {
      expect(victorSignIn.body.data.auth.user.id, 'Victor signed in to the account Eve controls').not.toBe(eveSignIn.body.data.auth.user.id);
    }
  });

  it('answers 404 for a provider that is not configured, and 422 for one that does not exist', async () => {
    const googleOnly = await buildApp({ db: db(), social: configFor(idp, { google: true }) });
    try {
      expect((await call(googleOnly, 'GET', '/api/social/providers')).body).toEqual({
        data: [{ id: 'google', authorizeUrl: idp.googleAuthUrl, clientId: STAND_IN_DEFAULTS.googleClientId }],
      });
      const res = await social({ socialName: 'facebook', token: idp.facebookAccessToken({ name: 'Fritz', email: uniqueEmail() }) }, googleOnly);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Login provider not found' });
    } finally {
      await googleOnly.close();
    }
    const none = await buildApp({ db: db() });
    try {
      expect((await call(none, 'GET', '/api/social/providers')).body).toEqual({ data: [] });
      expect((await social({ socialName: 'google', token: idp.googleIdToken({ nonce: 'n' }), nonce: 'n' }, none)).status).toBe(404);
    } finally {
      await none.close();
    }
    expect(fieldErrors(await social({ socialName: 'twitter', token: 'x' }))).toHaveProperty('socialName');
  });
});

/**
 * The server's own check of Google ID tokens and Facebook access tokens, against the stand-in
 * provider: only a token the provider really issued to our app, still in date, names a diner.
 */
import { createHmac, createPublicKey } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFacebookVerifier,
  createGoogleVerifier,
  SocialProviderUnavailable,
  SocialTokenInvalid,
} from '../../src/server/social/verify';
import {
  STAND_IN_FACEBOOK_USER,
  STAND_IN_GOOGLE_USER,
  standInFacebookId,
  standInGoogleSub,
  startStandInIdp,
  type StandInIdp,
} from '../support/stand-in-idp';

let idp: StandInIdp;

beforeAll(async () => {
  idp = await startStandInIdp();
});

afterAll(async () => {
  await idp.close();
});

const nowS = () => Math.floor(Date.now() / 1000);

/** Counts the requests that go through, so tests can see the cache at work. */
function countingFetch(): { fetchImpl: typeof fetch; urls: string[] } {
  const urls: string[] = [];
  const fetchImpl: typeof fetch = (input, init) => {
    urls.push(String(input instanceof Request ? input.url : input));
    return fetch(input, init);
  };
  return { fetchImpl, urls };
}

/** The real fetch, with the answers of one path rewritten: a provider that says something else. */
function rewritingFetch(path: string, rewrite: (body: Record<string, unknown>) => Record<string, unknown>): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    if (new URL(String(input)).pathname !== path) return response;
    const body = (await response.json()) as Record<string, unknown>;
    return new Response(JSON.stringify(rewrite(body)), { status: response.status, headers: response.headers });
  };
}

/** A URL nobody listens on: a port we had and gave back. */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** Refused as a bad token, and for the reason the test means rather than an incidental one. */
async function expectInvalid(attempt: Promise<unknown>, reason: RegExp): Promise<void> {
  const outcome = await attempt.then(
    () => new Error('accepted'),
    (err: unknown) => err,
  );
  expect(outcome).toBeInstanceOf(SocialTokenInvalid);
  expect((outcome as Error).message).toMatch(reason);
}

function b64json(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodePart(token: string, index: number): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[index] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

function fragmentOf(location: string | null): URLSearchParams {
  expect(location).toBeTruthy();
  return new URLSearchParams(new URL(location ?? '').hash.slice(1));
}

describe('Google ID tokens', () => {
  const verifier = () => createGoogleVerifier(idp.googleConfig());

  it('names the diner of a genuine token', async () => {
    const identity = await verifier()(idp.googleIdToken({ email: 'ada@example.com', name: 'Ada Lovelace', nonce: 'n-1' }), 'n-1');
    expect(identity).toEqual({
      provider: 'google',
      socialId: standInGoogleSub('ada@example.com'),
      email: 'ada@example.com',
      emailVerified: true,
      name: 'Ada Lovelace',
    });
  });

  it('passes on an unverified or missing e-mail as such', async () => {
    const verify = verifier();
    expect(await verify(idp.googleIdToken({ email_verified: false }))).toMatchObject({ email: STAND_IN_GOOGLE_USER.email, emailVerified: false });
    expect(await verify(idp.googleIdToken({ sub: '42', email: undefined, email_verified: undefined }))).toMatchObject({ socialId: '42', email: null, emailVerified: false });
  });

  it('accepts an audience list that holds our client', async () => {
    const { clientId } = idp.googleConfig();
    await expect(verifier()(idp.googleIdToken({ aud: [clientId] }))).resolves.toMatchObject({ provider: 'google' });
  });

  it('accepts every configured issuer', async () => {
    const verify = createGoogleVerifier({ ...idp.googleConfig(), issuers: ['accounts.google.com', idp.url] });
    await expect(verify(idp.googleIdToken())).resolves.toMatchObject({ provider: 'google' });
  });

  it.each([
    ['signed with a key that is not in the key set', () => idp.googleIdToken({}, { signWithForeignKey: true }), /signature/],
    ['for another client', () => idp.googleIdToken({ aud: 'someone-elses-client' }), /another app/],
    ['for several clients, issued to another', () => idp.googleIdToken({ aud: ['someone-elses-client', idp.googleConfig().clientId], azp: 'someone-elses-client' }), /another app/],
    ['from another issuer', () => idp.googleIdToken({ iss: 'https://accounts.google.com.evil.example' }), /issuer/],
    ['expired beyond the leeway', () => idp.googleIdToken({ iat: nowS() - 7200, exp: nowS() - 61 }), /expired/],
    ['issued in the future beyond the leeway', () => idp.googleIdToken({ iat: nowS() + 120, exp: nowS() + 3720 }), /future/],
    ['without exp', () => idp.googleIdToken({ exp: undefined }), /expired/],
    ['without iat', () => idp.googleIdToken({ iat: undefined }), /future/],
    ['without sub', () => idp.googleIdToken({ sub: undefined }), /nobody/],
    ['with an empty sub', () => idp.googleIdToken({ sub: '' }), /nobody/],
    ['naming an unknown key', () => idp.googleIdToken({}, { kid: 'no-such-key' }), /unknown key/],
  ])('refuses a token %s', async (_case, token, reason) => {
    await expectInvalid(verifier()(token()), reason);
  });

  it('tolerates a minute of clock skew', async () => {
    const token = idp.googleIdToken({ iat: nowS() + 30, exp: nowS() - 30 });
    await expect(verifier()(token)).resolves.toMatchObject({ provider: 'google' });
  });

  it('holds the token to the nonce of the sign-in that asked for it', async () => {
    const verify = verifier();
    await expect(verify(idp.googleIdToken({ nonce: 'mine' }), 'mine')).resolves.toMatchObject({ provider: 'google' });
    await expectInvalid(verify(idp.googleIdToken({ nonce: 'theirs' }), 'mine'), /another sign-in/);
    await expectInvalid(verify(idp.googleIdToken(), 'mine'), /another sign-in/);
    await expectInvalid(verify(idp.googleIdToken({ nonce: '' }), ''), /another sign-in/);
  });

  it('refuses a token whose payload was changed after signing', async () => {
    const [header, , signature] = idp.googleIdToken({ sub: 'victim' }).split('.');
    const payload = { ...decodePart(idp.googleIdToken({ sub: 'victim' }), 1), sub: 'attacker', email: 'attacker@example.com' };
    await expectInvalid(verifier()(`${header}.${b64json(payload)}.${signature}`), /signature/);
  });

  it('refuses unsigned tokens and tokens signed with the public key as an HMAC secret', async () => {
    const genuine = idp.googleIdToken();
    const { kid } = decodePart(genuine, 0);
    const payload = b64json(decodePart(genuine, 1));
    const verify = verifier();

    // An empty signature is already no JWT for us, before alg is even read.
    await expectInvalid(verify(`${b64json({ alg: 'none', kid })}.${payload}.`), /not a JWT/);
    await expectInvalid(verify(`${b64json({ alg: 'none', kid })}.${payload}.AAAA`), /RS256/);

    const jwks = (await (await fetch(idp.googleConfig().jwksUrl)).json()) as { keys: { kid: string; kty: string; n: string; e: string }[] };
    const jwk = jwks.keys.find((k) => k.kid === kid);
    if (!jwk) throw new Error('the stand-in lists no key for its own tokens');
    const pem = createPublicKey({ key: { kty: jwk.kty, n: jwk.n, e: jwk.e }, format: 'jwk' }).export({ type: 'spki', format: 'pem' });
    const hsInput = `${b64json({ alg: 'HS256', kid, typ: 'JWT' })}.${payload}`;
    const hsToken = `${hsInput}.${createHmac('sha256', pem).update(hsInput).digest('base64url')}`;
    await expectInvalid(verify(hsToken), /RS256/);
  });

  it('refuses a token without a kid and anything that is not a JWT', async () => {
    const genuine = idp.googleIdToken();
    const [, payload, signature] = genuine.split('.');
    const verify = verifier();
    await expectInvalid(verify(`${b64json({ alg: 'RS256' })}.${payload}.${signature}`), /no signing key/);
    for (const junk of ['', 'not-a-token', 'a.b', `${genuine}.extra`, `${genuine}=`, 'x'.repeat(20_000)]) {
      await expectInvalid(verify(junk), /not a JWT/);
    }
  });

  it('fetches the key set once for many sign-ins, concurrent ones included', async () => {
    const { fetchImpl, urls } = countingFetch();
    const verify = createGoogleVerifier(idp.googleConfig(), { fetchImpl });
    await Promise.all(Array.from({ length: 5 }, () => verify(idp.googleIdToken())));
    for (let i = 0; i < 5; i += 1) await verify(idp.googleIdToken());
    await expectInvalid(verify(idp.googleIdToken({ aud: 'other' })), /another app/);
    expect(urls).toEqual([idp.googleConfig().jwksUrl]);
  });

  it('fetches the key set again once its max-age has passed', async () => {
    const { fetchImpl, urls } = countingFetch();
    let clock = Date.now();
    const verify = createGoogleVerifier(idp.googleConfig(), { fetchImpl, now: () => clock });
    const token = idp.googleIdToken({ exp: nowS() + 7200 });
    await verify(token);
    clock += 3_599_000;
    await verify(token);
    expect(urls).toHaveLength(1);
    clock += 2_000;
    await verify(token);
    expect(urls).toHaveLength(2);
  });

  it('looks for a new key after a rotation, at most once a minute', async () => {
    const { fetchImpl, urls } = countingFetch();
    let clock = Date.now();
    const verify = createGoogleVerifier(idp.googleConfig(), { fetchImpl, now: () => clock });
    const before = idp.googleIdToken();
    await verify(before);
    idp.rotateGoogleKey();
    const after = idp.googleIdToken();

    clock += 30_000;
    await expectInvalid(verify(after), /unknown key/);
    await expectInvalid(verify(idp.googleIdToken({}, { kid: 'made-up' })), /unknown key/);
    expect(urls).toHaveLength(1);

    clock += 31_000;
    await expect(verify(after)).resolves.toMatchObject({ provider: 'google' });
    // The key set keeps the previous key for tokens issued just before the rotation.
    await expect(verify(before)).resolves.toMatchObject({ provider: 'google' });
    await expectInvalid(verify(idp.googleIdToken({}, { kid: 'made-up' })), /unknown key/);
    expect(urls).toHaveLength(2);
  });

  it('says the provider is unavailable when the key set cannot be had', async () => {
    const token = idp.googleIdToken();
    const unreachable = createGoogleVerifier({ ...idp.googleConfig(), jwksUrl: `${await deadUrl()}/certs` });
    await expect(unreachable(token)).rejects.toBeInstanceOf(SocialProviderUnavailable);

    const failing = createGoogleVerifier(idp.googleConfig(), { fetchImpl: () => Promise.resolve(new Response('busy', { status: 503 })) });
    await expect(failing(token)).rejects.toBeInstanceOf(SocialProviderUnavailable);

    const garbled = createGoogleVerifier(idp.googleConfig(), { fetchImpl: () => Promise.resolve(new Response('<html>', { status: 200 })) });
    await expect(garbled(token)).rejects.toBeInstanceOf(SocialProviderUnavailable);
  });

  it('gives up on a provider that does not answer in time', async () => {
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const verify = createGoogleVerifier(idp.googleConfig(), { fetchImpl: hanging, timeoutMs: 50 });
    await expect(verify(idp.googleIdToken())).rejects.toBeInstanceOf(SocialProviderUnavailable);
  });

  it('tries the key set again after a failed fetch', async () => {
    let down = true;
    const flaky: typeof fetch = (input, init) => (down ? Promise.reject(new TypeError('fetch failed')) : fetch(input, init));
    const verify = createGoogleVerifier(idp.googleConfig(), { fetchImpl: flaky });
    await expect(verify(idp.googleIdToken())).rejects.toBeInstanceOf(SocialProviderUnavailable);
    down = false;
    await expect(verify(idp.googleIdToken())).resolves.toMatchObject({ provider: 'google' });
  });
});

describe('Facebook access tokens', () => {
  const verifier = () => createFacebookVerifier(idp.facebookConfig());
  const fritz = { name: STAND_IN_FACEBOOK_USER.name, email: STAND_IN_FACEBOOK_USER.email };

  it('names the diner of a genuine token, without vouching for the e-mail', async () => {
    const identity = await verifier()(idp.facebookAccessToken({ id: '1234567890', ...fritz }));
    expect(identity).toEqual({
      provider: 'facebook',
      socialId: '1234567890',
      email: STAND_IN_FACEBOOK_USER.email,
      emailVerified: false,
      name: STAND_IN_FACEBOOK_USER.name,
    });
  });

  it('passes on a user without an e-mail address', async () => {
    await expect(verifier()(idp.facebookAccessToken({ name: 'No Mail', email: null }))).resolves.toMatchObject({ email: null, name: 'No Mail' });
  });

  it.each([
    ['issued to another app', () => idp.facebookAccessToken(fritz, { appId: 'someone-elses-app' }), /another app/],
    ['that has expired', () => idp.facebookAccessToken(fritz, { expired: true }), /not valid.*expired/],
    ['Facebook never issued', () => 'EAAnot-a-token-facebook-knows', /not valid/],
    ['that is empty', () => '', /malformed/],
    ['with spaces in it', () => 'EAA token', /malformed/],
  ])('refuses a token %s', async (_case, token, reason) => {
    await expectInvalid(verifier()(token()), reason);
  });

  it('refuses a token debug_token calls valid but whose expiry has passed', async () => {
    const verify = createFacebookVerifier(idp.facebookConfig(), {
      fetchImpl: rewritingFetch('/facebook/debug_token', (body) => ({ data: { ...(body.data as object), expires_at: nowS() - 10 } })),
    });
    await expectInvalid(verify(idp.facebookAccessToken(fritz)), /expired/);
  });

  it('refuses a profile that is not the user the token belongs to', async () => {
    const verify = createFacebookVerifier(idp.facebookConfig(), { fetchImpl: rewritingFetch('/facebook/me', (body) => ({ ...body, id: '999' })) });
    await expectInvalid(verify(idp.facebookAccessToken(fritz)), /does not match/);
  });

  it('cannot check tokens with the wrong app secret', async () => {
    const verify = createFacebookVerifier({ ...idp.facebookConfig(), appSecret: 'wrong' });
    await expectInvalid(verify(idp.facebookAccessToken(fritz)), /Invalid OAuth access token signature/);
  });

  it('sends the appsecret_proof Facebook checks', async () => {
    const { fetchImpl, urls } = countingFetch();
    const token = idp.facebookAccessToken(fritz);
    await createFacebookVerifier(idp.facebookConfig(), { fetchImpl })(token);
    const me = new URL(urls[1] ?? '');
    expect(me.pathname).toBe('/facebook/me');
    expect(me.searchParams.get('appsecret_proof')).toBe(createHmac('sha256', idp.facebookConfig().appSecret).update(token).digest('hex'));
  });

  it('says Facebook is unavailable when it cannot be reached or is failing', async () => {
    const token = idp.facebookAccessToken(fritz);
    const unreachable = createFacebookVerifier({ ...idp.facebookConfig(), graphUrl: await deadUrl() });
    await expect(unreachable(token)).rejects.toBeInstanceOf(SocialProviderUnavailable);

    const failing = createFacebookVerifier(idp.facebookConfig(), { fetchImpl: () => Promise.resolve(new Response('{}', { status: 500 })) });
    await expect(failing(token)).rejects.toBeInstanceOf(SocialProviderUnavailable);

    const rateLimited = createFacebookVerifier(idp.facebookConfig(), {
      fetchImpl: () => Promise.resolve(Response.json({ error: { message: 'Application request limit reached', code: 4 } }, { status: 400 })),
    });
    await expect(rateLimited(token)).rejects.toBeInstanceOf(SocialProviderUnavailable);
  });
});

describe('the stand-in sign-in pages', () => {
  const appReturn = 'http://127.0.0.1:3999/sign-in/return';

  function googleAuthorize(extra: Record<string, string> = {}): URL {
    const url = new URL(idp.googleAuthUrl);
    url.search = new URLSearchParams({
      client_id: idp.googleConfig().clientId,
      redirect_uri: appReturn,
      response_type: 'id_token',
      scope: 'openid email profile',
      nonce: 'nonce-123',
      state: 'state-abc',
      ...extra,
    }).toString();
    return url;
  }

  function facebookDialog(extra: Record<string, string> = {}): URL {
    const url = new URL(idp.facebookAuthUrl);
    url.search = new URLSearchParams({
      client_id: idp.facebookConfig().appId,
      redirect_uri: appReturn,
      response_type: 'token',
      scope: 'email',
      state: 'state-fb',
      ...extra,
    }).toString();
    return url;
  }

  function approve(page: URL, form: Record<string, string> = {}): URL {
    const url = new URL(`${page.origin}${page.pathname}/approve`);
    url.search = new URLSearchParams({ ...Object.fromEntries(page.searchParams), ...form }).toString();
    return url;
  }

  it('shows an accessible Google page that works without JavaScript', async () => {
    const response = await fetch(googleAuthorize());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
    const html = await response.text();
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<title>Stand-in Google sign-in</title>');
    expect(html).toMatch(/<label for="name">Name<\/label>\s*<input id="name" name="name"[^>]*value="Gina Google"/);
    expect(html).toMatch(/<label for="email">E-mail<\/label>\s*<input id="email" name="email"[^>]*value="gina\.google@example\.com"/);
    expect(html).toContain('>Continue</button>');
    expect(html).toContain('>Cancel</button>');
    expect(html).not.toContain('<script');
  });

  it('sends the diner back with an ID token for our client, the state and the nonce', async () => {
    const response = await fetch(approve(googleAuthorize()), { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = response.headers.get('location') ?? '';
    expect(location.startsWith(`${appReturn}#`)).toBe(true);
    const fragment = fragmentOf(location);
    expect(fragment.get('state')).toBe('state-abc');
    const identity = await createGoogleVerifier(idp.googleConfig())(fragment.get('id_token') ?? '', 'nonce-123');
    expect(identity).toEqual({
      provider: 'google',
      socialId: standInGoogleSub(STAND_IN_GOOGLE_USER.email),
      email: STAND_IN_GOOGLE_USER.email,
      emailVerified: true,
      name: STAND_IN_GOOGLE_USER.name,
    });
  });

  it('signs in whoever is typed into the posted form, the same person every time', async () => {
    const post = () =>
      fetch(new URL('/google/authorize/approve', idp.url), {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...Object.fromEntries(googleAuthorize().searchParams), name: 'Grete', email: 'grete@example.com' }),
      });
    const verify = createGoogleVerifier(idp.googleConfig());
    const ids: string[] = [];
    for (const response of [await post(), await post()]) {
      expect(response.status).toBe(303);
      const identity = await verify(fragmentOf(response.headers.get('location')).get('id_token') ?? '', 'nonce-123');
      expect(identity).toMatchObject({ name: 'Grete', email: 'grete@example.com' });
      ids.push(identity.socialId);
    }
    expect(ids).toEqual([standInGoogleSub('grete@example.com'), standInGoogleSub('grete@example.com')]);
  });

  it('sends the diner back with access_denied on Cancel', async () => {
    const url = new URL(`${idp.googleAuthUrl}/cancel`);
    url.search = googleAuthorize().search;
    const response = await fetch(url, { redirect: 'manual' });
    const fragment = fragmentOf(response.headers.get('location'));
    expect(Object.fromEntries(fragment)).toEqual({ error: 'access_denied', state: 'state-abc' });
  });

  it('asks again when the form is incomplete', async () => {
    const response = await fetch(approve(googleAuthorize(), { name: 'Gina', email: 'not-an-address' }), { redirect: 'manual' });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('value="not-an-address"');
  });

  it.each([
    ['an unknown client', { client_id: 'someone-else' }],
    ['a missing nonce', { nonce: '' }],
    ['the wrong response type', { response_type: 'code' }],
    ['a javascript: redirect', { redirect_uri: 'javascript:alert(1)' }],
  ])('refuses a Google request with %s', async (_case, extra) => {
    const response = await fetch(googleAuthorize(extra), { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });

  it('shows the Facebook page and sends the diner back with an access token and the state', async () => {
    const page = await fetch(facebookDialog());
    const html = await page.text();
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<title>Stand-in Facebook sign-in</title>');
    expect(html).toContain('value="Fritz Facebook"');
    expect(html).toContain('value="fritz.facebook@example.com"');

    const response = await fetch(approve(facebookDialog()), { redirect: 'manual' });
    expect(response.status).toBe(302);
    const fragment = fragmentOf(response.headers.get('location'));
    expect(fragment.get('state')).toBe('state-fb');
    const identity = await createFacebookVerifier(idp.facebookConfig())(fragment.get('access_token') ?? '');
    expect(identity).toEqual({
      provider: 'facebook',
      socialId: standInFacebookId(STAND_IN_FACEBOOK_USER.email),
      email: STAND_IN_FACEBOOK_USER.email,
      emailVerified: false,
      name: STAND_IN_FACEBOOK_USER.name,
    });
  });

  it('withholds the e-mail when the app did not ask for it', async () => {
    const response = await fetch(approve(facebookDialog({ scope: 'public_profile' })), { redirect: 'manual' });
    const token = fragmentOf(response.headers.get('location')).get('access_token') ?? '';
    await expect(createFacebookVerifier(idp.facebookConfig())(token)).resolves.toMatchObject({ email: null, name: STAND_IN_FACEBOOK_USER.name });
  });

  it('sends the diner back with access_denied when Facebook sign-in is cancelled', async () => {
    const url = new URL(`${idp.facebookAuthUrl}/cancel`);
    url.search = facebookDialog().search;
    const response = await fetch(url, { redirect: 'manual' });
    expect(fragmentOf(response.headers.get('location')).get('error')).toBe('access_denied');
    expect(fragmentOf(response.headers.get('location')).get('state')).toBe('state-fb');
  });
});

/**
 * A local stand-in for Google's and Facebook's sign-in, so API tests and Playwright can sign in
 * without the internet or real accounts. It speaks the same redirect flows and token checks as
 * the real providers (as far as our verifier cares) with its own RSA key and its own token ledger,
 * so the server's verification runs unchanged against it.
 */
import { createHash, createHmac, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { FacebookConfig, GoogleConfig } from '../../src/server/social/verify';
import { listenOn } from './listen';

export const STAND_IN_DEFAULTS = {
  googleClientId: 'stand-in-google-client',
  facebookAppId: 'stand-in-facebook-app',
  facebookAppSecret: 'stand-in-facebook-secret',
} as const;

/** Who the sign-in pages propose; the diner may type someone else. */
export const STAND_IN_GOOGLE_USER = { name: 'Gina Google', email: 'gina.google@example.com' } as const;
export const STAND_IN_FACEBOOK_USER = { name: 'Fritz Facebook', email: 'fritz.facebook@example.com' } as const;

export interface GoogleClaims {
  sub: string;
  email: string;
  name: string;
  aud: string | string[];
  azp: string;
  iss: string;
  exp: number;
  iat: number;
  nonce: string;
  email_verified: boolean;
}

export interface FacebookUser {
  /** Defaults to standInFacebookId(email), or of the name when there is no e-mail. */
  id?: string;
  name: string;
  email: string | null;
}

export interface StandInIdpOptions {
  port?: number;
  host?: string;
  googleClientId?: string;
  facebookAppId?: string;
  facebookAppSecret?: string;
}

export interface StandInIdp {
  /** Origin, e.g. http://127.0.0.1:43117; also the issuer of its Google tokens. */
  url: string;
  googleAuthUrl: string;
  facebookAuthUrl: string;
  googleConfig(): GoogleConfig;
  facebookConfig(): FacebookConfig;
  /**
   * An ID token for the stand-in's Google client, signed like the authorize page signs it.
   * A claim passed as undefined is left out, to test tokens that lack it.
   */
  googleIdToken(claims?: Partial<GoogleClaims>, options?: { signWithForeignKey?: boolean; kid?: string }): string;
  /** A user access token that debug_token and /me know, as if the user had approved the app. */
  facebookAccessToken(user: FacebookUser, options?: { appId?: string; expired?: boolean }): string;
  /** Signs with a new key from now on; the key set keeps the previous key, as Google's does. */
  rotateGoogleKey(): void;
  close(): Promise<void>;
}

/** Numeric like the real ids, and the same e-mail always gives the same person. */
function numericId(seed: string, digits: number): string {
  const hash = createHash('sha256').update(seed).digest();
  const value = hash.readBigUInt64BE(0) % 10n ** BigInt(digits - 1);
  return `1${value.toString().padStart(digits - 1, '0')}`;
}

export function standInGoogleSub(email: string): string {
  return numericId(`google:${email.trim().toLowerCase()}`, 21);
}

export function standInFacebookId(email: string): string {
  return numericId(`facebook:${email.trim().toLowerCase()}`, 17);
}

interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

function newSigningKey(): SigningKey {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { kid: `stand-in-${randomBytes(6).toString('hex')}`, privateKey, publicKey };
}

function base64urlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function signJwt(header: Record<string, unknown>, payload: Record<string, unknown>, key: KeyObject): string {
  const input = `${base64urlJson(header)}.${base64urlJson(payload)}`;
  return `${input}.${sign('sha256', Buffer.from(input), key).toString('base64url')}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface FacebookGrant {
  user: { id: string; name: string; email: string | null };
  appId: string;
  scopes: string[];
  /** Seconds since the epoch. */
  expiresAt: number;
}

const FACEBOOK_TOKEN_SECONDS = 60 * 24 * 60 * 60;
const MAX_FORM_BYTES = 64 * 1024;

class BadRequest extends Error {}

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_FORM_BYTES) {
        reject(new BadRequest('The form is too large.'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

function graphError(res: ServerResponse, code: number, message: string, subcode?: number): void {
  const error = { message, type: 'OAuthException', code, ...(subcode === undefined ? {} : { error_subcode: subcode }), fbtrace_id: 'stand-in' };
  sendJson(res, 400, { error });
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    // No form-action: Chromium applies it to the redirect after submitting, which goes to the app.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  });
  res.end(html);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 1.5rem; background: #f4f4f5; color: #18181b; }
  main { max-width: 26rem; margin: 0 auto; background: #fff; padding: 1.5rem; border-radius: 0.5rem; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input { box-sizing: border-box; width: 100%; font: inherit; padding: 0.5rem; border: 1px solid #71717a; border-radius: 0.25rem; }
  .actions { display: flex; gap: 0.75rem; margin-top: 1.5rem; }
  button { font: inherit; padding: 0.5rem 1rem; border-radius: 0.25rem; border: 1px solid #3f3f46; background: #fff; color: #18181b; }
  button[value="continue"] { background: #1d4ed8; border-color: #1d4ed8; color: #fff; }
  [role="alert"] { color: #b91c1c; font-weight: 600; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

/** What a provider's consent page is given and must pass on to its approve step. */
interface AuthRequest {
  clientId: string;
  redirectUri: URL;
  state: string | null;
  nonce: string | null;
  scope: string;
  responseType: string;
  /** Facebook's `auth_type=reauthenticate`: ask for the password even when the browser is signed in. */
  reauthenticate: boolean;
}

interface ProviderPage {
  title: string;
  base: string;
  user: { name: string; email: string };
  emailRequired: boolean;
}

function consentPage(provider: ProviderPage, request: AuthRequest, values: { name: string; email: string }, problem?: string): string {
  const hidden = Object.entries({
    client_id: request.clientId,
    redirect_uri: request.redirectUri.href,
    response_type: request.responseType,
    scope: request.scope,
    state: request.state,
    nonce: request.nonce,
  })
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('\n');
  const described = problem ? ' aria-describedby="problem" aria-invalid="true"' : '';
  return page(
    provider.title,
    `<p>A local stand-in, not the real provider: whatever you enter here is who you become in the app. The app ${escapeHtml(request.clientId)} will receive your name and e-mail address.</p>
${problem ? `<p id="problem" role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="${provider.base}/approve">
${hidden}
<label for="name">Name</label>
<input id="name" name="name" autocomplete="name" required value="${escapeHtml(values.name)}"${described}>
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="email"${provider.emailRequired ? ' required' : ''} value="${escapeHtml(values.email)}"${described}>
${provider.emailRequired ? '' : '<p>Leave the e-mail empty to sign in as someone who has none on file.</p>'}
<div class="actions">
<button type="submit" name="action" value="continue">Continue</button>
<button type="submit" name="action" value="cancel" formaction="${provider.base}/cancel" formnovalidate>Cancel</button>
</div>
</form>`,
  );
}

function redirectWithFragment(res: ServerResponse, method: string, redirectUri: URL, fragment: Record<string, string | null>, cookie?: string): void {
  const target = new URL(redirectUri.href);
  const params = new URLSearchParams(Object.entries(fragment).filter((entry): entry is [string, string] => entry[1] !== null));
  target.hash = params.toString();
  // 303 turns the form's POST into a GET of the app's page, as the real providers do.
  res.writeHead(method === 'POST' ? 303 : 302, { location: target.href, 'cache-control': 'no-store', ...(cookie ? { 'set-cookie': cookie } : {}) });
  res.end();
}

/**
 * Like facebook.com, the stand-in remembers who signed in with this browser: the next dialog
 * returns that person at once, without a page, unless the app asks to reauthenticate.
 */
const FACEBOOK_SESSION = 'standin_fb_session';

function facebookSessionCookie(person: { name: string; email: string }): string {
  return `${FACEBOOK_SESSION}=${Buffer.from(JSON.stringify(person)).toString('base64url')}; Path=/facebook; HttpOnly; SameSite=Lax`;
}

function facebookSession(req: IncomingMessage): { name: string; email: string } | null {
  const raw = (req.headers.cookie ?? '').split(/;\s*/).find((c) => c.startsWith(`${FACEBOOK_SESSION}=`))?.slice(FACEBOOK_SESSION.length + 1);
  if (!raw) return null;
  try {
    const person = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    if (typeof person === 'object' && person !== null && 'name' in person && 'email' in person && typeof person.name === 'string' && typeof person.email === 'string') {
      return { name: person.name, email: person.email };
    }
  } catch {
    // A cookie this stand-in did not write: nobody is signed in.
  }
  return null;
}

export async function startStandInIdp(options: StandInIdpOptions = {}): Promise<StandInIdp> {
  const googleClientId = options.googleClientId ?? STAND_IN_DEFAULTS.googleClientId;
  const facebookAppId = options.facebookAppId ?? STAND_IN_DEFAULTS.facebookAppId;
  const facebookAppSecret = options.facebookAppSecret ?? STAND_IN_DEFAULTS.facebookAppSecret;
  const host = options.host ?? '127.0.0.1';

  let signingKey = newSigningKey();
  let previousKey: SigningKey | null = null;
  let foreignKey: SigningKey | null = null;
  const facebookGrants = new Map<string, FacebookGrant>();
  let url = '';

  const nowSeconds = () => Math.floor(Date.now() / 1000);

  function googleIdToken(claims: Partial<GoogleClaims> = {}, tokenOptions: { signWithForeignKey?: boolean; kid?: string } = {}): string {
    const iat = nowSeconds();
    const email = claims.email ?? STAND_IN_GOOGLE_USER.email;
    const payload: Record<string, unknown> = {
      iss: url,
      azp: googleClientId,
      aud: googleClientId,
      sub: standInGoogleSub(email),
      email,
      email_verified: true,
      name: STAND_IN_GOOGLE_USER.name,
      iat,
      exp: iat + 3600,
      ...claims,
    };
    let key = signingKey.privateKey;
    if (tokenOptions.signWithForeignKey) {
      // A key the key set never lists, under a kid it does list: what a forger would have.
      foreignKey ??= newSigningKey();
      key = foreignKey.privateKey;
    }
    return signJwt({ alg: 'RS256', kid: tokenOptions.kid ?? signingKey.kid, typ: 'JWT' }, payload, key);
  }

  function facebookAccessToken(user: FacebookUser, tokenOptions: { appId?: string; expired?: boolean } = {}, scopes = ['public_profile', 'email']): string {
    const token = `EAA${randomBytes(32).toString('base64url')}`;
    facebookGrants.set(token, {
      user: { id: user.id ?? standInFacebookId(user.email ?? user.name), name: user.name, email: user.email },
      appId: tokenOptions.appId ?? facebookAppId,
      scopes,
      expiresAt: tokenOptions.expired ? nowSeconds() - 60 : nowSeconds() + FACEBOOK_TOKEN_SECONDS,
    });
    return token;
  }

  const google: ProviderPage = { title: 'Stand-in Google sign-in', base: '/google/authorize', user: STAND_IN_GOOGLE_USER, emailRequired: true };
  const facebook: ProviderPage = { title: 'Stand-in Facebook sign-in', base: '/facebook/dialog/oauth', user: STAND_IN_FACEBOOK_USER, emailRequired: false };

  /** Checks an authorize request as strictly as the real provider would, so the app cannot get away with a sloppy one. */
  function authRequest(params: URLSearchParams, provider: 'google' | 'facebook'): AuthRequest {
    const clientId = params.get('client_id') ?? '';
    const expectedClient = provider === 'google' ? googleClientId : facebookAppId;
    if (clientId !== expectedClient) throw new BadRequest(`Unknown client_id "${clientId}"; this stand-in knows "${expectedClient}".`);
    let redirectUri: URL;
    try {
      redirectUri = new URL(params.get('redirect_uri') ?? '');
    } catch {
      throw new BadRequest('redirect_uri must be an absolute URL.');
    }
    if (redirectUri.protocol !== 'http:' && redirectUri.protocol !== 'https:') throw new BadRequest('redirect_uri must be http or https.');
    redirectUri.hash = '';
    const responseType = params.get('response_type') ?? '';
    const scope = params.get('scope') ?? '';
    const nonce = params.get('nonce');
    if (provider === 'google') {
      if (responseType !== 'id_token') throw new BadRequest('response_type must be id_token.');
      if (!scope.split(' ').includes('openid')) throw new BadRequest('scope must include openid.');
      // Google refuses the implicit flow without a nonce.
      if (!nonce) throw new BadRequest('nonce is required with response_type=id_token.');
    } else if (responseType !== 'token') {
      throw new BadRequest('response_type must be token.');
    }
    return { clientId, redirectUri, state: params.get('state'), nonce, scope, responseType, reauthenticate: params.get('auth_type') === 'reauthenticate' };
  }

  async function params(req: IncomingMessage, requestUrl: URL): Promise<URLSearchParams> {
    if (req.method !== 'POST') return requestUrl.searchParams;
    const form = await readForm(req);
    // Query parameters count too, like a form posted to a URL that already carries some.
    for (const [name, value] of requestUrl.searchParams) if (!form.has(name)) form.set(name, value);
    return form;
  }

  async function authorize(req: IncomingMessage, res: ServerResponse, requestUrl: URL, provider: 'google' | 'facebook', step: string): Promise<void> {
    const spec = provider === 'google' ? google : facebook;
    const method = req.method ?? 'GET';
    const input = await params(req, requestUrl);
    const request = authRequest(input, provider);

    const remembered = provider === 'facebook' ? facebookSession(req) : null;
    if (step === '') {
      if (remembered && !request.reauthenticate) {
        redirectWithFragment(res, method, request.redirectUri, facebookGrantFragment(remembered, request));
        return;
      }
      const problem = remembered ? 'Facebook asks you to confirm it is you: the app asked to reauthenticate.' : undefined;
      sendHtml(res, 200, consentPage(spec, request, remembered ?? spec.user, problem));
      return;
    }
    if (step === '/cancel') {
      const extra: Record<string, string> = provider === 'facebook' ? { error_reason: 'user_denied' } : {};
      redirectWithFragment(res, method, request.redirectUri, { error: 'access_denied', ...extra, state: request.state });
      return;
    }

    // Without the form's fields (a scripted GET), the proposed person signs in.
    const name = (input.get('name') ?? spec.user.name).trim();
    const email = (input.get('email') ?? spec.user.email).trim();
    const emailOk = email === '' ? !spec.emailRequired : /^[^\s@]+@[^\s@]+$/.test(email);
    if (name === '' || !emailOk) {
      const problem = name === '' ? 'Enter a name.' : 'Enter an e-mail address like name@example.com.';
      sendHtml(res, 400, consentPage(spec, request, { name, email }, problem));
      return;
    }

    if (provider === 'google') {
      const idToken = googleIdToken({ sub: standInGoogleSub(email), email, name, aud: googleClientId, nonce: request.nonce ?? undefined });
      redirectWithFragment(res, method, request.redirectUri, { id_token: idToken, state: request.state });
      return;
    }
    redirectWithFragment(res, method, request.redirectUri, facebookGrantFragment({ name, email }, request), facebookSessionCookie({ name, email }));
  }

  function facebookGrantFragment(person: { name: string; email: string }, request: AuthRequest): Record<string, string | null> {
    const scopes = ['public_profile', ...request.scope.split(/[\s,]+/).filter((s) => s === 'email')];
    return {
      access_token: facebookAccessToken({ name: person.name, email: person.email === '' ? null : person.email }, {}, scopes),
      token_type: 'bearer',
      expires_in: String(FACEBOOK_TOKEN_SECONDS),
      state: request.state,
    };
  }

  function jwks(res: ServerResponse): void {
    const keys = [signingKey, ...(previousKey ? [previousKey] : [])].map((k) => ({
      ...k.publicKey.export({ format: 'jwk' }),
      kid: k.kid,
      alg: 'RS256',
      use: 'sig',
    }));
    sendJson(res, 200, { keys }, { 'cache-control': 'public, max-age=3600' });
  }

  function debugToken(res: ServerResponse, query: URLSearchParams): void {
    if (query.get('access_token') !== `${facebookAppId}|${facebookAppSecret}`) {
      graphError(res, 190, 'Invalid OAuth access token signature.');
      return;
    }
    const input = query.get('input_token');
    if (!input) {
      graphError(res, 100, 'The parameter input_token is required');
      return;
    }
    const grant = facebookGrants.get(input);
    if (!grant) {
      sendJson(res, 200, { data: { error: { code: 190, message: 'Invalid OAuth access token.' }, is_valid: false, scopes: [] } });
      return;
    }
    const expired = grant.expiresAt <= nowSeconds();
    sendJson(res, 200, {
      data: {
        app_id: grant.appId,
        type: 'USER',
        application: 'Stand-in app',
        data_access_expires_at: grant.expiresAt + 30 * 24 * 60 * 60,
        expires_at: grant.expiresAt,
        is_valid: !expired,
        ...(expired ? { error: { code: 190, message: 'Error validating access token: Session has expired.', subcode: 463 } } : {}),
        scopes: grant.scopes,
        user_id: grant.user.id,
      },
    });
  }

  function me(res: ServerResponse, query: URLSearchParams): void {
    const token = query.get('access_token') ?? '';
    const grant = facebookGrants.get(token);
    if (!grant) {
      graphError(res, 190, 'Invalid OAuth access token - Cannot parse access token');
      return;
    }
    if (grant.expiresAt <= nowSeconds()) {
      graphError(res, 190, 'Error validating access token: Session has expired.', 463);
      return;
    }
    const proof = query.get('appsecret_proof');
    if (proof !== null && proof !== createHmac('sha256', facebookAppSecret).update(token).digest('hex')) {
      graphError(res, 100, 'Invalid appsecret_proof provided in the API argument');
      return;
    }
    const fields = (query.get('fields') ?? 'id,name').split(',').map((f) => f.trim());
    const profile: Record<string, string> = { id: grant.user.id };
    if (fields.includes('name')) profile.name = grant.user.name;
    // Like Facebook: no e-mail unless the user granted it and has one.
    if (fields.includes('email') && grant.scopes.includes('email') && grant.user.email !== null) profile.email = grant.user.email;
    sendJson(res, 200, profile);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestUrl = new URL(req.url ?? '/', url);
    const path = requestUrl.pathname;
    const method = req.method ?? 'GET';
    const authorizeMatch = /^\/(google\/authorize|facebook\/dialog\/oauth)(|\/approve|\/cancel)$/.exec(path);
    if (authorizeMatch && (method === 'GET' || (method === 'POST' && authorizeMatch[2] !== ''))) {
      await authorize(req, res, requestUrl, authorizeMatch[1] === 'google/authorize' ? 'google' : 'facebook', authorizeMatch[2] ?? '');
      return;
    }
    if (method !== 'GET') {
      sendJson(res, 405, { error: 'method not allowed' });
      return;
    }
    if (path === '/google/jwks') jwks(res);
    else if (path === '/facebook/debug_token') debugToken(res, requestUrl.searchParams);
    else if (path === '/facebook/me') me(res, requestUrl.searchParams);
    else if (path === '/') sendHtml(res, 200, page('Stand-in identity provider', `<p>Google: <code>${google.base}</code>, Facebook: <code>${facebook.base}</code>.</p>`));
    else sendJson(res, 404, { error: 'not found' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) {
        res.destroy();
      } else if (err instanceof BadRequest) {
        sendHtml(res, 400, page('Stand-in sign-in: bad request', `<p role="alert">${escapeHtml(err.message)}</p>`));
      } else {
        sendJson(res, 500, { error: err instanceof Error ? err.message : String(err) });
      }
    });
  });

  url = await listenOn(server, host, options.port);

  return {
    url,
    googleAuthUrl: `${url}${google.base}`,
    facebookAuthUrl: `${url}${facebook.base}`,
    googleConfig: () => ({ clientId: googleClientId, jwksUrl: `${url}/google/jwks`, issuers: [url] }),
    facebookConfig: () => ({ appId: facebookAppId, appSecret: facebookAppSecret, graphUrl: `${url}/facebook` }),
    googleIdToken,
    facebookAccessToken: (user, tokenOptions) => facebookAccessToken(user, tokenOptions),
    rotateGoogleKey() {
      previousKey = signingKey;
      signingKey = newSigningKey();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // fetch keeps connections alive; close() alone would wait for them to time out.
        server.closeAllConnections();
      }),
  };
}

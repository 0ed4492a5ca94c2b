/**
 * Checks a sign-in token from Google or Facebook on our own server. The browser only carries the
 * token; who the diner is comes from Google's signature or from Facebook's own answer about the
 * token, never from anything else the browser says.
 */
import { createHmac, createPublicKey, verify as verifySignature, type KeyObject } from 'node:crypto';

export type SocialProvider = 'google' | 'facebook';

export interface SocialIdentity {
  provider: SocialProvider;
  /** Google's `sub` or Facebook's app-scoped user id: the only stable key for the person. */
  socialId: string;
  email: string | null;
  /** True only when the provider vouches for the address (Google's `email_verified`); Facebook never does. */
  emailVerified: boolean;
  name: string;
}

export interface GoogleConfig {
  clientId: string;
  /** Real: https://www.googleapis.com/oauth2/v3/certs */
  jwksUrl: string;
  /** Real: ['accounts.google.com', 'https://accounts.google.com'] */
  issuers: string[];
}

export interface FacebookConfig {
  appId: string;
  appSecret: string;
  /** Real: https://graph.facebook.com/v19.0 */
  graphUrl: string;
}

/** The token proves nothing: forged, expired, meant for another app. The route answers 401. */
export class SocialTokenInvalid extends Error {
  override name = 'SocialTokenInvalid';
}

/** We could not ask the provider, so the token may well be fine. The route answers 503. */
export class SocialProviderUnavailable extends Error {
  override name = 'SocialProviderUnavailable';
}

interface VerifierOptions {
  fetchImpl?: typeof fetch;
  /** Milliseconds since the epoch, like Date.now. */
  now?: () => number;
  /** Per request to the provider, body included. */
  timeoutMs?: number;
}

const TIMEOUT_MS = 5_000;
/** Clocks on phones, servers and Google's side disagree a little. */
const LEEWAY_S = 60;
const DEFAULT_JWKS_TTL_MS = 60 * 60_000;
/** A key set cached for days would outlive Google's rotation. */
const MAX_JWKS_TTL_MS = 24 * 60 * 60_000;
/** Tokens with made-up kids must not let anyone make us hammer the provider. */
const UNKNOWN_KID_REFETCH_MS = 60_000;
/** Real ID tokens are about 1 KB; anything far larger is not worth parsing. */
const MAX_TOKEN_LENGTH = 16_384;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/**
 * Graph API error codes that mean "not now" rather than "bad token": unknown/service errors and
 * the rate limits (https://developers.facebook.com/docs/graph-api/guides/error-handling).
 */
const FACEBOOK_TRANSIENT_CODES = new Set([1, 2, 4, 17, 32, 341, 613]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

interface JsonAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

/**
 * One GET with a deadline. Error messages name `what`, never the URL: Facebook's URLs carry the
 * app secret and the diner's token.
 */
async function getJson(fetchImpl: typeof fetch, url: string, what: string, timeoutMs: number): Promise<JsonAnswer> {
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    throw new SocialProviderUnavailable(`${what} unreachable`, { cause: err });
  }
  if (response.status >= 500 || response.status === 429) {
    await response.body?.cancel().catch(() => undefined);
    throw new SocialProviderUnavailable(`${what} answered ${response.status}`);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (err) {
    // A cut-off or non-JSON answer says nothing about the token, only about the provider.
    throw new SocialProviderUnavailable(`${what} sent no readable JSON`, { cause: err });
  }
  return { status: response.status, headers: response.headers, body };
}

/** How long the key set may be reused: max-age minus the time it already spent in caches on the way. */
function jwksTtlMs(cacheControl: string | null, age: string | null): number {
  if (cacheControl === null) return DEFAULT_JWKS_TTL_MS;
  const directives = cacheControl.toLowerCase().split(',').map((d) => d.trim());
  if (directives.includes('no-store') || directives.includes('no-cache')) return 0;
  const maxAge = directives.map((d) => /^max-age="?(\d+)"?$/.exec(d)?.[1]).find((v) => v !== undefined);
  if (maxAge === undefined) return DEFAULT_JWKS_TTL_MS;
  const ageSeconds = age !== null && /^\d+$/.test(age.trim()) ? Number(age.trim()) : 0;
  return Math.min(MAX_JWKS_TTL_MS, Math.max(0, (Number(maxAge) - ageSeconds) * 1000));
}

function parseJwks(body: unknown): Map<string, KeyObject> {
  if (!isRecord(body) || !Array.isArray(body.keys)) throw new SocialProviderUnavailable('Google key set is malformed');
  const keys = new Map<string, KeyObject>();
  for (const jwk of body.keys) {
    if (!isRecord(jwk) || jwk.kty !== 'RSA' || !nonEmptyString(jwk.kid) || !nonEmptyString(jwk.n) || !nonEmptyString(jwk.e)) continue;
    if (jwk.use !== undefined && jwk.use !== 'sig') continue;
    if (jwk.alg !== undefined && jwk.alg !== 'RS256') continue;
    try {
      keys.set(jwk.kid, createPublicKey({ key: { kty: 'RSA', n: jwk.n, e: jwk.e }, format: 'jwk' }));
    } catch {
      // One unusable key must not take the others down with it.
    }
  }
  return keys;
}

/** Google's signing keys, shared by all verifications of one verifier. */
function createJwksCache(url: string, fetchImpl: typeof fetch, now: () => number, timeoutMs: number) {
  let keys = new Map<string, KeyObject>();
  let freshUntil = -Infinity;
  let lastAttempt = -Infinity;
  let pending: Promise<void> | null = null;

  async function load(): Promise<void> {
    const started = now();
    lastAttempt = started;
    const answer = await getJson(fetchImpl, url, 'Google key set', timeoutMs);
    if (answer.status !== 200) throw new SocialProviderUnavailable(`Google key set answered ${answer.status}`);
    keys = parseJwks(answer.body);
    freshUntil = started + jwksTtlMs(answer.headers.get('cache-control'), answer.headers.get('age'));
  }

  // Concurrent sign-ins share one request instead of each fetching the key set.
  function refresh(): Promise<void> {
    pending ??= load().finally(() => {
      pending = null;
    });
    return pending;
  }

  return async function keyFor(kid: string): Promise<KeyObject | undefined> {
    if (pending) await pending;
    if (now() >= freshUntil) await refresh();
    const known = keys.get(kid);
    if (known) return known;
    // Google rotates keys: an unknown kid may be brand new, but it earns at most one refetch a minute.
    if (now() - lastAttempt < UNKNOWN_KID_REFETCH_MS) return undefined;
    await refresh();
    return keys.get(kid);
  };
}

interface ParsedJwt {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  signingInput: string;
  signature: Buffer;
}

function decodeSegment(segment: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
  } catch {
    throw new SocialTokenInvalid('token is not a JWT');
  }
  if (!isRecord(value)) throw new SocialTokenInvalid('token is not a JWT');
  return value;
}

function parseJwt(token: string): ParsedJwt {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) throw new SocialTokenInvalid('token is not a JWT');
  const [header, payload, signature, ...rest] = token.split('.');
  // Node's base64url decoder skips characters it does not know; checking first keeps one token one spelling.
  if (header === undefined || payload === undefined || signature === undefined || rest.length > 0) throw new SocialTokenInvalid('token is not a JWT');
  if (![header, payload, signature].every((part) => BASE64URL.test(part))) throw new SocialTokenInvalid('token is not a JWT');
  return {
    header: decodeSegment(header),
    payload: decodeSegment(payload),
    signingInput: `${header}.${payload}`,
    signature: Buffer.from(signature, 'base64url'),
  };
}

function checkGoogleClaims(payload: Record<string, unknown>, config: GoogleConfig, nowMs: number, expectedNonce: string | undefined): string {
  const nowS = nowMs / 1000;
  if (typeof payload.iss !== 'string' || !config.issuers.includes(payload.iss)) throw new SocialTokenInvalid('token has a foreign issuer');
  const { aud } = payload;
  const forUs =
    aud === config.clientId ||
    // With several audiences, OpenID Connect names the party the token was issued to in azp.
    (Array.isArray(aud) && aud.includes(config.clientId) && (aud.length === 1 || payload.azp === config.clientId));
  if (!forUs) throw new SocialTokenInvalid('token is meant for another app');
  if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp) || payload.exp + LEEWAY_S <= nowS) throw new SocialTokenInvalid('token has expired');
  if (typeof payload.iat !== 'number' || !Number.isFinite(payload.iat) || payload.iat - LEEWAY_S > nowS) throw new SocialTokenInvalid('token is issued in the future');
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf - LEEWAY_S > nowS)) throw new SocialTokenInvalid('token is not valid yet');
  // The nonce ties the token to the sign-in this browser started, so a token caught elsewhere cannot be replayed.
  if (expectedNonce !== undefined && (expectedNonce === '' || payload.nonce !== expectedNonce)) throw new SocialTokenInvalid('token belongs to another sign-in');
  if (!nonEmptyString(payload.sub) || payload.sub.length > 255) throw new SocialTokenInvalid('token names nobody');
  return payload.sub;
}

function googleName(payload: Record<string, unknown>): string {
  if (typeof payload.name === 'string' && payload.name.trim() !== '') return payload.name.trim();
  const parts = [payload.given_name, payload.family_name].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  return parts.join(' ').trim();
}

export function createGoogleVerifier(
  config: GoogleConfig,
  options: VerifierOptions = {},
): (idToken: string, expectedNonce?: string) => Promise<SocialIdentity> {
  const now = options.now ?? Date.now;
  const keyFor = createJwksCache(config.jwksUrl, options.fetchImpl ?? fetch, now, options.timeoutMs ?? TIMEOUT_MS);

  return async (idToken, expectedNonce) => {
    const { header, payload, signingInput, signature } = parseJwt(idToken);
    // Only RS256: accepting the header's choice is how "none" and HMAC-with-the-public-key forgeries get in.
    if (header.alg !== 'RS256') throw new SocialTokenInvalid('token is not signed with RS256');
    if (header.crit !== undefined) throw new SocialTokenInvalid('token demands extensions we do not know');
    if (!nonEmptyString(header.kid)) throw new SocialTokenInvalid('token names no signing key');
    const key = await keyFor(header.kid);
    if (!key) throw new SocialTokenInvalid('token is signed with an unknown key');
    if (!verifySignature('sha256', Buffer.from(signingInput), key, signature)) throw new SocialTokenInvalid('token signature is wrong');

    const socialId = checkGoogleClaims(payload, config, now(), expectedNonce);
    const email = nonEmptyString(payload.email) ? payload.email : null;
    // Older Google tokens spell the flag as a string.
    const emailVerified = email !== null && (payload.email_verified === true || payload.email_verified === 'true');
    return { provider: 'google', socialId, email, emailVerified, name: googleName(payload) };
  };
}

/** A Graph API answer, or the reason it is not one. */
async function graphGet(fetchImpl: typeof fetch, url: string, what: string, timeoutMs: number): Promise<Record<string, unknown>> {
  const { status, body } = await getJson(fetchImpl, url, what, timeoutMs);
  if (status === 200 && isRecord(body)) return body;
  const error = isRecord(body) && isRecord(body.error) ? body.error : {};
  if (error.is_transient === true || (typeof error.code === 'number' && FACEBOOK_TRANSIENT_CODES.has(error.code))) {
    throw new SocialProviderUnavailable(`${what} is busy (code ${String(error.code)})`);
  }
  const message = typeof error.message === 'string' ? error.message.slice(0, 200) : `status ${status}`;
  throw new SocialTokenInvalid(`${what} refused: ${message}`);
}

export function createFacebookVerifier(
  config: FacebookConfig,
  options: VerifierOptions = {},
): (accessToken: string) => Promise<SocialIdentity> {
  const fetchImpl = options.fetchImpl ?? fetch;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const graphUrl = config.graphUrl.replace(/\/+$/, '');

  return async (accessToken) => {
    if (typeof accessToken !== 'string' || !/^[\x21-\x7e]{1,4096}$/.test(accessToken)) throw new SocialTokenInvalid('token is malformed');

    // A user token alone proves nothing about which app it was issued to; debug_token, asked
    // with our app's credentials, does.
    const debugQuery = new URLSearchParams({ input_token: accessToken, access_token: `${config.appId}|${config.appSecret}` });
    const debug = await graphGet(fetchImpl, `${graphUrl}/debug_token?${debugQuery}`, 'Facebook debug_token', timeoutMs);
    const data = isRecord(debug.data) ? debug.data : null;
    if (!data) throw new SocialTokenInvalid('Facebook debug_token answered without data');
    if (data.is_valid !== true) {
      const reason = isRecord(data.error) && typeof data.error.message === 'string' ? `: ${data.error.message.slice(0, 200)}` : '';
      throw new SocialTokenInvalid(`Facebook says the token is not valid${reason}`);
    }
    if (String(data.app_id) !== config.appId) throw new SocialTokenInvalid('token is meant for another app');
    if (data.type !== undefined && data.type !== 'USER') throw new SocialTokenInvalid('token is not a user token');
    // 0 means the token does not expire.
    if (typeof data.expires_at === 'number' && data.expires_at !== 0 && data.expires_at * 1000 <= now()) throw new SocialTokenInvalid('token has expired');
    const userId = data.user_id;
    if (!nonEmptyString(userId)) throw new SocialTokenInvalid('token names nobody');

    // appsecret_proof shows Facebook the call comes from our server, so a leaked token is no use to
    // anyone without our secret when the app requires it.
    const meQuery = new URLSearchParams({
      fields: 'id,name,email',
      access_token: accessToken,
      appsecret_proof: createHmac('sha256', config.appSecret).update(accessToken).digest('hex'),
    });
    const me = await graphGet(fetchImpl, `${graphUrl}/me?${meQuery}`, 'Facebook /me', timeoutMs);
    if (me.id !== userId) throw new SocialTokenInvalid('Facebook profile does not match the token');

    return {
      provider: 'facebook',
      socialId: userId,
      email: nonEmptyString(me.email) ? me.email : null,
      // The Graph API says nothing about whether the address was confirmed, so we cannot vouch for it.
      emailVerified: false,
      name: typeof me.name === 'string' ? me.name.trim() : '',
    };
  };
}

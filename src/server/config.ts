import { resolve } from 'node:path';
import { isEmail } from '../shared/contract/email';
import { PASSWORD_MIN } from '../shared/contract/password';
import { passwordProblem } from './auth/password-policy';
import { readBranchSetup, type BranchSetup } from './branches';
import { DEFAULT_MAX_ORDER_TOTAL_CENTS } from './orders/order-limits';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  clientDir: string;
  /** Render the menu and the checkout on the server (decision 045); `SERVER_RENDER=0` sends the outline instead. */
  serverRender: boolean;
  /** Opens the operator API; unset keeps it closed. */
  operatorKey: string | undefined;
  /** The public origin for table QR links; unset uses the Host of each request. */
  publicUrl: string | undefined;
  /** SMTP server for mail (smtp:// or smtps://); unset writes mail to DATA_DIR/outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** A Nominatim-compatible geocoder; unset uses the built-in street list of the demo city. */
  geocoderUrl: string | undefined;
  google: { clientId: string; authUrl: string; jwksUrl: string; issuers: string[] } | undefined;
  facebook: { appId: string; appSecret: string; authUrl: string; graphUrl: string } | undefined;
  /** Multiplies the sign-in and order flood limits; only a local demo, a load test or an end-to-end run raises it. */
  rateLimitScale: number;
  /** The largest total one online order may have, in cents (MAX_ORDER_TOTAL, in whole currency units). */
  maxOrderTotalCents: number;
  /** Behind a reverse proxy, the client address comes from X-Forwarded-For (rate limits count per address). */
  trustProxy: boolean;
  /** The first owner account, created at start when missing and never overwritten. */
  owner: { email: string; password: string } | undefined;
  payments: PaymentConfig;
  /** The branches (BRANCHES, HUB_URL) and whether this server is one of them (BRANCH_URL); none by default. */
  branches: BranchSetup;
  /** What an empty database is filled with at first start (SEED): the demo restaurant, or only the base data for a real one. */
  seed: SeedChoice;
  /** INSTANCE_NAME: answers carry it as `X-Instance`, so a multi-process set-up shows which process served what; unset sends nothing. */
  instanceName: string | undefined;
  /** DRAIN_SECONDS: after SIGTERM, how long `/api/ready` says 503 before the server closes, so a balancer stops sending first. */
  drainSeconds: number;
}

export type SeedChoice = 'demo' | 'none';

function seedChoice(env: NodeJS.ProcessEnv): SeedChoice {
  const raw = env.SEED?.trim().toLowerCase() || 'demo';
  if (raw === 'demo' || raw === 'none') return raw;
  throw new Error(`SEED must be demo (the example restaurant) or none (an empty restaurant to set up), got "${env.SEED}"`);
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Stripe's API origin; tests point it at a local stand-in. */
  apiUrl: string;
  /** Where Stripe sends the diner back to (PUBLIC_URL): never a request's Host header. */
  siteUrl: string;
}

export interface PaymentConfig {
  /** The sandbox card provider lets any diner approve their own payment: a demo, never a production default. */
  sandbox: boolean;
  stripe: StripeConfig | undefined;
}

function sandboxOn(env: NodeJS.ProcessEnv): boolean {
  const raw = env.PAYMENT_SANDBOX?.trim().toLowerCase() ?? '';
  if (raw === '') return env.NODE_ENV?.trim() !== 'production';
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new Error(`PAYMENT_SANDBOX must be 1 (on) or 0 (off), got "${env.PAYMENT_SANDBOX}"`);
}

function paymentConfig(env: NodeJS.ProcessEnv, publicUrl: string | undefined): PaymentConfig {
  const secretKey = env.STRIPE_SECRET_KEY?.trim() || undefined;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || undefined;
  if (!secretKey && webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET needs STRIPE_SECRET_KEY');
  if (!secretKey || !webhookSecret) {
    if (secretKey) throw new Error('STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET: payments are confirmed by signed webhooks');
    return { sandbox: sandboxOn(env), stripe: undefined };
  }
  // A publishable key (pk_) here would fail at the first checkout; say so at boot instead.
  if (!/^(sk|rk)_(test|live)_\w+$/.test(secretKey)) throw new Error('STRIPE_SECRET_KEY must be a secret key (sk_live_…, sk_test_… or a restricted rk_… key)');
  if (!/^whsec_\w+$/.test(webhookSecret)) throw new Error('STRIPE_WEBHOOK_SECRET must be an endpoint signing secret (whsec_…)');
  if (!publicUrl) throw new Error('STRIPE_SECRET_KEY needs PUBLIC_URL: Stripe sends diners back to the shop there');
  return {
    sandbox: sandboxOn(env),
    stripe: { secretKey, webhookSecret, apiUrl: url(env, 'STRIPE_API_URL', 'https://api.stripe.com'), siteUrl: publicUrl },
  };
}

function ownerConfig(env: NodeJS.ProcessEnv): Config['owner'] {
  const email = env.OWNER_EMAIL?.trim().toLowerCase();
  const password = env.OWNER_PASSWORD ?? '';
  if (!email && !password) return undefined;
  if (!email || !isEmail(email)) throw new Error('OWNER_EMAIL must be an e-mail address (it goes with OWNER_PASSWORD)');
  if (password.length < PASSWORD_MIN) throw new Error(`OWNER_PASSWORD must be at least ${PASSWORD_MIN} characters (it goes with OWNER_EMAIL)`);
  // The owner's door opens everything: the same rule as every other new password.
  if (passwordProblem(password, { email })) throw new Error('OWNER_PASSWORD is too easy to guess (a common or breached password, or the e-mail address)');
  return { email, password };
}

function url(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const value = env[name]?.trim() || fallback;
  if (!/^https?:\/\/\S+$/.test(value)) throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  return value.replace(/\/+$/, '');
}

function socialConfig(env: NodeJS.ProcessEnv): Pick<Config, 'google' | 'facebook'> {
  const googleId = env.GOOGLE_CLIENT_ID?.trim();
  const facebookId = env.FACEBOOK_APP_ID?.trim();
  const facebookSecret = env.FACEBOOK_APP_SECRET?.trim();
  if (facebookId && !facebookSecret) throw new Error('FACEBOOK_APP_ID needs FACEBOOK_APP_SECRET: the server checks tokens with it');
  return {
    google: googleId
      ? {
          clientId: googleId,
          authUrl: url(env, 'GOOGLE_AUTH_URL', 'https://accounts.google.com/o/oauth2/v2/auth'),
          jwksUrl: url(env, 'GOOGLE_JWKS_URL', 'https://www.googleapis.com/oauth2/v3/certs'),
          issuers: (env.GOOGLE_ISSUER?.trim() || 'accounts.google.com,https://accounts.google.com').split(',').map((x) => x.trim()),
        }
      : undefined,
    facebook:
      facebookId && facebookSecret
        ? {
            appId: facebookId,
            appSecret: facebookSecret,
            authUrl: url(env, 'FACEBOOK_AUTH_URL', 'https://www.facebook.com/v19.0/dialog/oauth'),
            graphUrl: url(env, 'FACEBOOK_GRAPH_URL', 'https://graph.facebook.com/v19.0'),
          }
        : undefined,
  };
}

/** Reads the environment once at boot and refuses nonsense with a message a person can act on. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const rawPort = env.PORT?.trim() || '3000';
  const port = /^\d{1,5}$/.test(rawPort) ? Number(rawPort) : Number.NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${env.PORT}"`);
  }
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const operatorKey = env.OPERATOR_KEY?.trim() || undefined;
  if (operatorKey && operatorKey.length < 16) throw new Error('OPERATOR_KEY must be at least 16 characters');
  const publicUrl = env.PUBLIC_URL?.trim().replace(/\/+$/, '') || undefined;
  if (publicUrl && !/^https?:\/\/[^/]+$/.test(publicUrl)) {
    throw new Error('PUBLIC_URL must be an origin such as https://order.example.com');
  }
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new Error('SMTP_URL must start with smtp:// or smtps://');
  // RATE_LIMIT_SCALE since the order limits came; the older name still works.
  const rawScale = env.RATE_LIMIT_SCALE?.trim() || env.AUTH_RATE_LIMIT_SCALE?.trim() || '1';
  const rateLimitScale = /^\d{1,4}$/.test(rawScale) && Number(rawScale) >= 1 ? Number(rawScale) : Number.NaN;
  if (Number.isNaN(rateLimitScale)) throw new Error('RATE_LIMIT_SCALE must be a whole number from 1 to 9999');
  const rawMax = env.MAX_ORDER_TOTAL?.trim() || String(DEFAULT_MAX_ORDER_TOTAL_CENTS / 100);
  const maxOrderTotalCents = /^\d{1,7}(\.\d{1,2})?$/.test(rawMax) ? Math.round(Number(rawMax) * 100) : 0;
  if (maxOrderTotalCents < 100) throw new Error(`MAX_ORDER_TOTAL must be an amount such as 500 or 750.50, got "${rawMax}"`);
  const instanceName = env.INSTANCE_NAME?.trim() || undefined;
  if (instanceName && !/^[\w.-]{1,40}$/.test(instanceName)) throw new Error('INSTANCE_NAME must be 1 to 40 letters, digits, dots, dashes or underscores');
  const rawDrain = env.DRAIN_SECONDS?.trim() || '0';
  const drainSeconds = /^\d{1,3}$/.test(rawDrain) ? Number(rawDrain) : Number.NaN;
  if (Number.isNaN(drainSeconds) || drainSeconds > 120) throw new Error(`DRAIN_SECONDS must be a whole number from 0 to 120, got "${env.DRAIN_SECONDS}"`);
  return {
    port,
    instanceName,
    drainSeconds,
    operatorKey,
    publicUrl,
    smtpUrl,
    mailFrom: env.MAIL_FROM?.trim() || 'Gasthaus Lindenhof <bestellung@lindenhof.example>',
    geocoderUrl: env.GEOCODER_URL?.trim() ? url(env, 'GEOCODER_URL', '') : undefined,
    ...socialConfig(env),
    rateLimitScale,
    maxOrderTotalCents,
    trustProxy: ['1', 'true', 'yes'].includes(env.TRUST_PROXY?.trim().toLowerCase() ?? ''),
    owner: ownerConfig(env),
    payments: paymentConfig(env, publicUrl),
    branches: readBranchSetup(env),
    seed: seedChoice(env),
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir: resolve(env.DATA_DIR?.trim() || './data'),
    databaseUrl,
    clientDir: resolve(env.CLIENT_DIR?.trim() || './dist'),
    serverRender: env.SERVER_RENDER?.trim() !== '0',
  };
}

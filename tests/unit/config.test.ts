import { isAbsolute, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';

describe('readConfig defaults', () => {
  it('listens on 0.0.0.0:3000 with ./data and ./dist resolved to absolute paths and no database URL', () => {
    const config = readConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(isAbsolute(config.dataDir)).toBe(true);
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.dataDir).toBe(resolve(process.cwd(), 'data'));
    expect(config.clientDir).toBe(resolve(process.cwd(), 'dist'));
    expect(config.databaseUrl).toBeUndefined();
  });

  it('falls back to the defaults for blank HOST, DATA_DIR, CLIENT_DIR and DATABASE_URL', () => {
    const config = readConfig({ HOST: '  ', DATA_DIR: ' ', CLIENT_DIR: '', DATABASE_URL: '   ' });
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(resolve(process.cwd(), 'data'));
    expect(config.clientDir).toBe(resolve(process.cwd(), 'dist'));
    expect(config.databaseUrl).toBeUndefined();
  });
});

describe('readConfig overrides', () => {
  it('reads PORT, HOST, DATA_DIR and CLIENT_DIR', () => {
    const config = readConfig({ PORT: '8080', HOST: ' 127.0.0.1 ', DATA_DIR: '/srv/shop', CLIENT_DIR: 'public/app' });
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe('/srv/shop');
    expect(config.clientDir).toBe(resolve(process.cwd(), 'public/app'));
  });

  it('accepts the ends of the port range', () => {
    expect(readConfig({ PORT: '0' }).port).toBe(0);
    expect(readConfig({ PORT: '65535' }).port).toBe(65535);
  });
});

describe('PORT validation', () => {
  it.each(['abc', '65536', '-1', '80.5', '3000abc', 'NaN', 'Infinity'])('rejects PORT=%s naming the value', (port) => {
    expect(() => readConfig({ PORT: port })).toThrow(`PORT must be a whole number from 0 to 65535, got "${port}"`);
  });
});

describe('DATABASE_URL validation', () => {
  it('accepts postgres:// and postgresql:// URLs, trimmed', () => {
    expect(readConfig({ DATABASE_URL: 'postgres://shop:secret@db:5432/shop' }).databaseUrl).toBe(
      'postgres://shop:secret@db:5432/shop',
    );
    expect(readConfig({ DATABASE_URL: ' postgresql://db/shop ' }).databaseUrl).toBe('postgresql://db/shop');
  });

  it.each(['mysql://db/shop', 'http://db/shop', 'db:5432/shop', 'postgres:/db', 'xpostgres://db'])(
    'rejects DATABASE_URL=%s',
    (url) => {
      expect(() => readConfig({ DATABASE_URL: url })).toThrow('DATABASE_URL must start with postgres:// or postgresql://');
    },
  );
});

describe('readConfig blank values', () => {
  it('falls back to port 3000 when PORT is blank', () => {
    expect(readConfig({ PORT: '' }).port).toBe(3000);
    expect(readConfig({ PORT: '  ' }).port).toBe(3000);
  });
  it('refuses hexadecimal and exponent ports', () => {
    expect(() => readConfig({ PORT: '0x1F90' })).toThrow(/PORT/);
    expect(() => readConfig({ PORT: '1e3' })).toThrow(/PORT/);
  });
});

describe('readConfig owner', () => {
  it('takes a first owner whose password follows the rule of every new password', () => {
    expect(readConfig({ OWNER_EMAIL: ' Owner@Example.com ', OWNER_PASSWORD: 'a long password' }).owner).toEqual({
      email: 'owner@example.com',
      password: 'a long password',
    });
    for (const password of ['short', 'password1', '12345678', 'owner@example.com']) {
      expect(() => readConfig({ OWNER_EMAIL: 'owner@example.com', OWNER_PASSWORD: password }), password).toThrow(/OWNER_PASSWORD/);
    }
    expect(() => readConfig({ OWNER_EMAIL: 'owner@example.com>', OWNER_PASSWORD: 'a long password' })).toThrow(/OWNER_EMAIL/);
  });
});

describe('readConfig order limits', () => {
  it('caps one order at 500 by default and reads MAX_ORDER_TOTAL in currency units', () => {
    expect(readConfig({}).maxOrderTotalCents).toBe(50_000);
    expect(readConfig({ MAX_ORDER_TOTAL: '750.50' }).maxOrderTotalCents).toBe(75_050);
  });
  it('refuses a ceiling that is not an amount, or below 1', () => {
    for (const value of ['0', '0.5', '1e4', '-10', 'lots', '500,00']) expect(() => readConfig({ MAX_ORDER_TOTAL: value })).toThrow(/MAX_ORDER_TOTAL/);
  });
  it('scales the flood limits with RATE_LIMIT_SCALE, and still reads the older AUTH_RATE_LIMIT_SCALE', () => {
    expect(readConfig({ RATE_LIMIT_SCALE: '50' }).rateLimitScale).toBe(50);
    expect(readConfig({ AUTH_RATE_LIMIT_SCALE: '7' }).rateLimitScale).toBe(7);
  });
});

describe('readConfig payments', () => {
  const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123', PUBLIC_URL: 'https://order.example.com' };

  it('keeps the card sandbox on outside production (the npm start demo) and off in production', () => {
    expect(readConfig({}).payments).toEqual({ sandbox: true, stripe: undefined });
    expect(readConfig({ NODE_ENV: 'development' }).payments.sandbox).toBe(true);
    expect(readConfig({ NODE_ENV: 'production' }).payments.sandbox).toBe(false);
    expect(readConfig({ NODE_ENV: ' production ' }).payments.sandbox).toBe(false);
  });

  it('lets PAYMENT_SANDBOX decide either way, and refuses anything else', () => {
    expect(readConfig({ NODE_ENV: 'production', PAYMENT_SANDBOX: '1' }).payments.sandbox).toBe(true);
    expect(readConfig({ NODE_ENV: 'production', PAYMENT_SANDBOX: 'true' }).payments.sandbox).toBe(true);
    expect(readConfig({ PAYMENT_SANDBOX: '0' }).payments.sandbox).toBe(false);
    expect(readConfig({ PAYMENT_SANDBOX: 'off' }).payments.sandbox).toBe(false);
    expect(() => readConfig({ PAYMENT_SANDBOX: 'maybe' })).toThrow('PAYMENT_SANDBOX must be 1 (on) or 0 (off), got "maybe"');
  });

  it('turns Stripe on with both secrets and a public origin, at Stripe unless STRIPE_API_URL says otherwise', () => {
    expect(readConfig(STRIPE).payments.stripe).toEqual({
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_abc123',
      apiUrl: 'https://api.stripe.com',
      siteUrl: 'https://order.example.com',
    });
    expect(readConfig({ ...STRIPE, STRIPE_API_URL: 'http://127.0.0.1:4010/' }).payments.stripe?.apiUrl).toBe('http://127.0.0.1:4010');
  });

  it('refuses half or wrong Stripe settings with a message that says what to fix', () => {
    expect(() => readConfig({ STRIPE_SECRET_KEY: 'sk_test_abc123' })).toThrow(/STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET/);
    expect(() => readConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_abc123' })).toThrow(/STRIPE_WEBHOOK_SECRET needs STRIPE_SECRET_KEY/);
    expect(() => readConfig({ ...STRIPE, STRIPE_SECRET_KEY: 'pk_test_abc123' })).toThrow(/must be a secret key/);
    expect(() => readConfig({ ...STRIPE, STRIPE_WEBHOOK_SECRET: 'abc123' })).toThrow(/whsec_/);
    expect(() => readConfig({ ...STRIPE, PUBLIC_URL: '' })).toThrow(/needs PUBLIC_URL/);
    expect(() => readConfig({ ...STRIPE, STRIPE_API_URL: 'ftp://x' })).toThrow(/STRIPE_API_URL must be an http\(s\) URL/);
  });
});

describe('readConfig for several processes', () => {
  it('reads INSTANCE_NAME and DRAIN_SECONDS, off by default', () => {
    expect(readConfig({}).instanceName).toBeUndefined();
    expect(readConfig({}).drainSeconds).toBe(0);
    const config = readConfig({ INSTANCE_NAME: ' app2 ', DRAIN_SECONDS: '5' });
    expect(config.instanceName).toBe('app2');
    expect(config.drainSeconds).toBe(5);
  });

  it('refuses a name that would not be a clean header value and a drain beyond two minutes', () => {
    expect(() => readConfig({ INSTANCE_NAME: 'app 2\r\nx: y' })).toThrow(/INSTANCE_NAME/);
    expect(() => readConfig({ DRAIN_SECONDS: '121' })).toThrow(/DRAIN_SECONDS/);
    expect(() => readConfig({ DRAIN_SECONDS: 'soon' })).toThrow(/DRAIN_SECONDS/);
  });
});

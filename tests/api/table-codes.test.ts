/**
 * Table codes cannot be guessed: they are long (60 random bits), and each client address may miss
 * only a few times before every lookup, even of a right code, waits (src/server/tables/lookup-limits.ts).
 */
import { describe, expect, it } from 'vitest';
import { restaurant } from '../../src/server/db/seed/data';
import { TABLE_LOOKUP_LIMITS } from '../../src/server/tables/lookup-limits';
import { canonicalTableCode, newTableCode } from '../../src/server/tables/sessions';
import { freshAddress } from './account-helpers';
import { call } from './checkout-helpers';
import { backends, useTestApp } from './harness';

const CODE_FORMAT = /^T\d{2}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/;

describe('table codes', () => {
  it('are the table number and 12 characters of Crockford base 32, never twice the same', () => {
    const codes = Array.from({ length: 500 }, (_, i) => newTableCode((i % 99) + 1));
    for (const code of codes) expect(code).toMatch(CODE_FORMAT);
    expect(new Set(codes).size).toBe(codes.length);
    for (const table of restaurant.tables) expect(table.code).toMatch(CODE_FORMAT);
  });

  it('compare as a person types them: case, spaces, dashes, O for 0 and I or L for 1 do not matter', () => {
    expect(canonicalTableCode('t03 znbo-3rh6 48wa')).toBe(canonicalTableCode('T03-ZNB0-3RH6-48WA'));
    expect(canonicalTableCode('T1I-L')).toBe('T111');
  });
});

describe.each(backends())('table lookups on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  const scan = (code: string, ip: string) => call<{ data: { table: { code: string } } }>(app(), 'GET', `/api/tables/${encodeURIComponent(code)}`, { remoteAddress: ip });

  it('finds a printed code typed by hand', async () => {
    const res = await scan('t03 znbo 3rh6 48wa', freshAddress());
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.table.code).toBe('T03-ZNB0-3RH6-48WA');
  });

  it('lets one address miss 20 times in 15 minutes, then answers 429 even to a right code', async () => {
    expect(TABLE_LOOKUP_LIMITS.missesPerAddress).toEqual({ limit: 20, windowSeconds: 900 });
    const ip = freshAddress();
    for (let i = 0; i < 20; i++) expect((await scan(`T03-AAAA-AAAA-AA${String(i).padStart(2, '0')}`, ip)).status).toBe(404);
    const right = await scan('T03-ZNB0-3RH6-48WA', ip);
    expect(right.status, right.text).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(800);
    // The QR image answers 404 for unknown codes too: it is no way around the limit.
    expect((await call(app(), 'GET', '/api/tables/T03-ZNB0-3RH6-48WA/qr.svg', { remoteAddress: ip })).status).toBe(429);
    // Diners elsewhere are not affected.
    expect((await scan('T03-ZNB0-3RH6-48WA', freshAddress())).status).toBe(200);
  });

  it('never counts a right scan as a miss: a full dining room on one Wi-Fi keeps scanning', async () => {
    const ip = freshAddress();
    for (let i = 0; i < 40; i++) expect((await scan('T04-W8Q8-THGC-S75J', ip)).status).toBe(200);
    expect((await scan('T04-0000-0000-0000', ip)).status).toBe(404);
    expect((await scan('T04-W8Q8-THGC-S75J', ip)).status).toBe(200);
  });
});

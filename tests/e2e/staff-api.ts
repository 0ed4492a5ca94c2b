import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_OWNER } from '../../playwright.config';
import { WEEKDAYS } from '../../src/shared/contract/catalog';
import type { HoursAdmin } from '../../src/shared/contract/hours-admin';

/** The staff API as the owner, through Playwright's request context (anti-forgery pair included), for set-up and clean-up. */
export async function ownerApi(request: APIRequestContext) {
  await request.get('/api/health');
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const login = await request.post('/api/staff/login', { headers: { 'x-xsrf-token': xsrf }, data: E2E_OWNER });
  expect(login.status()).toBe(200);
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf, 'accept-language': 'de' };
  return async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<T> => {
    const res = await request.fetch(`/api/staff${path}`, { method, headers, data });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return ((await res.json()) as { data: T }).data;
  };
}

/** Runs `journey` with the restaurant closed around the clock, whatever the hour of the run; the week's hours go back after. */
export async function whileClosedAllWeek(request: APIRequestContext, journey: () => Promise<void>): Promise<void> {
  const owner = await ownerApi(request);
  const original = (await owner<HoursAdmin>('GET', '/hours')).week;
  await owner('PUT', '/hours/week', Object.fromEntries(WEEKDAYS.map((d) => [d, []])));
  try {
    await journey();
  } finally {
    await owner('PUT', '/hours/week', original);
  }
}

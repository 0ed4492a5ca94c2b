import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/chromium-flags';

/** A port of our own: something else may already listen on Vite's preview port (STACK.md). */
const PORT = Number(process.env.E2E_PORT ?? 3999);
/** One data folder per port, so two runs on one machine never share a database. */
const E2E_DATA = PORT === 3999 ? '.e2e-data' : `.e2e-data-${PORT}`;
/** Opens the operator API of the test server, so tests can count what reached the restaurant. */
export const E2E_OPERATOR_KEY = 'e2e-operator-key-0123456789';
/** The first owner of the test server's staff side (created at start from OWNER_EMAIL / OWNER_PASSWORD). */
export const E2E_OWNER = { email: 'owner@lindenhof.example', password: 'e2e-owner-password' };
/** The stand-in Google/Facebook the app signs in with during the run (scripts/stand-in-idp.ts). */
export const IDP_PORT = Number(process.env.E2E_IDP_PORT ?? 4001);
const IDP = `http://127.0.0.1:${IDP_PORT}`;
/** The stand-in Stripe the app takes card payments through during the run (scripts/stand-in-stripe.ts). */
export const STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? 4005);
const STRIPE_KEYS = { STRIPE_SECRET_KEY: 'sk_test_e2e_standin_0123456789', STRIPE_WEBHOOK_SECRET: 'whsec_e2e_standin_0123456789abcdef' };
/**
 * Branches (tests/e2e/branches.spec.ts, decision 017): a hub and one branch, each its own server
 * and database, on ports derived from PORT so parallel runs never collide, and on two different
 * origins (127.0.0.1 and localhost), as two hosts would be.
 */
export const BRANCH_HUB = `http://127.0.0.1:${PORT + 20}`;
export const BRANCH_EPPENDORF = `http://localhost:${PORT + 21}`;
const BRANCHES_ENV = {
  BRANCHES: JSON.stringify([
    { name: 'Lindenhof Altona', url: BRANCH_HUB },
    { name: 'Lindenhof Eppendorf', url: BRANCH_EPPENDORF },
  ]),
  HUB_URL: BRANCH_HUB,
};
/** One branch server: the built app on a fresh database of its own. */
function branchServer(port: number, extra: Record<string, string>) {
  const data = `.e2e-data-branch-${port}`;
  return {
    command: `node -e "require('fs').rmSync('${data}',{recursive:true,force:true})" && npx tsx src/server/serve.ts`,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: data, LOG_LEVEL: 'warn', OPERATOR_KEY: E2E_OPERATOR_KEY, RATE_LIMIT_SCALE: '50', ...BRANCHES_ENV, ...extra },
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
  };
}
/**
 * A restaurant on a new, empty database (SEED=none, decision 025): the owner sets it up through the
 * back office alone (tests/e2e/empty-restaurant.spec.ts).
 */
export const EMPTY_RESTAURANT = `http://127.0.0.1:${PORT + 22}`;
const emptyRestaurantData = `.e2e-data-empty-${PORT + 22}`;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'de-DE',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'], browserName: 'chromium', locale: 'de-DE' } },
  ],
  webServer: [
    {
      command: 'npx tsx scripts/stand-in-idp.ts',
      env: { PORT: String(IDP_PORT), HOST: '127.0.0.1' },
      url: `${IDP}/google/jwks`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: 'npx tsx scripts/stand-in-stripe.ts',
      env: { PORT: String(STRIPE_PORT), HOST: '127.0.0.1', WEBHOOK_URL: `http://127.0.0.1:${PORT}/api/payments/stripe/webhook`, ...STRIPE_KEYS },
      port: STRIPE_PORT,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // The built app served by our own server on a fresh embedded database.
      command: `node -e "require('fs').rmSync('${E2E_DATA}',{recursive:true,force:true})" && npx tsx src/server/serve.ts`,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: E2E_DATA,
        LOG_LEVEL: 'warn',
        OPERATOR_KEY: E2E_OPERATOR_KEY,
        OWNER_EMAIL: E2E_OWNER.email,
        OWNER_PASSWORD: E2E_OWNER.password,
        // Every test signs up and orders from 127.0.0.1: the per-address limits would stop the run, not a person.
        RATE_LIMIT_SCALE: '50',
        GOOGLE_CLIENT_ID: 'stand-in-google-client',
        GOOGLE_AUTH_URL: `${IDP}/google/authorize`,
        GOOGLE_JWKS_URL: `${IDP}/google/jwks`,
        GOOGLE_ISSUER: IDP,
        FACEBOOK_APP_ID: 'stand-in-facebook-app',
        FACEBOOK_APP_SECRET: 'stand-in-facebook-secret',
        FACEBOOK_AUTH_URL: `${IDP}/facebook/dialog/oauth`,
        FACEBOOK_GRAPH_URL: `${IDP}/facebook`,
        // Card payments through the stand-in Stripe, beside the demo's test-payment sandbox.
        ...STRIPE_KEYS,
        STRIPE_API_URL: `http://127.0.0.1:${STRIPE_PORT}`,
        PUBLIC_URL: `http://127.0.0.1:${PORT}`,
        // `SERVER_RENDER=0 npx playwright test` runs the journeys on the outline instead (decision 045).
        ...(process.env.SERVER_RENDER ? { SERVER_RENDER: process.env.SERVER_RENDER } : {}),
      },
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: `node -e "require('fs').rmSync('${emptyRestaurantData}',{recursive:true,force:true})" && npx tsx src/server/serve.ts`,
      env: {
        PORT: String(PORT + 22),
        HOST: '127.0.0.1',
        DATA_DIR: emptyRestaurantData,
        LOG_LEVEL: 'warn',
        SEED: 'none',
        OWNER_EMAIL: E2E_OWNER.email,
        OWNER_PASSWORD: E2E_OWNER.password,
        RATE_LIMIT_SCALE: '50',
        PUBLIC_URL: EMPTY_RESTAURANT,
      },
      url: `${EMPTY_RESTAURANT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
    branchServer(PORT + 20, { PUBLIC_URL: BRANCH_HUB }),
    branchServer(PORT + 21, { PUBLIC_URL: BRANCH_EPPENDORF, BRANCH_URL: BRANCH_EPPENDORF }),
  ],
});

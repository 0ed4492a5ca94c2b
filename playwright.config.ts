import { defineConfig, devices } from '@playwright/test';

/** A port of our own: something else may already listen on Vite's preview port (STACK.md). */
const PORT = Number(process.env.E2E_PORT ?? 3999);
/** Opens the operator API of the test server, so tests can count what reached the restaurant. */
export const E2E_OPERATOR_KEY = 'e2e-operator-key-0123456789';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

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
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'], browserName: 'chromium', locale: 'de-DE' } },
  ],
  webServer: {
    // The built app served by our own server on a fresh embedded database.
    command: `node -e "require('fs').rmSync('.e2e-data',{recursive:true,force:true})" && npx tsx src/server/serve.ts`,
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: '.e2e-data', LOG_LEVEL: 'warn', OPERATOR_KEY: E2E_OPERATOR_KEY },
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});

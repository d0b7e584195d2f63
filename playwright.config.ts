import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './scripts/chromium';

/**
 * Browser tests in Debian's Chromium (apt package `chromium`); Playwright never downloads a
 * browser here. `npm test` starts the portal and passes API_ORIGIN; run alone, Playwright starts
 * a throw-away portal itself (after `npm run build`).
 */
const origin = process.env.API_ORIGIN ?? `http://localhost:${process.env.TEST_PORT ?? 3100}`;

export default defineConfig({
  testDir: 'test/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: origin,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  webServer: process.env.API_ORIGIN
    ? undefined
    : { command: 'npx tsx scripts/test-portal.ts', url: `${origin}/api/v1/admin/now`, reuseExistingServer: false, timeout: 60_000 },
});

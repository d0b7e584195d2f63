import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './scripts/chromium';

/**
 * Browser tests in Debian's Chromium (apt package `chromium`); Playwright never downloads a
 * browser here. `npm test` starts the portal and passes API_ORIGIN; run alone, Playwright starts
 * a throw-away portal itself (after `npm run build`).
 */
const programmeJourneys = /\/programme[\w-]*\.spec\.ts$/;
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
    // A trace records every step's DOM and screenshots while the test runs: about a fifth of the
    // browser run's time on two cores. `npm test` turns it off (its failures are read from the log);
    // a file run alone keeps the trace of a failure.
    trace: process.env.PLAYWRIGHT_TRACE === 'off' ? 'off' : 'retain-on-failure',
    // Composited and rasterised in software without the GPU process (SwiftShader's GL emulation
    // cost a tenth of the run's time); pages and screenshots render the same.
    launchOptions: { executablePath: chromiumPath, args: [...chromiumArgs, '--disable-gpu-compositing', '--disable-software-rasterizer'] },
  },
  projects: [
    { name: 'portal', testIgnore: programmeJourneys },
    // The programme is one draft for the whole portal: the journeys that build and publish it
    // (test/e2e/programme*.spec.ts) run one at a time, beside the other tests.
    { name: 'programme', testMatch: programmeJourneys, workers: 1, fullyParallel: false },
  ],
  webServer: process.env.API_ORIGIN
    ? undefined
    : { command: 'npx tsx scripts/test-portal.ts', url: `${origin}/api/v1/admin/now`, reuseExistingServer: false, timeout: 60_000 },
});

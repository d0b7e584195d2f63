import { defineConfig } from 'vitest/config';

/**
 * Vitest projects mirroring the source tree:
 *   unit   domain, config, content and web helpers (no I/O, fixed clocks)
 *   infra  CDK template assertions (offline; AWS_REGION is set here)
 *   api    handlers through the local server against the local stand-ins; the global setup
 *          starts a throw-away portal unless API_ORIGIN points at one (npm test does that)
 *   local  the local stand-ins themselves (the local Stripe through the real SDK), on ephemeral ports
 *   fuzz   the hostile-input suite (test/fuzz): generated requests over every route, same portal;
 *          it runs after the other projects (groupOrder) so it neither slows nor throttles them
 *   checkin the model-based test of the doors' offline sync (test/checkin): generated programs of
 *          devices going offline and online, scans, revocations and batches sent again, same portal
 *   money  the model-based money test (test/money): generated concurrent programs of orders,
 *          payments, webhooks, transfers, office actions and refunds, checked against the money
 *          invariants; same portal, last and alone (it pauses the local Stripe's deliveries)
 * Browser journeys are Playwright tests (test/e2e, playwright.config.ts).
 */
export default defineConfig({
  test: {
    // Two files at a time (vitest's default on a 2-core machine is one): the api files mostly wait
    // for the shared portal, and the api project takes about 270 s instead of 430 s. One setting
    // for every project: projects of one group order must agree on it.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['test/unit/setup.ts'],
          environment: 'node',
          // Handlers refuse requests without CloudFront's secret header: unit events carry this one.
          // TEST_SCRYPT_LOG2N empty: the unit tests check the real password work, also when a portal
          // started by this run's global setup has set the cheaper one in this process.
          env: { LOG_LEVEL: 'SILENT', ORIGIN_VERIFY: 'unit-test-origin-secret', TEST_SCRYPT_LOG2N: '' },
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          env: { AWS_REGION: 'us-east-1', CDK_DISABLE_CLI_TELEMETRY: 'true' },
          testTimeout: 120_000,
          // The stacks are synthesized in beforeAll: ~6 s alone, over 10 s on a busy machine.
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['test/api/**/*.test.ts'],
          globalSetup: ['test/api/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'local',
          include: ['test/local/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'checkin',
          include: ['test/checkin/**/*.test.ts'],
          globalSetup: ['test/api/global-setup.ts'],
          testTimeout: 600_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'fuzz',
          include: ['test/fuzz/**/*.test.ts'],
          globalSetup: ['test/api/global-setup.ts'],
          sequence: { groupOrder: 1 },
          testTimeout: 600_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'money',
          include: ['test/money/**/*.test.ts'],
          globalSetup: ['test/api/global-setup.ts'],
          sequence: { groupOrder: 2 },
          testTimeout: 600_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

/**
 * Three vitest projects mirroring the source tree:
 *   unit   domain, config, content and web helpers (no I/O, fixed clocks)
 *   infra  CDK template assertions (offline; AWS_REGION is set here)
 *   api    handlers through the local server against the local stand-ins; the global setup
 *          starts a throw-away portal unless API_ORIGIN points at one (npm test does that)
 * Browser journeys are Playwright tests (test/e2e, playwright.config.ts).
 */
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          env: { LOG_LEVEL: 'SILENT' },
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          env: { AWS_REGION: 'us-east-1', CDK_DISABLE_CLI_TELEMETRY: 'true' },
          testTimeout: 120_000,
          // The stacks are synthesized once in beforeAll: seconds on a quiet machine, more on a busy one.
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
    ],
  },
});

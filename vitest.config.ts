import { defineConfig } from 'vitest/config';

/**
 * Three runners over one config: `unit` (pure code), `api` (Fastify against a real embedded
 * PostgreSQL, one database per test file) and `e2e` (Debian's chromium against the built app).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.unit.test.ts',
            'apps/server/test/**/*.unit.test.ts',
            'apps/web/src/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts'],
          exclude: ['apps/server/src/**/*.unit.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          setupFiles: ['e2e/support/on-failure.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A journey that fails is tried once more; one that passes only then is named in the
          // test summary as flaky (scripts/flaky-reporter.mjs), and its first failure is described
          // with a screenshot (support/on-failure.ts).
          retry: 1,
          // What a person waits to see after a navigation (a full page load, a toast) on a busy
          // 2-core machine: a second (vitest's default) is sometimes not enough.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});

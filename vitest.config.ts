import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    // Tests of what instances share through Redis run where there is one (the PostgreSQL tier in CI).
    exclude: ['**/node_modules/**', ...(process.env.REDIS_URL ? [] : ['**/*.redis.test.ts'])],
    environment: 'node',
    globalSetup: ['apps/server/test/helpers/pglite-template.ts'],
    // Each API suite opens its own database; two workers fit the two cores.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

import { defineConfig } from 'vitest/config';

const API_SUITES = 'apps/server/test/**/*.test.ts';

export default defineConfig({
  test: {
    // Tests of what instances share through Redis run where there is one (the PostgreSQL tier in CI).
    exclude: ['**/node_modules/**', ...(process.env.REDIS_URL ? [] : ['**/*.redis.test.ts'])],
    environment: 'node',
    // Each API suite opens its own database; two workers fit the two cores.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        // Every API suite builds its own app, database and Redis prefix and mocks no module, so
        // one process runs many: the service's modules load once per worker rather than once per
        // file (about 1.7 s each, most of the tier's time when every file had a process of its own).
        test: { name: 'api', include: [API_SUITES], isolate: false, globalSetup: ['apps/server/test/helpers/pglite-template.ts'] },
      },
      {
        extends: true,
        test: { name: 'unit', include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.ts', 'scripts/**/*.test.ts'] },
      },
    ],
  },
});

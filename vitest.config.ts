import { defineConfig } from 'vitest/config';

const apiProject = (engine: 'embedded' | 'postgres') => ({
  test: {
    name: `api-${engine}`,
    include: ['api/src/**/*.test.ts', 'db/src/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB_ENGINE: engine },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

/**
 * Unit tests once; API tests on the embedded database always, and again on PostgreSQL when
 * DATABASE_URL names a server (each test file gets its own fresh database there).
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['shared/src/**/*.test.ts', 'web/src/**/*.test.ts'], environment: 'node' } },
      apiProject('embedded'),
      ...(process.env.DATABASE_URL ? [apiProject('postgres')] : []),
    ],
  },
});

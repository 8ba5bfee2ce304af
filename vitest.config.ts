import os from 'node:os';
import { defineConfig } from 'vitest/config';

const apiProject = (engine: 'embedded' | 'postgres') => ({
  test: {
    name: `api-${engine}`,
    include: ['api/src/**/*.test.ts', 'db/src/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB_ENGINE: engine },
    // PostgreSQL: one migrated template per run, each test database a copy of it.
    ...(engine === 'postgres' ? { globalSetup: ['api/src/test/postgres-global-setup.ts'] } : {}),
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

/**
 * Unit tests once; API tests on the embedded database always, and on PostgreSQL when DATABASE_URL
 * names a server (each test file gets its own database there, copied from a migrated template).
 * `pnpm test` (tests/run-all.ts) runs each project as a stage of its own.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on CI's 2 cores. The API tests
    // spend much of their time waiting (on PostgreSQL, on timers, on child processes), so two
    // workers on two cores keep both busy.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      { test: { name: 'unit', include: ['shared/src/**/*.test.ts', 'web/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'components',
          include: ['web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['web/src/test/component-setup.ts'],
        },
      },
      apiProject('embedded'),
      ...(process.env.DATABASE_URL ? [apiProject('postgres')] : []),
    ],
  },
});

import type { TestProject } from 'vitest/node';
import { createMigratedTemplate, dropRunDatabases, newTestRunId } from '@ledgerwell/db/test-databases';

/**
 * Once per run of the PostgreSQL API tests: migrate one template database, which every test database
 * is then copied from (CREATE DATABASE … TEMPLATE: about 0.1 s, against about 1 s to create and migrate).
 * At the end, every database of the run is dropped, unless `pnpm test` (tests/run-all.ts) said it drops
 * them itself (LW_TEST_DROP_LATER=1): each DROP DATABASE waits for a checkpoint, about a second, so it
 * drops them in the background while the browser tests run.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('The api-postgres project needs DATABASE_URL');
  const run = process.env.LW_TEST_RUN || newTestRunId();
  const template = await createMigratedTemplate(serverUrl, run);
  project.provide('postgresRun', run);
  project.provide('postgresTemplate', template);
  return async () => {
    if (process.env.LW_TEST_DROP_LATER === '1') return;
    await dropRunDatabases(serverUrl, run, ['tpl', 'test']);
  };
}

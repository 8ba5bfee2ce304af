import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's id: every database it makes on the server carries it (db/src/test-databases.ts). */
    postgresRun: string;
    /** The run's migrated template database, which each test database is copied from. */
    postgresTemplate: string;
  }
}

/** The run and template that the PostgreSQL project's global setup made (postgres-global-setup.ts). */
export function postgresRun(): { run: string; template: string } {
  const run = inject('postgresRun');
  const template = inject('postgresTemplate');
  if (!run || !template)
    throw new Error('PostgreSQL API tests need the api-postgres project global setup (vitest.config.ts)');
  return { run, template };
}

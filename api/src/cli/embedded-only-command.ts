import type { AppConfig } from '../config/env';
import { loadConfigOrExit } from '../config/env';
import { POSTGRES_BACKUP_ADVICE } from '../features/backup/postgres-advice';

/**
 * The start `db:backup` and `db:restore` share: their parsed arguments (exit code 2 when wrong) and
 * the configuration, which must be the embedded database's (exit code 1 with DATABASE_URL, after
 * saying which tools back up PostgreSQL). Either the arguments and configuration, or the exit code.
 */
export function startEmbeddedOnlyCommand<A extends object>(
  parsed: A | { error: string },
): { args: A; config: AppConfig } | number {
  if ('error' in parsed) {
    console.error(parsed.error);
    return 2;
  }
  const config = loadConfigOrExit();
  if (config.DATABASE_URL) {
    console.error(POSTGRES_BACKUP_ADVICE);
    return 1;
  }
  return { args: parsed, config };
}

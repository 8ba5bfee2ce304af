// The part every maintenance command (`pnpm admin:…`) shares: it opens the database the environment
// names, but never the embedded one while the server holds it, and prints one line saying what it did.
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, type Db } from '@ledgerwell/db/client';
import { loadConfigOrExit } from '../config/env';

/** The embedded database belongs to one process: PGlite leaves postmaster.pid in its folder while it is open. */
export function embeddedDatabaseInUse(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'pgdata', 'postmaster.pid'));
}

export interface CliDatabaseOptions {
  /** --force: open the embedded database although its lock file is there (a server that stopped without closing it). */
  force: boolean;
  /** Said after 'Stop the server first, then run this command again' when the embedded database is locked. */
  afterStopping?: string;
  /** The exit code when the work fails (0 when it works, 1 when the database is locked). */
  failureCode: number;
}

/**
 * Opens and migrates the database, runs the work on it, prints its message (on stderr when it failed)
 * with the engine's name, and closes it. The process's exit code.
 */
export async function withCliDatabase(
  options: CliDatabaseOptions,
  work: (db: Db) => Promise<{ ok: boolean; message: string }>,
): Promise<number> {
  const config = loadConfigOrExit();
  if (!config.DATABASE_URL && embeddedDatabaseInUse(config.dataDir) && !options.force) {
    console.error(
      [
        `The embedded database under ${config.dataDir} is locked: the server (or another command) has it open.`,
        `Stop the server first, then run this command again${options.afterStopping ?? ''}.`,
        'If no server is running (it stopped without closing the database), run it again with --force.',
      ].join('\n'),
    );
    return 1;
  }
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir, poolSize: 1 });
  try {
    await database.migrate();
    const result = await work(database.db);
    (result.ok ? console.log : console.error)(`${result.message} (${database.engine} database)`);
    return result.ok ? 0 : options.failureCode;
  } finally {
    await database.close();
  }
}

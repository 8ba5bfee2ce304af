// `pnpm admin:reset-mfa <username> [--force]`: the way back in for an admin who lost every second
// factor, the last SUPER_ADMIN included (nobody is left to reset it from User Management). Removes the
// user's authenticator app, passkeys and recovery codes and ends their sessions in the database the
// environment names, recorded in the activity log with the system as the actor; the user signs in
// with the password and, when the role requires it, sets up a new factor.
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import { adminUsers } from '@ledgerwell/db/schema';
import { systemClock, type Clock } from '../lib/clock';
import { resetSecondFactor } from '../features/admin-users/reset-mfa';
import { withCliDatabase } from './with-cli-database';

export const USAGE = 'Usage: pnpm admin:reset-mfa <username> [--force]';
const CLI_ACTOR = { id: null, username: 'system' };
const USERNAME_MAX_LENGTH = 100;

/** The command line, or a message saying what is wrong with it. */
export function parseResetMfaArgs(argv: readonly string[]): { username: string; force: boolean } | { error: string } {
  let username: string | undefined;
  let force = false;
  for (const arg of argv) {
    if (arg === '--force') force = true;
    else if (arg === '--') continue;
    else if (arg.startsWith('--')) return { error: `Unknown option ${arg}. ${USAGE}` };
    else if (username === undefined) username = arg.trim();
    else return { error: `One username at a time. ${USAGE}` };
  }
  if (!username) return { error: `A username is required. ${USAGE}` };
  return { username, force };
}

/** Resets the user's second factor; the message to print, and whether it worked. */
export async function resetMfaFromShell(
  db: Db,
  clock: Clock,
  username: string,
): Promise<{ ok: boolean; message: string }> {
  const unknown = {
    ok: false,
    message: `No admin user is named ${JSON.stringify(username.slice(0, USERNAME_MAX_LENGTH))}.`,
  };
  if (username.length > USERNAME_MAX_LENGTH) return unknown;
  // Usernames are unique without regard to case (their index is on lower(username)).
  const [user] = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(sql`lower(${adminUsers.username}) = lower(${username})`)
    .limit(1);
  if (!user) return unknown;
  const result = await resetSecondFactor(db, clock, CLI_ACTOR, user.id, null);
  const sessions = result.endedSessions === 1 ? '1 session' : `${result.endedSessions} sessions`;
  return {
    ok: true,
    message: `Removed every second factor of ${result.username} and ended ${sessions}. They sign in with their password and set up a new factor if their role requires one.`,
  };
}

async function main(): Promise<number> {
  const args = parseResetMfaArgs(process.argv.slice(2));
  if ('error' in args) {
    console.error(args.error);
    return 2;
  }
  return withCliDatabase({ force: args.force, failureCode: 1 }, (db) =>
    resetMfaFromShell(db, systemClock, args.username),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main();
}

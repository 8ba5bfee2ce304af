// `pnpm admin:ip-allow <address-or-cidr> [--description "…"] [--force]`: the way back in when the
// admin IP whitelist shuts everyone out. Adds an active rule with no expiry (or reactivates the
// existing rule for that address) in the database the environment names, recorded in the activity
// log with the system as the actor.
import { pathToFileURL } from 'node:url';
import type { Db } from '@ledgerwell/db/client';
import { IP_RULE_MESSAGES, normalizeIpRule } from '@ledgerwell/shared/ip-rules';
import { allowAddress } from '../features/ip-whitelist/rules';
import { withCliDatabase } from './with-cli-database';

export const USAGE = 'Usage: pnpm admin:ip-allow <address-or-cidr> [--description "why"] [--force]';
const DEFAULT_DESCRIPTION = 'Added from the command line (pnpm admin:ip-allow)';

export interface IpAllowArgs {
  address: string;
  description: string;
  force: boolean;
}

/** The command line, or a message saying what is wrong with it. */
export function parseIpAllowArgs(argv: readonly string[]): IpAllowArgs | { error: string } {
  let address: string | undefined;
  let description = DEFAULT_DESCRIPTION;
  let force = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--force') force = true;
    else if (arg === '--description') {
      const value = argv[++i]?.trim();
      if (!value) return { error: `--description needs a text. ${USAGE}` };
      description = value.slice(0, 500);
    } else if (arg === '--') continue;
    else if (arg.startsWith('--')) return { error: `Unknown option ${arg}. ${USAGE}` };
    else if (address === undefined) address = arg;
    else return { error: `One address at a time. ${USAGE}` };
  }
  if (address === undefined) return { error: `${IP_RULE_MESSAGES.ipRequired}. ${USAGE}` };
  return { address, description, force };
}

/** Adds the rule; the message to print, and whether it worked. */
export async function ipAllow(
  db: Db,
  now: Date,
  args: Pick<IpAllowArgs, 'address' | 'description'>,
): Promise<{ ok: boolean; message: string }> {
  const normalized = normalizeIpRule(args.address);
  if (!normalized) return { ok: false, message: IP_RULE_MESSAGES.ipInvalid };
  const { rule, created } = await allowAddress(db, now, normalized, args.description);
  return {
    ok: true,
    message: created
      ? `Added an active IP rule for ${rule.ipAddress}: admin access is allowed from it now.`
      : `The IP rule for ${rule.ipAddress} already existed; it is active again, with no expiry.`,
  };
}

async function main(): Promise<number> {
  const args = parseIpAllowArgs(process.argv.slice(2));
  if ('error' in args) {
    console.error(args.error);
    return 2;
  }
  return withCliDatabase(
    { force: args.force, afterStopping: '; the rule applies as soon as the server starts', failureCode: 2 },
    (db) => ipAllow(db, new Date(), args),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main();
}

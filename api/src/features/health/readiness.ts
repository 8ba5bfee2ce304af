import { pendingMigrations } from '@ledgerwell/db/migration-status';
import type { AppDeps } from '../../lib/context';

export type Readiness = { ready: true } | { ready: false; reason: string; error?: unknown };

/** Whether this process should receive traffic; the reason when not, for the operator reading the probe. */
export async function readiness(deps: Pick<AppDeps, 'db' | 'lifecycle'>): Promise<Readiness> {
  if (deps.lifecycle?.closing) return { ready: false, reason: 'shutting down' };
  let pending: string[];
  try {
    // One round trip answers both: the database is reachable, and which migrations it has.
    pending = await pendingMigrations(deps.db);
  } catch (error) {
    return { ready: false, reason: 'database unreachable', error };
  }
  if (pending.length > 0) return { ready: false, reason: `migrations not applied: ${pending.join(', ')}` };
  return { ready: true };
}

import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { appSecrets } from '@ledgerwell/db/schema';
import { VERIFICATION_CODE_TTL_MS } from '@ledgerwell/shared/portal-requests';
import type { AppDeps } from './context';

/*
 * Older versions generated their keys into `app_secrets`, so a database dump held both the stored
 * hashes and the key behind them. Keys now derive from ENCRYPTION_KEY (FieldCipher.deriveKey); what
 * is left in the table is read only while values made with it can still be alive, then deleted.
 */

/**
 * Rows nothing reads any more: deleted at the next sweep. A CSRF token signed with the old key is
 * refused (the web client fetches a new one); an open proof-of-work challenge is asked again.
 */
const UNUSED_SECRETS = ['csrf-signing-key', 'altcha-hmac-key'];

/** The old verification-code key: codes hashed with it stay valid for their 24 hours. */
export const LEGACY_CODE_KEY_NAME = 'verification-code-key';

/**
 * How long after this version first started the old code key is kept: a code's lifetime, plus an
 * hour for processes of the previous version that still issue codes during a rolling start.
 */
export const LEGACY_CODE_KEY_LIFETIME_MS = VERIFICATION_CODE_TTL_MS + 60 * 60 * 1000;

/**
 * Run at start and hourly, by every process: stamps the old code key with the moment this version
 * first saw it (once), deletes it when that moment is LEGACY_CODE_KEY_LIFETIME_MS past, and deletes
 * unused rows at once. Returns the names it deleted.
 */
export async function retireAppSecrets(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<string[]> {
  const now = deps.clock.now();
  await deps.db
    .update(appSecrets)
    .set({ supersededAt: now })
    .where(and(eq(appSecrets.name, LEGACY_CODE_KEY_NAME), isNull(appSecrets.supersededAt)));
  const deleted = await deps.db
    .delete(appSecrets)
    .where(
      or(
        inArray(appSecrets.name, UNUSED_SECRETS),
        and(
          eq(appSecrets.name, LEGACY_CODE_KEY_NAME),
          lte(appSecrets.supersededAt, new Date(now.getTime() - LEGACY_CODE_KEY_LIFETIME_MS)),
        ),
      ),
    )
    .returning({ name: appSecrets.name });
  return deleted.map((row) => row.name);
}

/**
 * The old verification-code key while codes hashed with it may still be alive, else null. Read on
 * every code check (a primary-key read), so its deletion takes effect in every process at once.
 */
export async function legacyVerificationCodeKey(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<Buffer | null> {
  const [row] = await deps.db
    .select({ value: appSecrets.value, supersededAt: appSecrets.supersededAt })
    .from(appSecrets)
    .where(eq(appSecrets.name, LEGACY_CODE_KEY_NAME));
  if (!row) return null;
  if (row.supersededAt && row.supersededAt.getTime() + LEGACY_CODE_KEY_LIFETIME_MS <= deps.clock.now().getTime())
    return null;
  return Buffer.from(row.value, 'base64');
}

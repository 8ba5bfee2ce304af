import { sql } from 'drizzle-orm';
import { issuerOnboardingSessions } from '@ledgerwell/db/schema';
import { ONBOARDING_MESSAGES } from '@ledgerwell/shared/issuer-onboarding';
import { guardAttempt } from '../../lib/attempt-guard';
import { throttleAddress } from '../../lib/client-address';
import type { AppDeps, RequestMeta } from '../../lib/context';

/** A wizard opens once per visit and page load: 60 an hour from one address is plenty for people. */
export const START_MAX_PER_IP = 60;
export const START_WINDOW_MS = 60 * 60 * 1000;

/**
 * Records that a wizard opened under `sessionToken`: a new row, or the last time seen on the known
 * one (the address and browser it started from are kept). A flood limit per address, plain 429.
 */
export async function startOnboardingSession(deps: AppDeps, sessionToken: string, meta: RequestMeta): Promise<void> {
  await guardAttempt(
    deps,
    [
      {
        key: `onboarding-start:ip:${throttleAddress(meta.ip)}`,
        limit: START_MAX_PER_IP,
        windowMs: START_WINDOW_MS,
        message: ONBOARDING_MESSAGES.tooManyStarts,
      },
    ],
    { pastLimit: 'refuse' },
  );
  const now = deps.clock.now();
  await deps.db
    .insert(issuerOnboardingSessions)
    .values({ sessionToken, ipAddress: meta.ip, userAgent: meta.userAgent, createdAt: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: issuerOnboardingSessions.sessionToken,
      set: { lastSeenAt: sql`excluded.last_seen_at` },
    });
}

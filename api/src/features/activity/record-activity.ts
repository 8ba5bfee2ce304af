import type { Db } from '@ledgerwell/db/client';
import { adminActivity } from '@ledgerwell/db/schema';
import type { ActivityAction } from '@ledgerwell/shared/activity';
import type { RequestMeta } from '../../lib/context';

export { ACTIVITY_ACTIONS, type ActivityAction } from '@ledgerwell/shared/activity';

/** Who acted: an admin, an issuer user, or the system itself (id null) for start-up jobs such as seeding. */
export interface Actor {
  id: string | null;
  username: string | null;
  /** An issuer user acting for themselves (decision 023): `id` is then null and `username` their e-mail. */
  issuerUserId?: string;
}

export interface ActivityEntry {
  actor: Actor;
  action: ActivityAction;
  resourceType: string;
  resourceId?: string | null;
  details?: Record<string, unknown>;
  meta?: RequestMeta | null;
}

/** Call with the transaction that makes the change, so the record and the change land together or not at all. */
export async function recordActivity(tx: Db, entry: ActivityEntry): Promise<void> {
  await tx.insert(adminActivity).values({
    adminUserId: entry.actor.id,
    adminUsername: entry.actor.username,
    issuerUserId: entry.actor.issuerUserId ?? null,
    actionType: entry.action,
    resourceType: entry.resourceType,
    resourceId: entry.resourceId ?? null,
    details: entry.details ?? {},
    ipAddress: entry.meta?.ip ?? null,
    userAgent: entry.meta?.userAgent ?? null,
    requestId: entry.meta?.requestId ?? null,
  });
}

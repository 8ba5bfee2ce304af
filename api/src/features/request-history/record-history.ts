import type { Db } from '@ledgerwell/db/client';
import { requestHistory } from '@ledgerwell/db/schema';
import type { RequestStatus } from '@ledgerwell/shared/portal-requests';

export interface HistoryEntry {
  requestId: string;
  actorType: 'SHAREHOLDER' | 'ADMIN' | 'SYSTEM';
  adminId?: string | null;
  action: string;
  fromStatus?: RequestStatus | null;
  toStatus?: RequestStatus | null;
  details?: Record<string, unknown>;
}

/** One line of a request's history, written in the caller's transaction with the change it records. */
export async function recordHistory(tx: Db, at: Date, entry: HistoryEntry): Promise<void> {
  await tx.insert(requestHistory).values({
    requestId: entry.requestId,
    actorType: entry.actorType,
    adminId: entry.adminId ?? null,
    action: entry.action,
    fromStatus: entry.fromStatus ?? null,
    toStatus: entry.toStatus ?? null,
    details: entry.details ?? null,
    createdAt: at,
  });
}

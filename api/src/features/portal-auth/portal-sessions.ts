import { and, eq, isNull } from 'drizzle-orm';
import type { InferSelectModel } from 'drizzle-orm';
import type { Db } from '@ledgerwell/db/client';
import type { PORTAL_AUTH_EVENTS } from '@ledgerwell/db/schema';
import { portalAuthEvents, portalSessions } from '@ledgerwell/db/schema';
import {
  PORTAL_CODE_TOKEN_MS,
  PORTAL_SESSION_ABSOLUTE_MS,
  PORTAL_SESSION_IDLE_MS,
  PORTAL_SIGN_IN_LINK_MS,
} from '@ledgerwell/shared/portal-auth';
import type { Clock } from '../../lib/clock';
import type { RequestMeta } from '../../lib/context';
import { hashToken, newSessionToken } from '../../lib/tokens';

export type PortalSession = InferSelectModel<typeof portalSessions>;
type Stage = PortalSession['stage'];

const TOUCH_AFTER_MS = 30 * 1000;

export async function createPortalSession(
  tx: Db,
  clock: Clock,
  fields: { stage: Stage; shareholderId: string; accountId?: string },
  meta: RequestMeta,
) {
  const token = newSessionToken();
  const now = clock.now();
  const lifetime = { CODE: PORTAL_CODE_TOKEN_MS, LINK: PORTAL_SIGN_IN_LINK_MS, ACCOUNT: PORTAL_SESSION_ABSOLUTE_MS }[
    fields.stage
  ];
  await tx.insert(portalSessions).values({
    tokenHash: hashToken(token),
    stage: fields.stage,
    shareholderId: fields.shareholderId,
    accountId: fields.accountId ?? null,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + lifetime),
    ipAddress: meta.ip,
    userAgent: meta.userAgent,
  });
  return token;
}

/** The live session of that stage behind a token, or null (unknown, other stage, revoked, expired or idle). */
export async function findPortalSession(
  db: Db,
  clock: Clock,
  token: string,
  stage: Stage,
): Promise<PortalSession | null> {
  const [session] = await db
    .select()
    .from(portalSessions)
    .where(eq(portalSessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!session || session.stage !== stage || session.revokedAt) return null;
  const now = clock.now().getTime();
  const idle = stage === 'ACCOUNT' && now - session.lastSeenAt.getTime() >= PORTAL_SESSION_IDLE_MS;
  if (now >= session.expiresAt.getTime() || idle) {
    await revokePortalSession(db, clock, session.id);
    return null;
  }
  if (now - session.lastSeenAt.getTime() >= TOUCH_AFTER_MS) {
    await db.update(portalSessions).set({ lastSeenAt: clock.now() }).where(eq(portalSessions.id, session.id));
  }
  return session;
}

export async function revokePortalSession(db: Db, clock: Clock, sessionId: string) {
  await db
    .update(portalSessions)
    .set({ revokedAt: clock.now() })
    .where(and(eq(portalSessions.id, sessionId), isNull(portalSessions.revokedAt)));
}

export async function recordPortalEvent(
  db: Db,
  event: (typeof PORTAL_AUTH_EVENTS)[number],
  fields: { code?: string | null; shareholderId?: string | null },
  meta: RequestMeta,
) {
  await db.insert(portalAuthEvents).values({
    event,
    codeAttempted: fields.code?.toUpperCase() ?? null,
    shareholderId: fields.shareholderId ?? null,
    ipAddress: meta.ip,
    userAgent: meta.userAgent,
    requestId: meta.requestId,
  });
}

import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { adminActivity, portalAuthEvents } from '@ledgerwell/db/schema';
import type { z } from 'zod';
import {
  ACTIVITY_MESSAGES,
  ACTIVITY_RESOURCES_FOR_EVERY_ROLE,
  PORTAL_SIGN_IN_RESOURCE,
} from '@ledgerwell/shared/activity';
import { ADMIN_ROLE_RANK, type AdminRole } from '@ledgerwell/shared/admin-auth';
import type { activityQuerySchema } from '@ledgerwell/shared/request-review';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';

const everyRole: readonly string[] = ACTIVITY_RESOURCES_FOR_EVERY_ROLE;

/** The portal's sign-in events, in the shape of admin activity, for `resource_type=PORTAL_SIGN_IN`. */
async function listPortalSignIns(deps: AppDeps, query: z.output<typeof activityQuerySchema>) {
  const where = query.action_type
    ? eq(sql`${portalAuthEvents.event}::text`, query.action_type.toUpperCase())
    : undefined;
  const [{ total } = { total: 0 }] = await deps.db
    .select({ total: sql<number>`count(*)::int` })
    .from(portalAuthEvents)
    .where(where);
  const rows = await deps.db
    .select()
    .from(portalAuthEvents)
    .where(where)
    .orderBy(desc(portalAuthEvents.id))
    .limit(query.limit)
    .offset(query.offset);
  return {
    activities: rows.map((e) => ({
      id: e.id,
      adminUsername: null,
      actionType: e.event,
      resourceType: PORTAL_SIGN_IN_RESOURCE,
      resourceId: e.shareholderId,
      details: { codeAttempted: e.codeAttempted, userAgent: e.userAgent },
      ipAddress: e.ipAddress,
      createdAt: e.createdAt.toISOString(),
    })),
    total,
    limit: query.limit,
    offset: query.offset,
  };
}

/**
 * GET /api/admin/activity: newest first, filtered by admin, resource and action, paged by limit and
 * offset. `resource_type=PORTAL_SIGN_IN` lists the shareholders' sign-in attempts instead. Below ADMIN,
 * only the resources every role may read (ACTIVITY_RESOURCES_FOR_EVERY_ROLE); asking for another is a 403.
 */
export async function listActivity(deps: AppDeps, query: z.output<typeof activityQuerySchema>, viewer: AdminRole) {
  const everything = ADMIN_ROLE_RANK[viewer] >= ADMIN_ROLE_RANK.ADMIN;
  if (!everything && query.resource_type && !everyRole.includes(query.resource_type.toLowerCase())) {
    throw new AppError('FORBIDDEN', ACTIVITY_MESSAGES.resourceForbidden);
  }
  if (query.resource_type?.toUpperCase() === PORTAL_SIGN_IN_RESOURCE) return listPortalSignIns(deps, query);
  const where = and(
    everything ? undefined : inArray(sql`lower(${adminActivity.resourceType})`, [...everyRole]),
    query.admin_username
      ? eq(sql`lower(${adminActivity.adminUsername})`, query.admin_username.toLowerCase())
      : undefined,
    // Resource types are stored in either case (REQUEST, admin_session): compare without case.
    query.resource_type ? eq(sql`lower(${adminActivity.resourceType})`, query.resource_type.toLowerCase()) : undefined,
    query.action_type ? eq(sql`lower(${adminActivity.actionType})`, query.action_type.toLowerCase()) : undefined,
  );
  const [{ total } = { total: 0 }] = await deps.db
    .select({ total: sql<number>`count(*)::int` })
    .from(adminActivity)
    .where(where);
  const rows = await deps.db
    .select()
    .from(adminActivity)
    .where(where)
    .orderBy(desc(adminActivity.id))
    .limit(query.limit)
    .offset(query.offset);
  return {
    activities: rows.map((a) => ({
      id: a.id,
      adminUsername: a.adminUsername,
      actionType: a.actionType,
      resourceType: a.resourceType,
      resourceId: a.resourceId,
      details: a.details,
      ipAddress: a.ipAddress,
      createdAt: a.createdAt.toISOString(),
    })),
    total,
    limit: query.limit,
    offset: query.offset,
  };
}

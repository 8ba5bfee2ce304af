import { and, desc, eq, sql } from 'drizzle-orm';
import { adminActivity } from '@ledgerwell/db/schema';
import type { z } from 'zod';
import type { activityQuerySchema } from '@ledgerwell/shared/request-review';
import type { AppDeps } from '../../lib/context';

/** GET /api/admin/activity: newest first, filtered by admin, resource and action, paged by limit and offset. */
export async function listActivity(deps: AppDeps, query: z.output<typeof activityQuerySchema>) {
  const where = and(
    query.admin_username ? eq(sql`lower(${adminActivity.adminUsername})`, query.admin_username.toLowerCase()) : undefined,
    query.resource_type ? eq(adminActivity.resourceType, query.resource_type.toUpperCase()) : undefined,
    query.action_type ? eq(adminActivity.actionType, query.action_type.toUpperCase()) : undefined,
  );
  const [{ total } = { total: 0 }] = await deps.db.select({ total: sql<number>`count(*)::int` }).from(adminActivity).where(where);
  const rows = await deps.db.select().from(adminActivity).where(where).orderBy(desc(adminActivity.id)).limit(query.limit).offset(query.offset);
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

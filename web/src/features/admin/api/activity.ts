import { z } from 'zod';
import { apiPaths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';

export const ACTIVITY_PAGE_SIZE = 50;

const activitySchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  adminUsername: z.string().nullable().catch(null),
  actionType: z.string(),
  resourceType: z.string().nullable().catch(null),
  resourceId: z.string().nullable().catch(null),
  details: z.record(z.string(), z.unknown()).nullable().catch(null),
  ipAddress: z.string().nullable().catch(null),
  createdAt: z.string(),
});
export type AdminActivity = z.infer<typeof activitySchema>;

const responseSchema = z.object({
  success: z.literal(true),
  data: z.object({ activities: z.array(activitySchema), total: z.number(), limit: z.number(), offset: z.number() }),
});
export type ActivityPage = z.infer<typeof responseSchema>['data'];

export interface ActivityFilters {
  adminUsername: string;
  resourceType: string;
  actionType: string;
  page: number;
}

export async function fetchActivity(filters: ActivityFilters, signal?: AbortSignal): Promise<ActivityPage> {
  const body = await apiRequest(apiPaths.admin.activity, {
    auth: 'admin',
    query: {
      admin_username: filters.adminUsername || undefined,
      resource_type: filters.resourceType || undefined,
      action_type: filters.actionType || undefined,
      limit: ACTIVITY_PAGE_SIZE,
      offset: (filters.page - 1) * ACTIVITY_PAGE_SIZE,
    },
    schema: responseSchema,
    signal,
  });
  return body.data;
}

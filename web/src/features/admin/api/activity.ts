import { z } from 'zod';
import { ACTIVITY_PAGE_SIZE, activityEntrySchema, REVIEW_FAILURES } from '@ledgerwell/shared/request-review';
import { apiPaths } from '../../../config/paths';
import { apiRequest } from '../../../lib/api-client';

// The page size the server's schema defaults to, so the screen never asks past its limit.
export { ACTIVITY_PAGE_SIZE };

export type AdminActivity = z.infer<typeof activityEntrySchema>;

const responseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    activities: z.array(activityEntrySchema),
    total: z.number(),
    limit: z.number(),
    offset: z.number(),
  }),
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
    failureMessage: REVIEW_FAILURES.fetchActivity,
  });
  return body.data;
}

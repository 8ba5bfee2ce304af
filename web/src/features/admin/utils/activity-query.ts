import type { FlagPriority } from '@ledgerwell/shared/request-review';
import { DOCUMENT_LABELS } from '@ledgerwell/shared/verification';
import type { ActivityFilters } from '../api/activity';
import { FLAG_PRIORITY_LABELS, humanise } from '../../../lib/request-labels';

/** The activity page's filters, kept in the URL: admin, resource, action, page. */
export function activityFiltersFromParams(params: URLSearchParams): ActivityFilters {
  const page = Number(params.get('page'));
  return {
    adminUsername: (params.get('admin_username') ?? '').trim().slice(0, 100),
    resourceType: (params.get('resource_type') ?? '').trim().slice(0, 50),
    actionType: (params.get('action_type') ?? '').trim().slice(0, 50),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function activityFiltersToParams(filters: ActivityFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.adminUsername) params.set('admin_username', filters.adminUsername);
  if (filters.resourceType) params.set('resource_type', filters.resourceType);
  if (filters.actionType) params.set('action_type', filters.actionType);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** Known action and resource types, offered as suggestions (the server matches them without regard to case). */
export {
  ACTIVITY_ACTIONS as ACTION_TYPE_SUGGESTIONS,
  ACTIVITY_RESOURCE_TYPES as RESOURCE_TYPE_SUGGESTIONS,
} from '@ledgerwell/shared/activity';

/** A one-line summary of an activity's details: "from: PENDING, to: APPROVED". */
export function detailsSummary(details: Record<string, unknown> | null, max = 140): string {
  if (!details) return '';
  const parts = Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`);
  const text = parts.join(', ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** An activity's action as the activity page and the request's Staff Activity name it: "DOCUMENT_APPROVED" → "Document approved". */
export function activityActionLabel(actionType: string): string {
  return humanise(actionType);
}

/**
 * What an activity acted on, where its details say: the document ("ID Front", from documentType or
 * a saved view's imageType) or the flag's priority ("High priority"); null otherwise.
 */
export function activitySubject(details: Record<string, unknown> | null): string | null {
  const document = details?.documentType ?? details?.imageType;
  if (typeof document === 'string' && document.trim()) {
    return (DOCUMENT_LABELS as Record<string, string | undefined>)[document.trim().toLowerCase()] ?? humanise(document);
  }
  const priority = details?.priority;
  if (typeof priority === 'string' && priority.trim()) {
    return `${FLAG_PRIORITY_LABELS[priority.trim().toUpperCase() as FlagPriority] ?? humanise(priority)} priority`;
  }
  return null;
}

import { formatDateTime } from './format';

/** Spec 8: a missing date reads 'Not provided', one that cannot be parsed 'Invalid date'. */
export function formatWhen(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'Not provided';
  return Number.isNaN(new Date(value).getTime()) ? 'Invalid date' : formatDateTime(value);
}

/** A missing optional field (company, phone). */
export const orNotProvided = (value: string | null | undefined) => (value?.trim() ? value : 'Not provided');

/** 'Showing page X of Y (N total)' (spec 2.4). */
export const pageSummary = (page: number, totalPages: number, totalCount: number) =>
  `Showing page ${page} of ${Math.max(1, totalPages)} (${totalCount.toLocaleString('en-US')} total)`;

/** SALES → Sales, IN_PROGRESS → In Progress. */
export const titleCase = (value: string) =>
  value
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

import { formatDateTime } from '../../../lib/format';

/** Spec 8: a missing date reads 'Not provided', one that cannot be parsed 'Invalid date'. */
export function formatWhen(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'Not provided';
  return Number.isNaN(new Date(value).getTime()) ? 'Invalid date' : formatDateTime(value);
}

/** A missing optional field (company, phone). */
export const orNotProvided = (value: string | null | undefined) => (value?.trim() ? value : 'Not provided');

/** SALES → Sales, IN_PROGRESS → In Progress. */
export const titleCase = (value: string) =>
  value
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');

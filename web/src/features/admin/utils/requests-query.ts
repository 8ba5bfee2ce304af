import { REQUEST_STATUSES, REQUEST_TYPES, type RequestType } from '@ledgerwell/shared/portal-requests';
import { REQUESTS_PAGE_SIZE } from '@ledgerwell/shared/request-review';
import type { QueryValue } from '../../../config/paths';

/**
 * The request list's filters, kept in the URL query (spec 2): status and type lowercase, as the
 * screens send them; the API's name for type is requestType.
 */
export interface RequestFilters {
  /** A lowercase status, '' for all. */
  status: string;
  /** A lowercase request type, '' for all. */
  type: string;
  search: string;
  sortBy: 'createdAt' | 'status' | 'type';
  sortOrder: 'asc' | 'desc';
  flagged: boolean;
  assigned: '' | 'me';
  date: '' | 'today' | 'week';
  page: number;
}

export const DEFAULT_FILTERS: RequestFilters = {
  status: '',
  type: '',
  search: '',
  sortBy: 'createdAt',
  sortOrder: 'desc',
  flagged: false,
  assigned: '',
  date: '',
  page: 1,
};

export const STATUS_FILTER_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'processing', label: 'Processing' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
] as const;

export const TYPE_FILTER_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'transfer', label: 'Transfer' },
  { value: 'address_change', label: 'Address Change' },
  { value: 'certificate', label: 'Certificate' },
  { value: 'inquiry', label: 'Inquiry' },
  { value: 'lost_certificate', label: 'Lost Certificate' },
] as const satisfies readonly { value: '' | Lowercase<RequestType>; label: string }[];

export const SORT_OPTIONS = [
  { value: 'createdAt', label: 'Date Created' },
  { value: 'status', label: 'Status' },
  { value: 'type', label: 'Type' },
] as const;

const STATUSES = new Set<string>(REQUEST_STATUSES);
const TYPES = new Set<string>(REQUEST_TYPES);

/** Filters from the URL; unknown values are dropped rather than sent to the API. */
export function filtersFromParams(params: URLSearchParams): RequestFilters {
  const status = (params.get('status') ?? '').trim().toUpperCase();
  const type = (params.get('type') ?? params.get('requestType') ?? '').trim().toUpperCase().replace(/-/g, '_');
  const sortBy = params.get('sortBy');
  const sortOrder = (params.get('sortOrder') ?? '').toLowerCase();
  const date = params.get('date');
  const page = Number(params.get('page'));
  return {
    status: STATUSES.has(status) ? status.toLowerCase() : '',
    type: TYPES.has(type) ? type.toLowerCase() : '',
    search: (params.get('search') ?? '').trim().slice(0, 100),
    sortBy: sortBy === 'status' || sortBy === 'type' ? sortBy : 'createdAt',
    sortOrder: sortOrder === 'asc' ? 'asc' : 'desc',
    flagged: params.get('flagged') === 'true',
    assigned: params.get('assigned') === 'me' ? 'me' : '',
    date: date === 'today' || date === 'week' ? date : '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL query of the filters, leaving defaults out. */
export function filtersToParams(filters: RequestFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.type) params.set('type', filters.type);
  if (filters.search) params.set('search', filters.search);
  if (filters.sortBy !== DEFAULT_FILTERS.sortBy) params.set('sortBy', filters.sortBy);
  if (filters.sortOrder !== DEFAULT_FILTERS.sortOrder) params.set('sortOrder', filters.sortOrder);
  if (filters.flagged) params.set('flagged', 'true');
  if (filters.assigned) params.set('assigned', filters.assigned);
  if (filters.date) params.set('date', filters.date);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** The query of GET /api/admin/requests. */
export function listApiQuery(filters: RequestFilters): Record<string, QueryValue> {
  return {
    status: filters.status || undefined,
    requestType: filters.type ? filters.type.toUpperCase() : undefined,
    search: filters.search || undefined,
    sortBy: filters.sortBy,
    sortOrder: filters.sortOrder,
    page: filters.page,
    limit: REQUESTS_PAGE_SIZE,
    flagged: filters.flagged ? 'true' : undefined,
    assigned: filters.assigned || undefined,
    date: filters.date || undefined,
  };
}

/** A change to any filter but the page starts again at page 1. */
export function updateFilters(current: RequestFilters, change: Partial<RequestFilters>): RequestFilters {
  return { ...current, ...change, page: change.page ?? 1 };
}

/** 'Showing X to Y of Z results' for a page of `count` rows. */
export function pageRange(
  page: number,
  count: number,
  total: number,
  pageSize = REQUESTS_PAGE_SIZE,
): { first: number; last: number } {
  if (count === 0) return { first: 0, last: 0 };
  const first = (page - 1) * pageSize + 1;
  return { first, last: Math.min(total, first + count - 1) };
}

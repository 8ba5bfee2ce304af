import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  filtersFromParams,
  filtersToParams,
  listApiQuery,
  pageRange,
  updateFilters,
} from './requests-query';

describe('request list query', () => {
  it('reads the filters from the URL, dropping unknown values', () => {
    const filters = filtersFromParams(
      new URLSearchParams(
        'status=PENDING&type=address_change&search=TR-2026&sortBy=type&sortOrder=asc&flagged=true&assigned=me&date=week&page=3',
      ),
    );
    expect(filters).toEqual({
      status: 'pending',
      type: 'address_change',
      search: 'TR-2026',
      sortBy: 'type',
      sortOrder: 'asc',
      flagged: true,
      assigned: 'me',
      date: 'week',
      page: 3,
    });
    expect(filtersFromParams(new URLSearchParams('status=nope&type=gift&sortBy=name&page=-2&flagged=yes'))).toEqual(
      DEFAULT_FILTERS,
    );
  });

  it('writes only what differs from the defaults', () => {
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('');
    expect(filtersToParams({ ...DEFAULT_FILTERS, status: 'approved', type: 'transfer', page: 2 }).toString()).toBe(
      'status=approved&type=transfer&page=2',
    );
  });

  it('round-trips through the URL', () => {
    const filters = { ...DEFAULT_FILTERS, search: 'Bell', sortBy: 'status' as const, flagged: true };
    expect(filtersFromParams(filtersToParams(filters))).toEqual(filters);
  });

  it('maps type to the API’s requestType and sends page size 20', () => {
    expect(
      listApiQuery({ ...DEFAULT_FILTERS, type: 'address_change', status: 'pending', flagged: true }),
    ).toMatchObject({
      requestType: 'ADDRESS_CHANGE',
      status: 'pending',
      flagged: 'true',
      limit: 20,
      page: 1,
      sortBy: 'createdAt',
      sortOrder: 'desc',
    });
  });

  it('goes back to page 1 when a filter changes', () => {
    expect(updateFilters({ ...DEFAULT_FILTERS, page: 4 }, { status: 'rejected' }).page).toBe(1);
    expect(updateFilters(DEFAULT_FILTERS, { page: 2 }).page).toBe(2);
  });

  it('computes the rows shown', () => {
    expect(pageRange(1, 20, 45)).toEqual({ first: 1, last: 20 });
    expect(pageRange(3, 5, 45)).toEqual({ first: 41, last: 45 });
    expect(pageRange(1, 0, 0)).toEqual({ first: 0, last: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { activityFiltersFromParams, activityFiltersToParams, detailsSummary } from './activity-query';

describe('activity filters', () => {
  it('round-trips through the URL with the API’s names', () => {
    const filters = activityFiltersFromParams(new URLSearchParams('admin_username=alice&resource_type=REQUEST&action_type=DOCUMENT_VIEWED&page=2'));
    expect(filters).toEqual({ adminUsername: 'alice', resourceType: 'REQUEST', actionType: 'DOCUMENT_VIEWED', page: 2 });
    expect(activityFiltersToParams(filters).toString()).toBe('admin_username=alice&resource_type=REQUEST&action_type=DOCUMENT_VIEWED&page=2');
    expect(activityFiltersFromParams(new URLSearchParams('page=zero')).page).toBe(1);
  });

  it('summarises details on one line', () => {
    expect(detailsSummary({ from: 'PENDING', to: 'APPROVED', notes: null })).toBe('from: PENDING, to: APPROVED');
    expect(detailsSummary({ zoomState: { zoom: 2 } })).toBe('zoomState: {"zoom":2}');
    expect(detailsSummary(null)).toBe('');
    expect(detailsSummary({ text: 'x'.repeat(200) }, 20)).toHaveLength(20);
  });
});

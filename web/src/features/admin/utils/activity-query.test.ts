import { describe, expect, it } from 'vitest';
import {
  activityActionLabel,
  activityFiltersFromParams,
  activityFiltersToParams,
  activitySubject,
  detailsSummary,
} from './activity-query';

describe('activity filters', () => {
  it('round-trips through the URL with the API’s names', () => {
    const filters = activityFiltersFromParams(
      new URLSearchParams('admin_username=alice&resource_type=REQUEST&action_type=DOCUMENT_VIEWED&page=2'),
    );
    expect(filters).toEqual({
      adminUsername: 'alice',
      resourceType: 'REQUEST',
      actionType: 'DOCUMENT_VIEWED',
      page: 2,
    });
    expect(activityFiltersToParams(filters).toString()).toBe(
      'admin_username=alice&resource_type=REQUEST&action_type=DOCUMENT_VIEWED&page=2',
    );
    expect(activityFiltersFromParams(new URLSearchParams('page=zero')).page).toBe(1);
  });

  it('summarises details on one line', () => {
    expect(detailsSummary({ from: 'PENDING', to: 'APPROVED', notes: null })).toBe('from: PENDING, to: APPROVED');
    expect(detailsSummary({ zoomState: { zoom: 2 } })).toBe('zoomState: {"zoom":2}');
    expect(detailsSummary(null)).toBe('');
    expect(detailsSummary({ text: 'x'.repeat(200) }, 20)).toHaveLength(20);
  });
});

describe('activity labels (the activity page and the request’s Staff Activity)', () => {
  it('names actions readably', () => {
    expect(activityActionLabel('DOCUMENT_APPROVED')).toBe('Document approved');
    expect(activityActionLabel('REQUEST_FLAGGED')).toBe('Request flagged');
    expect(activityActionLabel('REQUEST_STATUS_CHANGED')).toBe('Request status changed');
    expect(activityActionLabel('IMAGE_STATE_SAVED')).toBe('Image state saved');
  });

  it('names the document or the priority the details carry', () => {
    expect(activitySubject({ referenceNumber: 'TR-2026-000001', documentType: 'id_front' })).toBe('ID Front');
    expect(activitySubject({ imageType: 'selfie', rotation: 90 })).toBe('Selfie');
    expect(activitySubject({ priority: 'HIGH', reason: 'Check', assignedTo: null })).toBe('High priority');
    expect(activitySubject({ priority: 'low' })).toBe('Low priority');
    expect(activitySubject({ documentType: 'passport' })).toBe('Passport');
  });

  it('names nothing when the details carry neither', () => {
    expect(activitySubject({ from: 'PENDING', to: 'APPROVED' })).toBeNull();
    expect(activitySubject(null)).toBeNull();
  });
});

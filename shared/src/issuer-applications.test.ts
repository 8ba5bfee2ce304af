import { describe, expect, it } from 'vitest';
import {
  ISSUER_APPLICATION_MESSAGES as M,
  issuerApplicationExportQuerySchema,
  issuerApplicationListQuerySchema,
  issuerApplicationNotesBodySchema,
  issuerApplicationStatusBodySchema,
  issuerApplicationStatusLabel,
  issuerApplicationsExportFileName,
  issuerApprovalRate,
  issuerSearchWords,
  maskEin,
} from './issuer-applications';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('issuer applications (shared)', () => {
  it('pages 20 at a time by default, at most 100, and reads a blank filter as none', () => {
    expect(issuerApplicationListQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
    expect(
      issuerApplicationListQuerySchema.parse({ page: '3', limit: '50', status: ' under_review ', search: ' acme ' }),
    ).toEqual({
      page: 3,
      limit: 50,
      status: 'UNDER_REVIEW',
      search: 'acme',
    });
    expect(issuerApplicationListQuerySchema.parse({ status: '' })).toEqual({ page: 1, limit: 20 });
    expect(issuerApplicationListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(issues(issuerApplicationListQuerySchema.safeParse({ status: 'PENDING' }))).toEqual({
      status: M.statusInvalid,
    });
    expect(issues(issuerApplicationExportQuerySchema.safeParse({ search: 'x'.repeat(101) }))).toEqual({
      search: M.searchTooLong,
    });
    // The export ignores paging keys.
    expect(issuerApplicationExportQuerySchema.parse({ status: 'approved', page: '2' })).toEqual({ status: 'APPROVED' });
  });

  it('splits a search into at most 8 lower-case words of letters and digits', () => {
    expect(issuerSearchWords('Acme  Holdings')).toEqual(['acme', 'holdings']);
    expect(issuerSearchWords('dana@example.com')).toEqual(['dana', 'example', 'com']);
    expect(issuerSearchWords('Zoë Ångström')).toEqual(['zoë', 'ångström']);
    expect(issuerSearchWords('@@@')).toEqual([]);
    expect(issuerSearchWords(undefined)).toEqual([]);
    expect(issuerSearchWords('a b c d e f g h i j')).toHaveLength(8);
  });

  it('takes any status with an optional note, blank meaning none', () => {
    expect(issuerApplicationStatusBodySchema.parse({ status: 'approved' })).toEqual({
      status: 'APPROVED',
      notes: null,
    });
    expect(issuerApplicationStatusBodySchema.parse({ status: 'REJECTED', notes: '  Missing documents  ' })).toEqual({
      status: 'REJECTED',
      notes: 'Missing documents',
    });
    expect(issuerApplicationStatusBodySchema.parse({ status: 'DRAFT', notes: '   ' })).toEqual({
      status: 'DRAFT',
      notes: null,
    });
    expect(issuerApplicationStatusBodySchema.parse({ status: 'DRAFT', notes: null })).toEqual({
      status: 'DRAFT',
      notes: null,
    });
    expect(issues(issuerApplicationStatusBodySchema.safeParse({ status: 'DONE' }))).toEqual({
      status: M.statusInvalid,
    });
    expect(issues(issuerApplicationStatusBodySchema.safeParse({}))).toEqual({ status: M.statusInvalid });
    expect(
      issues(issuerApplicationStatusBodySchema.safeParse({ status: 'APPROVED', notes: 'x'.repeat(2001) })),
    ).toEqual({ notes: M.reviewNotesTooLong });
  });

  it('saves notes as given, blank or null clearing them, and refuses more than 5000 characters', () => {
    expect(issuerApplicationNotesBodySchema.parse({ adminNotes: 'Called the CFO' })).toEqual({
      adminNotes: 'Called the CFO',
    });
    expect(issuerApplicationNotesBodySchema.parse({ adminNotes: '  ' })).toEqual({ adminNotes: null });
    expect(issuerApplicationNotesBodySchema.parse({ adminNotes: null })).toEqual({ adminNotes: null });
    expect(issues(issuerApplicationNotesBodySchema.safeParse({ adminNotes: 'x'.repeat(5001) }))).toEqual({
      adminNotes: M.notesTooLong,
    });
    expect(issuerApplicationNotesBodySchema.safeParse({}).success).toBe(false);
  });

  it('rates approvals among the decided only, rounded, 0 when none is decided', () => {
    expect(issuerApprovalRate({ APPROVED: 0, REJECTED: 0 })).toBe(0);
    expect(issuerApprovalRate({ APPROVED: 2, REJECTED: 1 })).toBe(67);
    expect(issuerApprovalRate({ APPROVED: 1, REJECTED: 2 })).toBe(33);
    expect(issuerApprovalRate({ APPROVED: 1, REJECTED: 1 })).toBe(50);
    expect(issuerApprovalRate({ APPROVED: 3, REJECTED: 0 })).toBe(100);
  });

  it('masks the EIN to its last four, labels statuses with spaces, and names the export by its UTC date', () => {
    expect(maskEin('6789')).toBe('**-***6789');
    expect(maskEin(null)).toBeNull();
    expect(issuerApplicationStatusLabel('UNDER_REVIEW')).toBe('UNDER REVIEW');
    expect(issuerApplicationStatusLabel('APPROVED')).toBe('APPROVED');
    expect(issuerApplicationsExportFileName(new Date('2026-05-14T23:59:59Z'))).toBe(
      'issuer-applications-2026-05-14.csv',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { contactStatusLabel } from '@ledgerwell/shared/contact-admin';
import { formatWhen, orNotProvided, pageSummary, titleCase } from './contact-view';

describe('contact submissions screen texts', () => {
  it("shows 'Not provided' for a missing date and 'Invalid date' for one that cannot be parsed", () => {
    expect(formatWhen(null)).toBe('Not provided');
    expect(formatWhen(undefined)).toBe('Not provided');
    expect(formatWhen('')).toBe('Not provided');
    expect(formatWhen('not a date')).toBe('Invalid date');
    expect(formatWhen('2026-05-14T15:30:00.000Z')).toMatch(/May 14, 2026|May 15, 2026/);
  });

  it("shows 'Not provided' for a missing company or phone", () => {
    expect(orNotProvided(null)).toBe('Not provided');
    expect(orNotProvided('  ')).toBe('Not provided');
    expect(orNotProvided('Acme')).toBe('Acme');
  });

  it("says 'Showing page X of Y (N total)'", () => {
    expect(pageSummary(2, 3, 45)).toBe('Showing page 2 of 3 (45 total)');
    expect(pageSummary(1, 0, 0)).toBe('Showing page 1 of 1 (0 total)');
    expect(pageSummary(1, 10000, 200000)).toBe('Showing page 1 of 10000 (200,000 total)');
  });

  it('shows statuses with spaces for underscores, and types in title case', () => {
    expect(contactStatusLabel('IN_PROGRESS')).toBe('IN PROGRESS');
    expect(contactStatusLabel('UNREAD')).toBe('UNREAD');
    expect(titleCase('PARTNERSHIP')).toBe('Partnership');
    expect(titleCase('IN_PROGRESS')).toBe('In Progress');
  });
});

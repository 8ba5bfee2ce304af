import { describe, expect, it } from 'vitest';
import { contactStatusLabel } from '@ledgerwell/shared/contact-admin';
import { formatWhen, orNotProvided, titleCase } from './contact-view';

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

  it('shows statuses with spaces for underscores, and types in title case', () => {
    expect(contactStatusLabel('IN_PROGRESS')).toBe('IN PROGRESS');
    expect(contactStatusLabel('UNREAD')).toBe('UNREAD');
    expect(titleCase('PARTNERSHIP')).toBe('Partnership');
    expect(titleCase('IN_PROGRESS')).toBe('In Progress');
  });
});

import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@ledgerwell/shared/admin-users';
import { displayDate, nextSort, visibleUsers } from './users-view';

const user = (over: Partial<AdminUser>): AdminUser => ({
  id: over.username ?? 'x',
  username: 'x',
  email: 'x@example.com',
  firstName: 'X',
  lastName: 'Y',
  phone: null,
  role: 'READ_ONLY',
  isActive: true,
  mustChangePassword: false,
  mfaEnabled: false,
  mustEnrollMfa: false,
  lastLoginAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const users = [
  user({
    username: 'carol',
    email: 'carol@corp.com',
    firstName: 'Carol',
    lastName: 'Zeta',
    role: 'ADMIN',
    lastLoginAt: '2026-03-01T10:00:00Z',
  }),
  user({
    username: 'Alice',
    email: 'boss@corp.com',
    firstName: 'Alice',
    lastName: 'Brown',
    role: 'SUPER_ADMIN',
    lastLoginAt: '2026-03-02T10:00:00Z',
  }),
  user({
    username: 'bob',
    email: 'bob@else.org',
    firstName: 'Bob',
    lastName: 'Able',
    role: 'REVIEWER',
    isActive: false,
  }),
];
const names = (list: AdminUser[]) => list.map((u) => u.username);

describe('visibleUsers', () => {
  it('sorts by username in any case by default, and by each column', () => {
    expect(names(visibleUsers(users, '', 'ALL', 'ALL', { key: 'username', order: 'asc' }))).toEqual([
      'Alice',
      'bob',
      'carol',
    ]);
    expect(names(visibleUsers(users, '', 'ALL', 'ALL', { key: 'username', order: 'desc' }))).toEqual([
      'carol',
      'bob',
      'Alice',
    ]);
    expect(names(visibleUsers(users, '', 'ALL', 'ALL', { key: 'email', order: 'asc' }))).toEqual([
      'bob',
      'Alice',
      'carol',
    ]);
    expect(names(visibleUsers(users, '', 'ALL', 'ALL', { key: 'name', order: 'asc' }))).toEqual([
      'bob',
      'Alice',
      'carol',
    ]);
    expect(names(visibleUsers(users, '', 'ALL', 'ALL', { key: 'role', order: 'desc' }))).toEqual([
      'Alice',
      'carol',
      'bob',
    ]);
    expect(names(visibleUsers(users, '', 'ALL', 'ALL', { key: 'status', order: 'asc' }))).toEqual([
      'Alice',
      'carol',
      'bob',
    ]);
    // Never signed in comes first ascending, last descending.
    expect(names(visibleUsers(users, '', 'ALL', 'ALL', { key: 'lastLoginAt', order: 'asc' }))).toEqual([
      'bob',
      'carol',
      'Alice',
    ]);
    expect(names(visibleUsers(users, '', 'ALL', 'ALL', { key: 'lastLoginAt', order: 'desc' }))).toEqual([
      'Alice',
      'carol',
      'bob',
    ]);
  });

  it('searches username, e-mail and full name, and filters by role and status', () => {
    const sort = { key: 'username', order: 'asc' } as const;
    expect(names(visibleUsers(users, 'CORP', 'ALL', 'ALL', sort))).toEqual(['Alice', 'carol']);
    expect(names(visibleUsers(users, 'bob able', 'ALL', 'ALL', sort))).toEqual(['bob']);
    expect(names(visibleUsers(users, ' boss ', 'ALL', 'ALL', sort))).toEqual(['Alice']);
    expect(names(visibleUsers(users, '', 'ADMIN', 'ALL', sort))).toEqual(['carol']);
    expect(names(visibleUsers(users, '', 'ALL', 'INACTIVE', sort))).toEqual(['bob']);
    expect(names(visibleUsers(users, '', 'ALL', 'ACTIVE', sort))).toEqual(['Alice', 'carol']);
    expect(visibleUsers(users, 'nobody', 'ALL', 'ALL', sort)).toEqual([]);
  });

  it('leaves the input alone', () => {
    const copy = [...users];
    visibleUsers(users, '', 'ALL', 'ALL', { key: 'email', order: 'desc' });
    expect(users).toEqual(copy);
  });
});

describe('nextSort', () => {
  it('flips the same column, starts another ascending (last login newest first)', () => {
    expect(nextSort({ key: 'username', order: 'asc' }, 'username')).toEqual({ key: 'username', order: 'desc' });
    expect(nextSort({ key: 'username', order: 'desc' }, 'email')).toEqual({ key: 'email', order: 'asc' });
    expect(nextSort({ key: 'username', order: 'asc' }, 'lastLoginAt')).toEqual({ key: 'lastLoginAt', order: 'desc' });
  });
});

describe('displayDate', () => {
  it("reads 'Never' or 'Not provided' when missing, 'Invalid date' when unreadable", () => {
    expect(displayDate(null, 'Never')).toBe('Never');
    expect(displayDate(undefined)).toBe('Not provided');
    expect(displayDate('yesterday-ish')).toBe('Invalid date');
    expect(displayDate('2026-03-02T10:00:00Z')).toMatch(/Mar 2, 2026/);
  });
});

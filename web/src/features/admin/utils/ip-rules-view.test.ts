import { describe, expect, it } from 'vitest';
import type { IpRule } from '@ledgerwell/shared/ip-rules';
import { countIpRules, expiryFromDateInput, localDateInput, sortIpRules, visibleIpRules } from './ip-rules-view';

const now = new Date('2026-03-01T12:00:00Z');
const rule = (id: string, fields: Partial<IpRule>): IpRule => ({
  id,
  ipAddress: `10.0.0.${id}`,
  description: `Rule ${id}`,
  isActive: true,
  addedBy: 'super',
  addedById: null,
  createdAt: `2026-01-0${id}T00:00:00.000Z`,
  updatedAt: `2026-01-0${id}T00:00:00.000Z`,
  expiresAt: null,
  ...fields,
});
const rules = [
  rule('1', { expiresAt: '2026-02-01T00:00:00.000Z', description: 'Old VPN' }),
  rule('2', { isActive: false, addedBy: 'system' }),
  rule('3', { expiresAt: '2026-04-01T00:00:00.000Z' }),
  rule('4', { ipAddress: '2001:db8::/32' }),
];
const ids = (list: IpRule[]) => list.map((r) => r.id);

describe('the IP rule list', () => {
  it('sorts by creation, newest first, by default; no expiry last when ascending by expiry', () => {
    expect(ids(sortIpRules(rules, { key: 'createdAt', order: 'desc' }))).toEqual(['4', '3', '2', '1']);
    expect(ids(sortIpRules(rules, { key: 'expiresAt', order: 'asc' }))).toEqual(['1', '3', '4', '2']);
    expect(ids(sortIpRules(rules, { key: 'expiresAt', order: 'desc' })).slice(2)).toEqual(['3', '1']);
    expect(ids(sortIpRules(rules, { key: 'addedBy', order: 'asc' }))[0]).toBe('4');
  });

  it('filters by status (Expired before active or inactive) and by search', () => {
    const sort = { key: 'createdAt', order: 'desc' } as const;
    expect(ids(visibleIpRules(rules, '', 'EXPIRED', sort, now))).toEqual(['1']);
    expect(ids(visibleIpRules(rules, '', 'ACTIVE', sort, now))).toEqual(['4', '3']);
    expect(ids(visibleIpRules(rules, '', 'INACTIVE', sort, now))).toEqual(['2']);
    expect(ids(visibleIpRules(rules, ' vpn ', 'ALL', sort, now))).toEqual(['1']);
    expect(ids(visibleIpRules(rules, '2001:DB8', 'ALL', sort, now))).toEqual(['4']);
    expect(ids(visibleIpRules(rules, 'system', 'ALL', sort, now))).toEqual(['2']);
    expect(countIpRules(rules, now)).toEqual({ ACTIVE: 2, INACTIVE: 1, EXPIRED: 1 });
  });

  it('turns a picked date into the end of that local day, and empty into null', () => {
    expect(expiryFromDateInput('')).toBeNull();
    const iso = expiryFromDateInput('2026-05-20')!;
    expect(localDateInput(iso)).toBe('2026-05-20');
    expect(new Date(iso).getHours()).toBe(23);
  });
});

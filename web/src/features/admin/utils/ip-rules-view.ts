import { ipRuleStatus, type IpRule, type IpRuleStatus } from '@ledgerwell/shared/ip-rules';

/** The list's filters, sorting and counts (spec 2.3, 9): the list is small and arrives whole, so this runs in the browser. */
export type IpRuleStatusFilter = 'ALL' | IpRuleStatus;
export const IP_RULE_STATUS_FILTERS: readonly { value: IpRuleStatusFilter; label: string }[] = [
  { value: 'ALL', label: 'All' },
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INACTIVE', label: 'Inactive' },
  { value: 'EXPIRED', label: 'Expired' },
];

export type IpRuleSortKey = 'ipAddress' | 'description' | 'addedBy' | 'createdAt' | 'expiresAt';
export interface IpRuleSort {
  key: IpRuleSortKey;
  order: 'asc' | 'desc';
}
export const DEFAULT_IP_RULE_SORT: IpRuleSort = { key: 'createdAt', order: 'desc' };

export const IP_RULE_STATUS_LABELS: Record<IpRuleStatus, string> = {
  ACTIVE: 'Active',
  INACTIVE: 'Inactive',
  EXPIRED: 'Expired',
};

export function matchesSearch(rule: IpRule, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [rule.ipAddress, rule.description, rule.addedBy ?? ''].some((text) => text.toLowerCase().includes(needle));
}

const time = (value: string | null) => {
  const ms = value ? new Date(value).getTime() : Number.NaN;
  return Number.isNaN(ms) ? null : ms;
};

/** Sorted copy. A rule without an expiry never expires: last when ascending by expiry, first when descending. */
export function sortIpRules(rules: readonly IpRule[], sort: IpRuleSort): IpRule[] {
  const direction = sort.order === 'asc' ? 1 : -1;
  const compare = (a: IpRule, b: IpRule): number => {
    switch (sort.key) {
      case 'createdAt':
        return direction * ((time(a.createdAt) ?? 0) - (time(b.createdAt) ?? 0));
      case 'expiresAt': {
        const x = time(a.expiresAt) ?? Number.POSITIVE_INFINITY;
        const y = time(b.expiresAt) ?? Number.POSITIVE_INFINITY;
        return x === y ? 0 : direction * (x < y ? -1 : 1);
      }
      default:
        return (
          direction * (a[sort.key] ?? '').localeCompare(b[sort.key] ?? '', 'en', { numeric: true, sensitivity: 'base' })
        );
    }
  };
  return [...rules].sort((a, b) => compare(a, b) || b.createdAt.localeCompare(a.createdAt));
}

export function visibleIpRules(
  rules: readonly IpRule[],
  search: string,
  status: IpRuleStatusFilter,
  sort: IpRuleSort,
  now: Date,
): IpRule[] {
  const filtered = rules.filter(
    (rule) => matchesSearch(rule, search) && (status === 'ALL' || ipRuleStatus(rule, now) === status),
  );
  return sortIpRules(filtered, sort);
}

export function countIpRules(rules: readonly IpRule[], now: Date): Record<IpRuleStatus, number> {
  const counts: Record<IpRuleStatus, number> = { ACTIVE: 0, INACTIVE: 0, EXPIRED: 0 };
  for (const rule of rules) counts[ipRuleStatus(rule, now)] += 1;
  return counts;
}

/** The date picker's value: YYYY-MM-DD in the browser's time zone. */
export function localDateInput(value: Date | string): string {
  const date = new Date(value);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A picked date means "through that day" where the user is: the end of that local day, as ISO. Empty means none (null). */
export function expiryFromDateInput(value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  const date = new Date(`${text}T23:59:59.999`);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}

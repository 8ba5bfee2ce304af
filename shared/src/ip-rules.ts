import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/** The admin IP whitelist (admin-management spec 2.3, 5.1): one rule set for the form and the server. */
export const IP_RULE_MESSAGES = {
  ipRequired: 'IP address is required',
  ipInvalid: 'Invalid IP address format. Use single IP (192.168.1.10) or CIDR notation (192.168.1.0/24)',
  descriptionRequired: 'Description is required',
  descriptionTooLong: 'Description must be at most 500 characters',
  expiryInPast: 'Expiration date must be in the future',
  expiryInvalid: 'Invalid expiration date',
  isActiveInvalid: 'isActive must be true or false',
  blocked:
    'Access to the admin area is not allowed from your IP address. Ask a Super Administrator to add it to the IP whitelist.',
  selfLockout:
    'This change would block your own current IP address from the admin area: after it, no active IP rule includes your address.',
  notFound: 'IP rule not found',
  // Section 8.
  fetchFailed: 'Failed to fetch IP rules',
  loadFailed: 'Failed to load IP rules',
  deleteFailed: 'Failed to delete IP rule',
  updateFailed: 'Failed to update IP rule',
  createFailed: 'Failed to create IP rule',
  deleted: 'IP rule deleted successfully',
  activated: 'IP rule activated successfully',
  deactivated: 'IP rule deactivated successfully',
  created: 'IP rule created successfully',
  updated: 'IP rule updated successfully',
  deleteConfirm: 'Are you sure you want to delete this IP rule? This action cannot be undone.',
} as const;

/** The longest rule text: an IPv4-mapped IPv6 with a prefix is 49 characters. */
export const IP_RULE_MAX_LENGTH = 64;
export const IP_RULE_DESCRIPTION_MAX_LENGTH = 500;

export interface ParsedIpRule {
  /** The rule's one text form: network address for a range, RFC 5952 for IPv6, IPv4-mapped IPv6 as IPv4. */
  normalized: string;
  address: ipaddr.IPv4 | ipaddr.IPv6;
  /** The prefix length; a single address is a full-length prefix (32 or 128). */
  prefix: number;
}

const RULE_CHARACTERS = /^[0-9A-Fa-f:./]+$/;
const PREFIX = /^(?:0|[1-9][0-9]{0,2})$/;

/** One address: a strict four-part decimal IPv4 (no `127.1`, no octal), or any IPv6 text form without a zone. */
function parseAddress(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (!text.includes(':') || !ipaddr.IPv6.isValid(text)) return null;
  const address = ipaddr.IPv6.parse(text);
  return address.isIPv4MappedAddress() ? address.toIPv4Address() : address;
}

/**
 * A rule as typed (trimmed): a single IPv4 or IPv6 address, or either with a prefix (0-32, 0-128).
 * Every IPv6 text form is taken (full eight groups, `::1`, `::`, compressed), since they name the
 * same addresses and the list shows the compressed form. Null when it is none of these.
 */
export function parseIpRule(input: string): ParsedIpRule | null {
  const text = input.trim();
  if (text.length === 0 || text.length > IP_RULE_MAX_LENGTH || !RULE_CHARACTERS.test(text)) return null;
  const slash = text.indexOf('/');
  if (slash === -1) {
    const address = parseAddress(text);
    if (!address) return null;
    const normalized = address.kind() === 'ipv4' ? address.toString() : (address as ipaddr.IPv6).toRFC5952String();
    return { normalized, address, prefix: address.kind() === 'ipv4' ? 32 : 128 };
  }
  const prefixText = text.slice(slash + 1);
  const addressText = text.slice(0, slash);
  if (!PREFIX.test(prefixText)) return null;
  let prefix = Number(prefixText);
  const isV4 = ipaddr.IPv4.isValidFourPartDecimal(addressText);
  if (!isV4 && !(addressText.includes(':') && ipaddr.IPv6.isValid(addressText))) return null;
  if (prefix > (isV4 ? 32 : 128)) return null;
  if (isV4) {
    const network = ipaddr.IPv4.networkAddressFromCIDR(`${addressText}/${prefix}`);
    return { normalized: `${network.toString()}/${prefix}`, address: network, prefix };
  }
  let network: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.IPv6.networkAddressFromCIDR(`${addressText}/${prefix}`);
  // A range inside ::ffff:0:0/96 is an IPv4 range written as IPv6.
  if (prefix >= 96 && network.isIPv4MappedAddress()) {
    network = network.toIPv4Address();
    prefix -= 96;
    return { normalized: `${network.toString()}/${prefix}`, address: network, prefix };
  }
  return { normalized: `${network.toRFC5952String()}/${prefix}`, address: network, prefix };
}

/** The rule's normalised text, or null when it is not a rule. */
export const normalizeIpRule = (input: string): string | null => parseIpRule(input)?.normalized ?? null;

/**
 * Whether a client address falls inside any of the rules. An IPv4 client (including one that
 * arrived as IPv4-mapped IPv6) matches IPv4 rules, and IPv6 rules through its mapped form (`::/0`
 * is every address). Anything that is not an address (`unknown`) matches nothing.
 */
export function addressAllowed(ip: string, rules: readonly string[]): boolean {
  const client = parseAddress(ip.trim());
  if (!client) return false;
  const mapped = client.kind() === 'ipv4' ? (client as ipaddr.IPv4).toIPv4MappedAddress() : null;
  for (const text of rules) {
    const rule = parseIpRule(text);
    if (!rule) continue;
    if (rule.address.kind() === client.kind()) {
      if (client.match(rule.address, rule.prefix)) return true;
    } else if (mapped && rule.address.kind() === 'ipv6' && mapped.match(rule.address, rule.prefix)) {
      return true;
    }
  }
  return false;
}

/** The label the list shows: Expired takes precedence over active or inactive (spec 4). */
export type IpRuleStatus = 'ACTIVE' | 'INACTIVE' | 'EXPIRED';

export function ipRuleStatus(rule: { isActive: boolean; expiresAt: string | Date | null }, now: Date): IpRuleStatus {
  if (rule.expiresAt !== null && new Date(rule.expiresAt).getTime() <= now.getTime()) return 'EXPIRED';
  return rule.isActive ? 'ACTIVE' : 'INACTIVE';
}

/** Whether a rule admits addresses now: active and not expired. */
export const ipRuleInForce = (rule: { isActive: boolean; expiresAt: string | Date | null }, now: Date) =>
  ipRuleStatus(rule, now) === 'ACTIVE';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * An expiry as sent: an ISO date-time with its offset, or a date alone meaning the end of that day
 * in UTC (the screen sends the end of the chosen day in the user's own time zone). Null when the
 * text is neither.
 */
export function parseExpiry(text: string): Date | null {
  if (text.length > 40) return null;
  const iso = DATE_ONLY.test(text)
    ? z.iso.date().safeParse(text).success
      ? `${text}T23:59:59.999Z`
      : null
    : z.iso.datetime({ offset: true }).safeParse(text).success
      ? text
      : null;
  if (iso === null) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

const ipAddressSchema = z
  .string({ error: IP_RULE_MESSAGES.ipRequired })
  .max(1000, { message: IP_RULE_MESSAGES.ipInvalid, abort: true })
  .trim()
  .min(1, { message: IP_RULE_MESSAGES.ipRequired, abort: true })
  .max(IP_RULE_MAX_LENGTH, { message: IP_RULE_MESSAGES.ipInvalid, abort: true })
  .refine((value) => parseIpRule(value) !== null, IP_RULE_MESSAGES.ipInvalid)
  .transform((value) => parseIpRule(value)!.normalized);

const descriptionSchema = z
  .string({ error: IP_RULE_MESSAGES.descriptionRequired })
  .max(10_000, { message: IP_RULE_MESSAGES.descriptionTooLong, abort: true })
  .trim()
  .min(1, { message: IP_RULE_MESSAGES.descriptionRequired, abort: true })
  .max(IP_RULE_DESCRIPTION_MAX_LENGTH, IP_RULE_MESSAGES.descriptionTooLong);

function expiresAtSchema(now: () => Date) {
  return z
    .union([z.null(), z.string({ error: IP_RULE_MESSAGES.expiryInvalid }).max(40, IP_RULE_MESSAGES.expiryInvalid)], {
      error: IP_RULE_MESSAGES.expiryInvalid,
    })
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim() ?? '';
      if (text === '') return null;
      const date = parseExpiry(text);
      if (!date) {
        ctx.addIssue({ code: 'custom', message: IP_RULE_MESSAGES.expiryInvalid });
        return z.NEVER;
      }
      if (date.getTime() <= now().getTime()) {
        ctx.addIssue({ code: 'custom', message: IP_RULE_MESSAGES.expiryInPast });
        return z.NEVER;
      }
      return date;
    });
}

/** Deliberately saving a change that leaves the caller's own address outside every active rule. */
const confirmSelfLockoutSchema = z.boolean({ error: 'confirmSelfLockout must be true or false' }).optional();

/**
 * POST /admin/ip-whitelist, and PUT with the full body: the rule, its description and optional
 * expiry (null or empty for none). `now` is the clock the expiry is judged against.
 */
export function ipRuleInputSchema(now: () => Date = () => new Date()) {
  return z.object({
    ipAddress: ipAddressSchema,
    description: descriptionSchema,
    expiresAt: expiresAtSchema(now),
    isActive: z.boolean({ error: IP_RULE_MESSAGES.isActiveInvalid }).optional(),
    confirmSelfLockout: confirmSelfLockoutSchema,
  });
}
export type IpRuleInput = z.infer<ReturnType<typeof ipRuleInputSchema>>;

/** PUT /admin/ip-whitelist/{id} with `isActive` alone: the toggle. */
export const ipRuleToggleSchema = z.object({
  isActive: z.boolean({ error: IP_RULE_MESSAGES.isActiveInvalid }),
  confirmSelfLockout: confirmSelfLockoutSchema,
});

/** DELETE /admin/ip-whitelist/{id} may carry the confirmation in a JSON body. */
export const ipRuleDeleteSchema = z.object({ confirmSelfLockout: confirmSelfLockoutSchema });

/** A PUT body is the toggle when it names neither the address nor the description. */
export const isToggleBody = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && !('ipAddress' in body) && !('description' in body) && 'isActive' in body;

/** A rule as the API returns it (the list arrives under `data`). */
export const ipRuleSchema = z.object({
  id: z.string(),
  ipAddress: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  /** The username of the admin who added it, or `system` for the recovery command. */
  addedBy: z.string().nullable(),
  addedById: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type IpRule = z.infer<typeof ipRuleSchema>;

export const ipRuleListResponseSchema = z.object({ success: z.literal(true), data: z.array(ipRuleSchema) });
export const ipRuleResponseSchema = z.object({
  success: z.literal(true),
  data: ipRuleSchema,
  message: z.string().optional(),
});

/** A self-lockout 409 names this field in `errors`, so the screen knows to ask for confirmation. */
export const SELF_LOCKOUT_FIELD = 'confirmSelfLockout';

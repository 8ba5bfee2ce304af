import { describe, expect, it } from 'vitest';
import { fieldErrors } from './api-error';
import {
  addressAllowed,
  IP_RULE_MESSAGES as M,
  ipRuleInputSchema,
  ipRuleStatus,
  isToggleBody,
  normalizeIpRule,
  parseExpiry,
} from './ip-rules';

const now = new Date('2026-03-01T12:00:00Z');
const schema = ipRuleInputSchema(() => now);
const errorsOf = (value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrors(result.error);
};

describe('normalizeIpRule: every form of spec 5.1', () => {
  it.each([
    ['192.168.1.10', '192.168.1.10'],
    ['  10.0.0.1  ', '10.0.0.1'],
    ['0.0.0.0', '0.0.0.0'],
    ['255.255.255.255', '255.255.255.255'],
    ['192.168.1.0/24', '192.168.1.0/24'],
    ['192.168.1.77/24', '192.168.1.0/24'],
    ['10.1.2.3/0', '0.0.0.0/0'],
    ['10.1.2.3/32', '10.1.2.3/32'],
    ['2001:0db8:0000:0000:0000:ff00:0042:8329', '2001:db8::ff00:42:8329'],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['::1', '::1'],
    ['::', '::'],
    ['2001:db8::1', '2001:db8::1'],
    ['2001:db8:abcd:12::/64', '2001:db8:abcd:12::/64'],
    ['2001:db8::1/0', '::/0'],
    ['2001:db8::1/128', '2001:db8::1/128'],
    ['::/0', '::/0'],
    ['::ffff:192.0.2.5', '192.0.2.5'],
    ['::ffff:192.0.2.0/120', '192.0.2.0/24'],
  ])('accepts %s as %s', (input, normalized) => {
    expect(normalizeIpRule(input)).toBe(normalized);
  });

  it.each([
    '',
    '   ',
    '256.1.1.1',
    '1.2.3',
    '127.1',
    '010.1.1.1',
    '0x7f.0.0.1',
    '1.2.3.4.5',
    '1.2.3.4/33',
    '1.2.3.4/-1',
    '1.2.3.4/024',
    '1.2.3.4/',
    '/24',
    '1.2.3.4/24/1',
    '2001:db8::1/129',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    'fe80::1%eth0',
    'gggg::1',
    'localhost',
    `${'1'.repeat(70)}`,
  ])('refuses %j', (input) => {
    expect(normalizeIpRule(input)).toBeNull();
  });
});

describe('addressAllowed', () => {
  it('matches single addresses and ranges, edges included', () => {
    expect(addressAllowed('192.168.1.10', ['192.168.1.10'])).toBe(true);
    expect(addressAllowed('192.168.1.11', ['192.168.1.10'])).toBe(false);
    expect(addressAllowed('192.168.1.255', ['192.168.1.0/24'])).toBe(true);
    expect(addressAllowed('192.168.2.0', ['192.168.1.0/24'])).toBe(false);
    expect(addressAllowed('8.8.8.8', ['0.0.0.0/0'])).toBe(true);
    expect(addressAllowed('10.0.0.1', ['10.0.0.1/32'])).toBe(true);
    expect(addressAllowed('10.0.0.2', ['10.0.0.1/32'])).toBe(false);
    expect(addressAllowed('2001:db8::2', ['2001:db8::1/128'])).toBe(false);
    expect(addressAllowed('2001:db8::1', ['2001:db8::1/128'])).toBe(true);
    expect(addressAllowed('2001:db8:0:0:ffff::1', ['2001:db8::/64'])).toBe(true);
    expect(addressAllowed('2001:db8:0:1::1', ['2001:db8::/64'])).toBe(false);
    expect(addressAllowed('2001:db8::1', ['::/0'])).toBe(true);
  });

  it('matches IPv6 loopback and an IPv4-mapped client against its IPv4 rule', () => {
    expect(addressAllowed('::1', ['::1'])).toBe(true);
    expect(addressAllowed('::1', ['127.0.0.1'])).toBe(false);
    expect(addressAllowed('::ffff:127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(addressAllowed('::ffff:10.1.2.3', ['10.0.0.0/8'])).toBe(true);
    expect(addressAllowed('10.1.2.3', ['::ffff:10.0.0.0/104'])).toBe(true);
    expect(addressAllowed('10.1.2.3', ['::/0'])).toBe(true);
  });

  it('matches nothing for a non-address, and ignores rules that do not parse', () => {
    expect(addressAllowed('unknown', ['0.0.0.0/0', '::/0'])).toBe(false);
    expect(addressAllowed('10.0.0.1', ['nonsense', '10.0.0.1'])).toBe(true);
    expect(addressAllowed('10.0.0.1', [])).toBe(false);
  });
});

describe('ipRuleInputSchema', () => {
  it('trims, normalises and turns an empty expiry into null', () => {
    expect(schema.parse({ ipAddress: ' 10.0.0.7/8 ', description: '  Office  ', expiresAt: '' })).toEqual({
      ipAddress: '10.0.0.0/8',
      description: 'Office',
      expiresAt: null,
    });
    expect(schema.parse({ ipAddress: '::1', description: 'Loopback' }).expiresAt).toBeNull();
  });

  it("gives the spec's messages", () => {
    expect(errorsOf({ description: 'x' })).toEqual({ ipAddress: M.ipRequired });
    expect(errorsOf({ ipAddress: '   ', description: 'x' })).toEqual({ ipAddress: M.ipRequired });
    expect(errorsOf({ ipAddress: '1.2.3.4/33', description: 'x' })).toEqual({ ipAddress: M.ipInvalid });
    expect(M.ipInvalid).toBe(
      'Invalid IP address format. Use single IP (192.168.1.10) or CIDR notation (192.168.1.0/24)',
    );
    expect(errorsOf({ ipAddress: '1.2.3.4', description: '  ' })).toEqual({ description: M.descriptionRequired });
    expect(errorsOf({ ipAddress: '1.2.3.4' })).toEqual({ description: M.descriptionRequired });
    expect(errorsOf({ ipAddress: '1.2.3.4', description: 'x', expiresAt: '2026-03-01T11:59:59Z' })).toEqual({
      expiresAt: M.expiryInPast,
    });
    expect(errorsOf({ ipAddress: '1.2.3.4', description: 'x', expiresAt: '2026-03-01T12:00:00Z' })).toEqual({
      expiresAt: M.expiryInPast,
    });
    expect(errorsOf({ ipAddress: '1.2.3.4', description: 'x', expiresAt: 'tomorrow' })).toEqual({
      expiresAt: M.expiryInvalid,
    });
    expect(errorsOf({ ipAddress: '1.2.3.4', description: 'x'.repeat(501) })).toEqual({
      description: M.descriptionTooLong,
    });
  });

  it('takes a future date-time or a date (the end of that day, UTC)', () => {
    expect(
      schema.parse({ ipAddress: '1.2.3.4', description: 'x', expiresAt: '2026-03-01T12:00:01+00:00' }).expiresAt,
    ).toEqual(new Date('2026-03-01T12:00:01Z'));
    expect(schema.parse({ ipAddress: '1.2.3.4', description: 'x', expiresAt: '2026-03-01' }).expiresAt).toEqual(
      new Date('2026-03-01T23:59:59.999Z'),
    );
    expect(parseExpiry('2026-02-30')).toBeNull();
  });

  it('checks the length before any parsing (a huge value is refused at once)', () => {
    const started = performance.now();
    expect(errorsOf({ ipAddress: ':'.repeat(200_000), description: 'x' })).toEqual({ ipAddress: M.ipInvalid });
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('ipRuleStatus and the toggle body', () => {
  it('shows Expired before active or inactive', () => {
    expect(ipRuleStatus({ isActive: true, expiresAt: null }, now)).toBe('ACTIVE');
    expect(ipRuleStatus({ isActive: false, expiresAt: null }, now)).toBe('INACTIVE');
    expect(ipRuleStatus({ isActive: true, expiresAt: '2026-03-01T11:00:00Z' }, now)).toBe('EXPIRED');
    expect(ipRuleStatus({ isActive: false, expiresAt: new Date('2026-02-01') }, now)).toBe('EXPIRED');
    expect(ipRuleStatus({ isActive: true, expiresAt: '2026-04-01T00:00:00Z' }, now)).toBe('ACTIVE');
  });

  it('tells the toggle from a full edit', () => {
    expect(isToggleBody({ isActive: false })).toBe(true);
    expect(isToggleBody({ isActive: false, confirmSelfLockout: true })).toBe(true);
    expect(isToggleBody({ ipAddress: '1.2.3.4', description: 'x', isActive: false })).toBe(false);
    expect(isToggleBody(null)).toBe(false);
  });
});

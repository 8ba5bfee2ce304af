import { describe, expect, it } from 'vitest';
import { clientAddressFrom, throttleAddress, UNKNOWN_ADDRESS } from './client-address';

const SOCKET = '10.0.0.5';

describe('clientAddressFrom', () => {
  it('takes the entry as many places from the right as there are proxies, never the leftmost', () => {
    expect(clientAddressFrom('6.6.6.6, 203.0.113.7', SOCKET, 1)).toBe('203.0.113.7');
    expect(clientAddressFrom('6.6.6.6, 203.0.113.7, 10.0.0.9', SOCKET, 2)).toBe('203.0.113.7');
    expect(clientAddressFrom('203.0.113.7', SOCKET, 1)).toBe('203.0.113.7');
  });

  it('reads the entries of several X-Forwarded-For headers as one list, in order', () => {
    // fetch's Headers and Node both join repeated headers with ", ".
    expect(clientAddressFrom(['6.6.6.6, 7.7.7.7', '203.0.113.7'].join(', '), SOCKET, 1)).toBe('203.0.113.7');
    expect(clientAddressFrom(['6.6.6.6', '203.0.113.7, 10.0.0.9'].join(', '), SOCKET, 2)).toBe('203.0.113.7');
  });

  it('ignores the header without trusted proxies', () => {
    expect(clientAddressFrom('203.0.113.7', SOCKET, 0)).toBe(SOCKET);
  });

  it('falls back to the socket address when the header is missing or has too few entries', () => {
    expect(clientAddressFrom(undefined, SOCKET, 1)).toBe(SOCKET);
    expect(clientAddressFrom('203.0.113.7', SOCKET, 2)).toBe(SOCKET);
  });

  it('falls back to the socket address when the chosen entry is not an IP address', () => {
    for (const garbage of [
      '',
      ' ',
      'unknown',
      'evil.example',
      '127.1',
      '0x7f.0.0.1',
      '010.1.1.1',
      '1.2.3.4:80',
      '[2001:db8::1]',
      '256.1.1.1',
      '1.2.3.4; DROP',
    ]) {
      expect(clientAddressFrom(`203.0.113.7, ${garbage}`, SOCKET, 1), garbage).toBe(SOCKET);
    }
    expect(clientAddressFrom('203.0.113.7,', SOCKET, 1)).toBe(SOCKET);
  });

  it('reduces IPv4-mapped IPv6 to IPv4 and writes IPv6 in one form, from the header and the socket alike', () => {
    expect(clientAddressFrom('::ffff:203.0.113.7', SOCKET, 1)).toBe('203.0.113.7');
    expect(clientAddressFrom('::FFFF:CB00:7107', SOCKET, 1)).toBe('203.0.113.7');
    expect(clientAddressFrom(undefined, '::ffff:127.0.0.1', 0)).toBe('127.0.0.1');
    expect(clientAddressFrom('2001:DB8:0:0:0:0:0:1', SOCKET, 1)).toBe('2001:db8::1');
    expect(clientAddressFrom(undefined, 'fe80::1%eth0', 0)).toBe('fe80::1');
    expect(clientAddressFrom(' 203.0.113.7 ', SOCKET, 1)).toBe('203.0.113.7');
  });

  it('says unknown when there is no usable socket address either', () => {
    expect(clientAddressFrom(undefined, undefined, 0)).toBe(UNKNOWN_ADDRESS);
    expect(clientAddressFrom('garbage', undefined, 1)).toBe(UNKNOWN_ADDRESS);
  });
});

describe('throttleAddress', () => {
  it('keys an IPv4 client by its address', () => {
    expect(throttleAddress('203.0.113.7')).toBe('203.0.113.7');
  });

  it('keys an IPv6 client by its /64 network', () => {
    expect(throttleAddress('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  });

  it('keys an IPv4-mapped address as IPv4, not as the /64 that every IPv4 client would share', () => {
    expect(throttleAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('leaves a value that is not an address as it is', () => {
    expect(throttleAddress(UNKNOWN_ADDRESS)).toBe(UNKNOWN_ADDRESS);
  });
});

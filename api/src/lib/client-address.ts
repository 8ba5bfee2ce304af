import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import ipaddr from 'ipaddr.js';

/** What stands for the address when there is none to take (in-process requests have no socket). */
export const UNKNOWN_ADDRESS = 'unknown';

/**
 * An address in one text form, or undefined when the text is not an IP address. Stricter than
 * `ipaddr.isValid`, which also takes `127.1`, `0x7f.0.0.1` and `010.1.1.1` (octal).
 */
function normalizeAddress(text: string): string | undefined {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text).toString();
  if (!ipaddr.IPv6.isValid(text)) return undefined;
  const address = ipaddr.IPv6.parse(text);
  if (address.isIPv4MappedAddress()) return address.toIPv4Address().toString();
  // A zone (`%eth0`) names an interface of the machine that saw the address, not the client.
  return new ipaddr.IPv6(address.parts).toRFC5952String();
}

/**
 * The client address given X-Forwarded-For (all its headers joined with commas, as fetch's
 * Headers and Node join them) and the socket's address. Each of the `trustedProxies` proxies
 * appends the address it received from, so the client is that many entries from the right; the
 * entries further left are whatever the client chose to send.
 */
export function clientAddressFrom(
  forwardedFor: string | undefined,
  socketAddress: string | undefined,
  trustedProxies: number,
): string {
  if (trustedProxies > 0 && forwardedFor !== undefined) {
    const entries = forwardedFor.split(',');
    const entry = entries.length >= trustedProxies ? entries[entries.length - trustedProxies] : undefined;
    const forwarded = entry === undefined ? undefined : normalizeAddress(entry.trim());
    if (forwarded) return forwarded;
  }
  return (socketAddress === undefined ? undefined : normalizeAddress(socketAddress)) ?? UNKNOWN_ADDRESS;
}

/** The client address of a request: the only place one is derived (see `clientAddressFrom`). */
export function clientAddress(c: Context, trustedProxies: number): string {
  let socketAddress: string | undefined;
  try {
    socketAddress = getConnInfo(c).remote.address;
  } catch {
    // In-process requests (app.request in tests) have no socket.
  }
  return clientAddressFrom(c.req.header('X-Forwarded-For'), socketAddress, trustedProxies);
}

/**
 * The key a throttle counts a client address under: an IPv4 address as it is, an IPv6 client by
 * its /64 network (`2001:db8:1:2::/64`), since one subscriber is given a whole /64 and can change
 * the rest at will.
 */
export function throttleAddress(ip: string): string {
  const normalized = normalizeAddress(ip);
  if (normalized === undefined || ipaddr.IPv4.isValidFourPartDecimal(normalized)) return normalized ?? ip;
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${normalized}/64`).toRFC5952String()}/64`;
}

/**
 * The key a throttle counts a client address under. (To be completed by the client-address work:
 * an IPv6 client is keyed by its /64 network, since one subscriber holds a whole /64.)
 */
export function throttleAddress(ip: string): string {
  return ip;
}

import type { BlockList } from 'node:net';
import { isIP } from 'node:net';
import { parseAllowedHosts } from '../streams/stream-address';

/** CFOP_METRICS_ALLOW unset: the server's own host only (a Prometheus agent beside it). */
export const defaultMetricsAllow = '127.0.0.0/8,::1';

/**
 * CFOP_METRICS_ALLOW read: the addresses and CIDR ranges that may read /metrics without a session
 * (comma-separated); answers the entries it could not read beside what it could.
 */
export function parseMetricsAllow(text: string): { allowed: BlockList; bad: string[] } {
  // The allow-lists' reading, where a host name is no answer: a scrape is judged by its address.
  const { allowed, bad } = parseAllowedHosts(text);
  return { allowed: allowed.addresses, bad: [...bad, ...allowed.names] };
}

export const loopbackOnly = parseMetricsAllow(defaultMetricsAllow).allowed;

/**
 * Whether the caller's address (request.ip: the peer's, or the X-Forwarded-For of a trusted proxy)
 * is on the list; an IPv4 address seen as IPv6 (::ffff:10.0.0.5) matches the IPv4 entries.
 */
export function isAllowed(allowed: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && allowed.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

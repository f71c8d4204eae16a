import { BlockList, isIP } from 'node:net';
import { readAddressRange } from '../cameras/stream-address';

/** CFOP_METRICS_ALLOW unset: the server's own host only (a Prometheus agent beside it). */
export const defaultMetricsAllow = '127.0.0.0/8,::1';

/**
 * CFOP_METRICS_ALLOW read: the addresses and CIDR ranges that may read /metrics without a session
 * (comma-separated); answers the entries it could not read beside what it could.
 */
export function parseMetricsAllow(text: string): { allowed: BlockList; bad: string[] } {
  const allowed = new BlockList();
  const bad: string[] = [];
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const range = readAddressRange(entry);
    if (range === null) bad.push(entry);
    else if (range.bits === null) allowed.addAddress(range.address, range.type);
    else allowed.addSubnet(range.address, range.bits, range.type);
  }
  return { allowed, bad };
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

import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** Where a call comes from, as the server keeps it and as its limits count it. */
export interface ClientAddress {
  /**
   * The client's own address, for the operation log and the session's record: an IPv4-mapped IPv6
   * address written as IPv4, IPv6 in its short form.
   */
  readonly exact: string;
  /**
   * What every limit keyed by address counts the call under (sign-in failures, SMS sends, the
   * hashing queue, the log's tallies): an IPv4 address as it is, an IPv6 one by its prefix
   * (`2001:db8:1:2::/64`), since one host or home is handed a whole /64 and could otherwise
   * spread its guesses over as many addresses as it likes.
   */
  readonly countsAs: string;
}

/** A /64 is what one subscriber (a host, a home, an office) is handed; it is never split between them. */
export const defaultIpv6PrefixBits = 64;
export const ipv6PrefixBitsRange = { min: 32, max: 128 } as const;

/**
 * The address a request comes from: request.ip (the client a trusted proxy reports, else the peer
 * that connected). A forwarded value that is no address (a proxy passing on a client's own made-up
 * header) counts as the proxy that sent it, so it cannot buy a fresh count.
 */
export function clientAddress(request: FastifyRequest, ipv6PrefixBits: number): ClientAddress {
  const exact = canonicalAddress(request.ip) ?? canonicalAddress(request.socket.remoteAddress ?? '') ?? '';
  return { exact, countsAs: countedAddress(exact, ipv6PrefixBits) };
}

/** The address in one spelling (IPv4-mapped as IPv4, IPv6 short and lower case, no zone); null if none. */
function canonicalAddress(text: string): string | null {
  const family = isIP(text);
  if (family === 4) return text;
  if (family !== 6) return null;
  const groups = ipv6Groups(text);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  return mapped ? ipv4Of(groups[6] as number, groups[7] as number) : ipv6Text(groups);
}

/** An IPv6 address (canonical) as its first `prefixBits` bits; anything else as it is. */
function countedAddress(address: string, prefixBits: number): string {
  if (isIP(address) !== 6 || prefixBits >= 128) return address;
  const groups = ipv6Groups(address).map((group, index) => {
    const kept = Math.min(16, Math.max(0, prefixBits - 16 * index));
    return group & ((0xffff << (16 - kept)) & 0xffff);
  });
  return `${ipv6Text(groups)}/${prefixBits}`;
}

/** The eight 16-bit groups of an IPv6 address (which isIP accepted). */
function ipv6Groups(address: string): number[] {
  // A zone (`%eth0`) names the host's interface, no part of the address; the URL parser writes an
  // embedded IPv4 part in hex.
  const short = new URL(`http://[${address.replace(/%.*$/, '')}]`).hostname.slice(1, -1);
  const [head = '', tail] = short.split('::');
  const part = (text: string) => (text === '' ? [] : text.split(':').map((group) => parseInt(group, 16)));
  if (tail === undefined) return part(head);
  const [front, back] = [part(head), part(tail)];
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

function ipv6Text(groups: readonly number[]): string {
  return new URL(`http://[${groups.map((group) => group.toString(16)).join(':')}]`).hostname.slice(1, -1);
}

function ipv4Of(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

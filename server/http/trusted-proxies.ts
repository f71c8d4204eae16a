import { readAddressRange } from '../streams/stream-address';

/** The names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const rangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Whether one entry is an IP address, an address with a prefix length (CIDR), or a range's name. */
const isProxyAddress = (entry: string) => rangeNames.has(entry) || readAddressRange(entry) !== null;

/**
 * CFOP_TRUSTED_PROXIES read: the addresses of the reverse proxies (nginx) whose X-Forwarded-For the
 * server believes, so the operation log and the sign-in and SMS limits see the browser's address
 * instead of the proxy's. Only the peer that connected is checked: a browser sending the header
 * itself, straight to the server, is not believed (clientAddress then reads request.ip).
 * Answers the entries, and those that are none.
 */
export function parseTrustedProxies(text: string): { proxies: string[]; bad: string[] } {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  return {
    proxies: entries.filter(isProxyAddress),
    bad: entries.filter((entry) => !isProxyAddress(entry)),
  };
}

import type { AuthContext } from '../auth/auth-context';

/** What the HTTP pipeline needs of the app around the handlers it calls. */
export interface HttpContext extends AuthContext {
  /** How many leading bits of an IPv6 client's address its limits count it by (CFOP_IPV6_PREFIX_BITS). */
  readonly ipv6PrefixBits: number;
}

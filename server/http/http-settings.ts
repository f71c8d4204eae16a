import type { SettingsReader } from '../kernel/env-settings';
import { defaultIpv6PrefixBits, ipv6PrefixBitsRange } from './client-address';
import { parseTrustedProxies } from './trusted-proxies';

/** Whom the HTTP pipeline believes about a client's address, and how it counts IPv6 clients. */
export interface HttpSettings {
  /** CFOP_TRUSTED_PROXIES: the reverse proxies whose X-Forwarded-For is believed; none by default. */
  readonly trustedProxies: readonly string[];
  /** CFOP_IPV6_PREFIX_BITS: how many leading bits of an IPv6 client's address its limits count by. */
  readonly ipv6PrefixBits: number;
}

export function readHttpSettings(settings: SettingsReader): HttpSettings {
  const trusted = parseTrustedProxies(settings.text('CFOP_TRUSTED_PROXIES') ?? '');
  if (trusted.bad.length > 0)
    settings.bad(
      'CFOP_TRUSTED_PROXIES',
      `应为逗号分隔的 IP 地址、CIDR 网段或 loopback，无法识别：${trusted.bad.join('、')}`,
      `must be comma-separated IP addresses, CIDR ranges or loopback; not one: ${trusted.bad.join(', ')}`,
    );
  return {
    trustedProxies: trusted.proxies,
    ipv6PrefixBits: settings.number('CFOP_IPV6_PREFIX_BITS', {
      ...ipv6PrefixBitsRange,
      fallback: defaultIpv6PrefixBits,
    }),
  };
}

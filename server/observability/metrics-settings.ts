import type { BlockList } from 'node:net';
import type { SettingsReader } from '../kernel/env-settings';
import { defaultMetricsAllow, parseMetricsAllow } from './metrics-access';

/** Who may read /metrics. */
export interface MetricsSettings {
  /** CFOP_METRICS_ALLOW: the addresses that may read /metrics without a session; loopback by default. */
  readonly metricsAllowed: BlockList;
}

export function readMetricsSettings(settings: SettingsReader): MetricsSettings {
  const parsed = parseMetricsAllow(settings.text('CFOP_METRICS_ALLOW') ?? defaultMetricsAllow);
  if (parsed.bad.length > 0)
    settings.bad(
      'CFOP_METRICS_ALLOW',
      `应为逗号分隔的 IP 地址或 CIDR 网段，无法识别：${parsed.bad.join('、')}`,
      `must be comma-separated IP addresses or CIDR ranges; not one: ${parsed.bad.join(', ')}`,
    );
  return { metricsAllowed: parsed.allowed };
}

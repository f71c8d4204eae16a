import type { FastifyBaseLogger } from 'fastify';
import type { SettingsReader } from '../../kernel/env-settings';
import type { StreamAddressPolicy } from '../../streams/stream-address';
import type { DeviceReadOptions } from './onvif-device';
import { multicastDiscovery, type DiscoveryTarget } from './onvif-discovery';
import type { PtzLinks } from './ptz-links';

export interface OnvifSettings {
  /** Where a discovery Probe is sent: the WS-Discovery multicast group; tests aim it at loopback. */
  readonly discoveryTarget: DiscoveryTarget;
  /** Each request to a device, connecting included: a LAN camera answers well within it. */
  readonly requestTimeoutMs: number;
  /** One device's whole reading, a few requests per profile: a device dripping its answers is given up. */
  readonly readTimeoutMs: number;
}

const testPortVariable = 'CFOP_ONVIF_DISCOVERY_TEST_PORT';

/**
 * CFOP_ONVIF_DISCOVERY_TEST_PORT: discovery probes that port on 127.0.0.1 instead of the
 * WS-Discovery group, so a browser test's simulated devices answer it. Only where NODE_ENV=test as
 * well: a real server's probe goes to the group and nowhere else.
 */
export function readOnvifDiscoveryTarget(settings: SettingsReader): DiscoveryTarget {
  const text = settings.text(testPortVariable);
  if (text === undefined) return multicastDiscovery;
  const port = Number(text);
  if (settings.raw('NODE_ENV') === 'test' && Number.isInteger(port) && port >= 1 && port <= 65535)
    return { address: '127.0.0.1', port };
  settings.bad(
    testPortVariable,
    '仅限测试（需 NODE_ENV=test），应为 1 到 65535 的端口号',
    'is for tests only (with NODE_ENV=test), a port from 1 to 65535',
  );
  return multicastDiscovery;
}

/** What the cameras' ONVIF handlers are given: the settings, where a failure's details go, the devices being steered. */
export interface OnvifContext extends OnvifSettings {
  readonly log: FastifyBaseLogger;
  readonly ptzLinks: PtzLinks;
}

export const defaultOnvifSettings: OnvifSettings = {
  discoveryTarget: multicastDiscovery,
  requestTimeoutMs: 5000,
  readTimeoutMs: 30_000,
};

/** How a device is reached: at an address the stream policy allows, within the ONVIF time bounds. */
export function deviceOptionsOf(ctx: {
  readonly streamPolicy: StreamAddressPolicy;
  readonly onvif: OnvifSettings;
}): DeviceReadOptions {
  return {
    policy: ctx.streamPolicy,
    requestTimeoutMs: ctx.onvif.requestTimeoutMs,
    readTimeoutMs: ctx.onvif.readTimeoutMs,
  };
}

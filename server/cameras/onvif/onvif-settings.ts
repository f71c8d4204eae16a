import type { FastifyBaseLogger } from 'fastify';
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

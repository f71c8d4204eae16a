import { wholeSeconds, type SettingsReader } from '../kernel/env-settings';
import { readAllowedHosts, type AllowedHosts } from '../streams/stream-address';
import type { DiscoveryTarget } from './onvif/onvif-discovery';
import { readOnvifDiscoveryTarget } from './onvif/onvif-settings';
import { defaultCameraProbeSeconds } from './stream-probe';

/** Where camera streams may point, and how often unwatched ones are probed. */
export interface CameraSettings {
  /** CFOP_CAMERA_ALLOW_HOSTS; undefined: none beyond the rules (not the machine's own addresses, link-local, metadata or other special ones). */
  readonly cameraAllowedHosts: AllowedHosts | undefined;
  /** CFOP_CAMERA_PROBE_SECONDS: how often unwatched cameras' streams are probed; 0: never. */
  readonly cameraProbeSeconds: number;
  /** Where ONVIF discovery probes: the WS-Discovery group, or a test's loopback port. */
  readonly onvifDiscoveryTarget: DiscoveryTarget;
}

export function readCameraSettings(settings: SettingsReader): CameraSettings {
  return {
    cameraAllowedHosts: readAllowedHosts(settings, 'CFOP_CAMERA_ALLOW_HOSTS'),
    cameraProbeSeconds: settings.number('CFOP_CAMERA_PROBE_SECONDS', {
      fallback: defaultCameraProbeSeconds,
      min: 0,
      max: 86_400,
      noun: wholeSeconds,
    }),
    onvifDiscoveryTarget: readOnvifDiscoveryTarget(settings),
  };
}

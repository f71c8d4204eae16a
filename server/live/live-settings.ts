import type { SettingsReader } from '../kernel/env-settings';
import { defaultLiveMaxStreams } from '../streams/stream-slots';
import { defaultLiveSocketsPerUser } from './socket-quota';

/** How many camera streams and live sockets the live views may hold. */
export interface LiveSettings {
  /** CFOP_LIVE_MAX_STREAMS; undefined: the app's default (16). */
  readonly liveMaxStreams: number | undefined;
  /** CFOP_LIVE_SOCKETS_PER_USER: live sockets one user may hold open on one server. */
  readonly liveSocketsPerUser: number;
}

export function readLiveSettings(settings: SettingsReader): LiveSettings {
  const wholeNumber = (name: string, fallback: number) =>
    settings.number(name, { fallback, min: 1, max: 1000 });
  return {
    liveMaxStreams:
      settings.text('CFOP_LIVE_MAX_STREAMS') === undefined
        ? undefined
        : wholeNumber('CFOP_LIVE_MAX_STREAMS', defaultLiveMaxStreams),
    liveSocketsPerUser: wholeNumber('CFOP_LIVE_SOCKETS_PER_USER', defaultLiveSocketsPerUser),
  };
}

import type { PlatformContext } from '../operations/platform-context';
import type { Recordings } from './recordings';

/** What recording, playback and clips need of the app. */
export interface RecordingContext extends PlatformContext {
  /** The cameras' recorders and the recording store (CFOP_RECORDING_*). */
  readonly recordings: Recordings;
  /** The notification settings' site time zone, in which a clip's file is named. */
  readonly notify: { readonly timeZone: string };
}

import type { PlatformContext } from '../operations/platform-context';
import type { LiveSessions } from './live-sessions';
import type { SocketQuota } from './socket-quota';

/** What the live views need of the app. */
export interface LiveContext extends PlatformContext {
  /** The cameras' live views (one ffmpeg per watched camera stream). */
  readonly live: LiveSessions;
  /** The live sockets each user holds open on this server (CFOP_LIVE_SOCKETS_PER_USER). */
  readonly liveSockets: SocketQuota;
}

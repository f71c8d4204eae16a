import type { AlertsContext } from '../alerts/alerts-context';
import type { FrameGrabber } from '../streams/frame-grab';
import type { StreamAddressPolicy } from '../streams/stream-address';

/** What the cameras need of the app: their alerts and status events, and the video rooms they steer. */
export interface CamerasContext extends Omit<AlertsContext, 'ingest' | 'snapshotLinks'> {
  /** Camera frame grabs (one ffmpeg each, from the live views' budget). */
  readonly frameGrabs: FrameGrabber;
  /** Where camera stream URLs may point (CFOP_CAMERA_ALLOW_HOSTS), checked when they are saved. */
  readonly streamPolicy: StreamAddressPolicy;
  /** The live views running on this server, keyed `cameraId-stream`: a probe leaves them be. */
  readonly live: { running(): readonly string[] };
  /** The recorders, told to start and stop as cameras' recording modes change. */
  readonly recordings: { sync(): Promise<void> };
}

import type { Db } from '../db/open-database';
import type { StatusFeed } from '../cluster/status-feed';
import type { PlatformContext } from '../operations/platform-context';
import type { FrameGrabber } from '../streams/frame-grab';
import type { StreamAddressPolicy } from '../streams/stream-address';
import type { OnvifContext } from './onvif/onvif-settings';

/** Where a camera's stream alert points: the camera, and its AI server (none for a camera without one). */
export interface CameraRef {
  readonly cameraId: number;
  readonly aiServerId: number | null;
}

/**
 * The alerts of cameras whose stream was lost or came back: the alerts' room gives them, so the
 * cameras tell of their streams without raising alerts themselves, nor knowing who is told.
 */
export interface StreamAlerts {
  /** Stores one alert per camera, in the transaction that settled its status. */
  raise(
    db: Db,
    now: Date,
    type: 'cameraStreamLost' | 'cameraStreamBack',
    cameras: readonly CameraRef[],
  ): Promise<void>;
  /** The transaction that raised some committed: whoever shows alerts is told. */
  committed(): void;
}

/**
 * Run in the transaction that deletes cameras, before their rows go: a room above them (analysis)
 * moves what it keeps of them. The composition root gives it, as the alerts' room gives StreamAlerts.
 */
export type CamerasDeleting = (trx: Db, ids: readonly number[]) => Promise<void>;

/** What the cameras need of the app: the feeds their changes go to, and the video rooms they steer. */
export interface CamerasContext extends PlatformContext {
  /** Carries status changes of cameras and AI servers to the consoles' event streams. */
  readonly statusFeed: StatusFeed;
  /** Raises the alerts of cameras whose stream was lost or came back. */
  readonly streamAlerts: StreamAlerts;
  /** Camera frame grabs (one ffmpeg each, from the live views' budget). */
  readonly frameGrabs: FrameGrabber;
  /** Where camera stream URLs may point (CFOP_CAMERA_ALLOW_HOSTS), checked when they are saved. */
  readonly streamPolicy: StreamAddressPolicy;
  /** Where ONVIF discovery probes, how long a device may take to answer, and the log of failures. */
  readonly onvif: OnvifContext;
  /** The live views running on this server, keyed `cameraId-stream`: a probe leaves them be. */
  readonly live: { running(): readonly string[] };
  /** The recorders, told to start and stop as cameras' recording modes change. */
  readonly recordings: { sync(): Promise<void> };
}

import type { AlertFeed } from './alerts/alert-feed';
import type { FrameGrabber } from './cameras/frame-grab';
import type { StreamAddressPolicy } from './cameras/stream-address';
import type { HealthSettings } from './alerts/device-health';
import type { IngestLimits } from './alerts/ingest-limits';
import type { AccessWatch } from './auth/access-watch';
import type { HashingGate } from './auth/hashing-gate';
import type { SignInLimits } from './auth/sign-in-limits';
import type { BackgroundTasks } from './background-tasks';
import type { JobClaims } from './cluster/job-claims';
import type { Clock } from './kernel/clock';
import type { Contract } from './contract/load-contract';
import type { Db } from './db/open-database';
import type { LiveSessions } from './live/live-sessions';
import type { SocketQuota } from './live/socket-quota';
import type { NotifySettings } from './notify/notify-settings';
import type { Recordings } from './recording/recordings';
import type { SmsSender } from './sms/sms-sender';
import type { FileStorage } from './storage/file-storage';
import type { SnapshotLinkSettings } from './alerts/snapshot-link';
import type { StatusFeed } from './events/status-feed';

/** What operation handlers and services share for the life of one app. */
export interface AppContext {
  /** DATA_DIR: the database, the SMS outbox, the server's keys and working folders. */
  readonly dataDir: string;
  /** Stored files (files/…, quarantine/…, recordings/…): DATA_DIR, or STORAGE_DIR shared by all servers. */
  readonly storage: FileStorage;
  readonly db: Db;
  readonly clock: Clock;
  readonly contract: Contract;
  readonly sessionTtlMs: number;
  /** A session unused this long answers 401 like an expired one (CFOP_SESSION_IDLE_MINUTES). */
  readonly sessionIdleMs: number;
  /** Guessing and SMS limits (CFOP_SIGNIN_*, CFOP_SMS_*_PER_HOUR). */
  readonly signInLimits: SignInLimits;
  /** How many leading bits of an IPv6 client's address its limits count it by (CFOP_IPV6_PREFIX_BITS). */
  readonly ipv6PrefixBits: number;
  /** Every password check of an anonymous or ordinary caller passes it. */
  readonly passwordHashing: HashingGate;
  /** Ends open event streams and live sockets whose session ended or lost its key. */
  readonly accessWatch: AccessWatch;
  readonly smsSender: SmsSender;
  readonly background: BackgroundTasks;
  /** Camera frame grabs (one ffmpeg each, from the live views' budget). */
  readonly frameGrabs: FrameGrabber;
  /** Where camera stream URLs may point (CFOP_CAMERA_ALLOW_HOSTS), checked when they are saved. */
  readonly streamPolicy: StreamAddressPolicy;
  /** The cameras' live views (one ffmpeg per watched camera stream). */
  readonly live: LiveSessions;
  /** The live sockets each user holds open on this server (CFOP_LIVE_SOCKETS_PER_USER). */
  readonly liveSockets: SocketQuota;
  /** The cameras' recorders and the recording store (CFOP_RECORDING_*). */
  readonly recordings: Recordings;
  /** Tells the live alert streams that alerts changed. */
  readonly alertFeed: AlertFeed;
  /** Carries status changes of cameras and AI servers to the consoles' event streams. */
  readonly statusFeed: StatusFeed;
  /** Which server runs a periodic job of the estate now (once per interval across servers). */
  readonly jobs: JobClaims;
  /** What an AI server may send: alert times, alert rate, snapshot bytes. */
  readonly ingest: IngestLimits;
  /** When devices count as failed and the levels of their alerts (CFOP_HEALTH_*). */
  readonly health: HealthSettings;
  /** Notification rules: the site's time zone, the console's public address, where webhooks may point. */
  readonly notify: NotifySettings;
  /** How the snapshot links in messages are signed and how long they last. */
  readonly snapshotLinks: SnapshotLinkSettings;
}

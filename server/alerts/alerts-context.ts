import type { StatusFeed } from '../cluster/status-feed';
import type { PlatformContext } from '../operations/platform-context';
import type { HealthSettings } from './device-health';
import type { IngestLimits } from './ingest-limits';
import type { AlertHooks } from './alert-hooks';
import type { SnapshotLinkSettings } from './snapshot-link';

/** What storing, serving and raising alerts needs of the app. */
export interface AlertsContext extends PlatformContext {
  /** Carries status changes of cameras and AI servers to the consoles' event streams. */
  readonly statusFeed: StatusFeed;
  /** What an AI server may send: alert times, alert rate, snapshot bytes. */
  readonly ingest: IngestLimits;
  /** When devices count as failed and the levels of their alerts (CFOP_HEALTH_*). */
  readonly health: HealthSettings;
  /** What the domains above do, in the same transaction, when alerts are stored, handled or removed. */
  readonly alertHooks: AlertHooks;
  /** How the snapshot links in messages are signed and how long they last. */
  readonly snapshotLinks: SnapshotLinkSettings;
}

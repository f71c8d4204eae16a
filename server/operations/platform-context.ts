import type { BackgroundTasks } from '../background-tasks';
import type { JobClaims } from '../cluster/job-claims';
import type { Contract } from '../contract/load-contract';
import type { Db } from '../db/open-database';
import type { Clock } from '../kernel/clock';
import type { FileStorage } from '../storage/file-storage';

/**
 * What the platform gives every domain for the life of one app. A domain that needs more declares
 * its own context over this one, naming only what it uses; the composition root (app.ts) builds
 * the one AppContext that satisfies them all.
 */
export interface PlatformContext {
  /** DATA_DIR: the database, the SMS outbox, the server's keys and working folders. */
  readonly dataDir: string;
  /** Stored files (files/…, quarantine/…, recordings/…): DATA_DIR, or STORAGE_DIR shared by all servers. */
  readonly storage: FileStorage;
  readonly db: Db;
  readonly clock: Clock;
  readonly contract: Contract;
  readonly background: BackgroundTasks;
  /** Which server runs a periodic job of the estate now (once per interval across servers). */
  readonly jobs: JobClaims;
}

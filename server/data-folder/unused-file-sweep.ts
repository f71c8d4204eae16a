import { join } from 'node:path';
import type { PlatformContext } from '../operations/platform-context';
import { later, systemClock } from '../kernel/clock';
import { instanceIdFileName, type Instance } from './instance-identity';
import { databaseFileName } from '../db/open-database';
import { filesPrefix } from '../files/file-keys';
import { purgeQuarantine, quarantinePlace } from '../files/quarantine';
import { removeUnusedFiles, unknownStoredFiles, unusedFileGraceMs } from '../files/unused-files';

export interface UnusedFileSweepOptions extends Pick<
  PlatformContext,
  'db' | 'dataDir' | 'storage' | 'clock'
> {
  readonly log: { info(message: string): void; warn(message: string): void };
  readonly instance: Instance;
  /** How many days removed files stay in quarantine (CFOP_QUARANTINE_DAYS). */
  readonly quarantineDays: number;
}

const putBack =
  "If cfop.sqlite was replaced by mistake (a failed restore), stop the server and put the folder's own database back";

/**
 * One sweep of unused stored files (see removeUnusedFiles) and of quarantine days past keeping.
 * Files the database does not know are only removed when the database is the data folder's own
 * and at least a day old: an empty or foreign database knows none of the folder's files, and
 * sweeping them as stray would remove every one. The first sweep to keep such files says so.
 */
export function createUnusedFileSweep(options: UnusedFileSweepOptions): () => Promise<void> {
  const { db, dataDir, storage, clock, log, instance, quarantineDays } = options;
  const database = join(dataDir, databaseFileName);
  const filesPlace = storage.describe(filesPrefix.slice(0, -1));
  let warned = false;
  const warnOnce = (message: string) => {
    if (!warned) log.warn(message);
    warned = true;
  };
  return async () => {
    const now = clock.now();
    for (const { day, files } of await purgeQuarantine(storage, now, quarantineDays))
      log.info(`deleted ${files} files quarantined on ${day}, past the ${quarantineDays} days they are kept`);

    if (!instance.ownsFolder) {
      const unknown = (await unknownStoredFiles(db, storage)).length;
      const idFile = join(dataDir, instanceIdFileName);
      warnOnce(
        instance.folderId === null
          ? `the database ${database} does not know ${unknown} stored files under ${filesPlace}, and the folder has no instance id to show the database is its own: unused stored files are not swept and those files are kept. ${putBack}; if those files are not wanted, move them out of ${filesPlace} and restart, and the database claims the folder`
          : `the database ${database} is not this data folder's own (its instance id is ${instance.id}, ${idFile} says ${instance.folderId}): unused stored files are not swept, and the ${unknown} stored files under ${filesPlace} it does not know are kept. ${putBack}; if this database is the right one, delete ${idFile}, move the files it does not know out of ${filesPlace} and restart`,
      );
      return;
    }

    const young = instance.createdAt > later(now, -unusedFileGraceMs);
    const outcome = await removeUnusedFiles(
      db,
      storage,
      { stored: later(now, -unusedFileGraceMs), written: later(systemClock.now(), -unusedFileGraceMs) },
      { keepStrays: young, now },
    );
    if (outcome.quarantined > 0) {
      log.info(
        `moved ${outcome.quarantined} unused stored files (${outcome.rows} no longer named) to ${outcome.folder}, deleted after ${quarantineDays} days`,
      );
    }
    if (outcome.strayKept > 0) {
      warnOnce(
        `kept ${outcome.strayKept} stored files under ${filesPlace} that the database does not know: the database was created ${instance.createdAt.toISOString()}, less than a day ago. ${putBack}; otherwise they move to ${quarantinePlace(storage)} once the database is a day old`,
      );
    }
  };
}

import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { later } from '../clock';
import { privateDirMode } from '../data-folder/private-files';
import { filesDir } from './file-store';

/** Where removed stored files wait before they are deleted: DATA_DIR/quarantine/<YYYY-MM-DD>/<path below files>. */
export const quarantineDir = (dataDir: string) => join(dataDir, 'quarantine');

/** How many days removed files are kept unless CFOP_QUARANTINE_DAYS says otherwise. */
export const defaultQuarantineDays = 30;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const dayFolder = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Moves files (paths below DATA_DIR/files) to the quarantine folder of `now`'s day, so a removal
 * by mistake can be undone by moving them back. Answers the folder and how many were moved.
 */
export async function quarantineFiles(
  dataDir: string,
  names: readonly string[],
  now: Date,
): Promise<{ folder: string; moved: number }> {
  const folder = join(quarantineDir(dataDir), dayOf(now));
  let moved = 0;
  for (const name of names) {
    let target = join(folder, name);
    // A file id SQLite gave again after its row went: both copies are kept.
    if (existsSync(target)) target = `${target}.${Date.now()}`;
    await mkdir(dirname(target), { recursive: true, mode: privateDirMode });
    const done = await rename(join(filesDir(dataDir), name), target).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return false;
        throw error;
      },
    );
    if (done) moved += 1;
  }
  return { folder, moved };
}

/**
 * Deletes the quarantine folders of days more than `keepDays` before `now`. Answers each deleted
 * day with how many files it held.
 */
export async function purgeQuarantine(
  dataDir: string,
  now: Date,
  keepDays: number,
): Promise<{ day: string; files: number }[]> {
  const oldestKept = dayOf(later(now, -keepDays * 86_400_000));
  const days = (await readdir(quarantineDir(dataDir)).catch(() => [])).filter(
    (name) => dayFolder.test(name) && name < oldestKept,
  );
  const purged: { day: string; files: number }[] = [];
  for (const day of days.sort()) {
    const folder = join(quarantineDir(dataDir), day);
    const entries = await readdir(folder, { recursive: true, withFileTypes: true });
    await rm(folder, { recursive: true, force: true });
    purged.push({ day, files: entries.filter((entry) => entry.isFile()).length });
  }
  return purged;
}

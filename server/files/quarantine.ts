import { later } from '../kernel/clock';
import type { FileStorage } from '../storage/file-storage';
import { fileKey } from './file-keys';

/** Where removed stored files wait before they are deleted: quarantine/<YYYY-MM-DD>/<name below files/>. */
export const quarantinePrefix = 'quarantine/';

/** The quarantine's place, for messages (DATA_DIR/quarantine in the default storage). */
export const quarantinePlace = (storage: FileStorage) => storage.describe(quarantinePrefix.slice(0, -1));

/** How many days removed files are kept unless CFOP_QUARANTINE_DAYS says otherwise. */
export const defaultQuarantineDays = 30;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const dayFolder = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Moves files (names below files/) to the quarantine folder of `now`'s day, so a removal by
 * mistake can be undone by moving them back. Answers the folder and how many were moved.
 */
export async function quarantineFiles(
  storage: FileStorage,
  names: readonly string[],
  now: Date,
): Promise<{ folder: string; moved: number }> {
  const day = `${quarantinePrefix}${dayOf(now)}`;
  let moved = 0;
  for (const name of names) {
    let target = `${day}/${name}`;
    // A file id the database gave again after its row went: both copies are kept.
    if (await storage.stat(target)) target = `${target}.${Date.now()}`;
    if (await storage.move(fileKey(name), target)) moved += 1;
  }
  return { folder: storage.describe(day), moved };
}

/**
 * Deletes the quarantine folders of days more than `keepDays` before `now`. Answers each deleted
 * day with how many files it held.
 */
export async function purgeQuarantine(
  storage: FileStorage,
  now: Date,
  keepDays: number,
): Promise<{ day: string; files: number }[]> {
  const oldestKept = dayOf(later(now, -keepDays * 86_400_000));
  const files = new Map<string, number>();
  for (const { key } of await storage.list(quarantinePrefix)) {
    const day = key.slice(quarantinePrefix.length).split('/', 1)[0] as string;
    if (dayFolder.test(day) && day < oldestKept) files.set(day, (files.get(day) ?? 0) + 1);
  }
  const purged: { day: string; files: number }[] = [];
  for (const day of [...files.keys()].sort()) {
    await storage.deleteAll(`${quarantinePrefix}${day}/`);
    purged.push({ day, files: files.get(day) ?? 0 });
  }
  return purged;
}

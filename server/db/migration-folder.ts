import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Migration, MigrationProvider } from 'kysely';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));
/** The migration's name is its file's without `.ts`: the name databases record it under. */
const migrationFile = /^(\d{4}-[a-z0-9-]+)\.ts$/;

/**
 * Every migration of the folder, keyed by name in name order (the order they run): each
 * `NNNN-name.ts` module, its tests (`*.test.ts`) left out. A new migration is a new file, nothing
 * else; any other `.ts` file there is a mistake that stops the start, naming it.
 */
export async function readMigrations(dir: string = migrationsDir): Promise<Record<string, Migration>> {
  const files = (await readdir(dir))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort();
  const misnamed = files.filter((file) => !migrationFile.test(file));
  if (misnamed.length > 0) {
    throw new Error(`${dir}: files not named NNNN-name.ts, not run as migrations: ${misnamed.join(', ')}`);
  }
  const entries = await Promise.all(
    files.map(async (file) => {
      const migration = (await import(pathToFileURL(join(dir, file)).href)) as Partial<Migration>;
      if (typeof migration.up !== 'function') throw new Error(`${join(dir, file)}: exports no up()`);
      return [file.slice(0, -'.ts'.length), migration as Migration] as const;
    }),
  );
  return Object.fromEntries(entries);
}

export const migrationProvider: MigrationProvider = { getMigrations: () => readMigrations() };

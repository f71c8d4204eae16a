import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { databaseFileName, openDatabase } from '../db/open-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database with every migration run, which test apps start on a copy of. */
    migratedDatabase: string;
  }
}

/** Migrates one database for the whole run (test-app.ts copies it for each test app). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'cfop-test-template-'));
  await (await openDatabase(dir)).destroy();
  project.provide('migratedDatabase', join(dir, databaseFileName));
  return () => rm(dir, { recursive: true, force: true });
}

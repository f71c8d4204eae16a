import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { databaseFileName, openDatabase } from '../db/open-database';
import { startPostgresCluster } from './postgres-cluster';
import { postgresTemplate, testOnPostgres } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database with every migration run, which test apps start on a copy of. */
    migratedDatabase: string;
  }
}

/**
 * Migrates one database for the whole run, which test-app.ts copies for each test app: a SQLite
 * file, and on a run on PostgreSQL (CFOP_TEST_DATABASE=postgres) a template database on a
 * throw-away cluster started for the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'cfop-test-template-'));
  await (await openDatabase(dir)).destroy();
  project.provide('migratedDatabase', join(dir, databaseFileName));
  const cluster = testOnPostgres ? await startPostgresCluster() : undefined;
  try {
    if (cluster) {
      const admin = new pg.Client({ connectionString: cluster.url('postgres') });
      await admin.connect();
      await admin.query(`create database ${postgresTemplate}`).finally(() => admin.end());
      await (await openDatabase(dir, cluster.url(postgresTemplate))).destroy();
    }
  } catch (error) {
    cluster?.stop();
    throw error;
  }
  project.provide('postgresServer', cluster?.url('').replace(/\/$/, '') ?? '');
  return async () => {
    cluster?.stop();
    await rm(dir, { recursive: true, force: true });
  };
}

import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test-support/test-app';
import { databaseFileName, openDatabase } from '../open-database';
import { migrations } from './index';

const name = '0008-operation-log-action-names';

describe(`migration ${name}`, () => {
  it('gives entries written before it their operationId as action name in both languages', async () => {
    const dataDir = tempDir();
    const sqlite = new SqliteDatabase(join(dataDir, databaseFileName));
    const before = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
    const earlier = Object.fromEntries(Object.entries(migrations).filter(([key]) => key < name));
    const { error } = await new Migrator({
      db: before,
      provider: { getMigrations: async () => earlier },
    }).migrateToLatest();
    expect(error).toBeUndefined();
    sqlite
      .prepare(
        `insert into operation_logs (time, ip, action, result, code) values ('2030-01-01T08:00:00.000Z', '127.0.0.1', 'createAiServer', 'success', '0')`,
      )
      .run();
    await before.destroy();

    const db = await openDatabase(dataDir);
    try {
      const rows = await db
        .selectFrom('operation_logs')
        .select(['action', 'action_name_zh', 'action_name_en'])
        .execute();
      expect(rows).toEqual([
        { action: 'createAiServer', action_name_zh: 'createAiServer', action_name_en: 'createAiServer' },
      ]);
    } finally {
      await db.destroy();
    }
  });
});

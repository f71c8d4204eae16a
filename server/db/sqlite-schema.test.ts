import SqliteDatabase from 'better-sqlite3';
import { expect, test } from 'vitest';
import { tempDir } from '../test-support/test-app';
import { openDatabase } from './open-database';
import { join } from 'node:path';

/**
 * A fresh SQLite database's schema, statement by statement as SQLite keeps it. The recorded file is
 * what every migration wrote before they learnt PostgreSQL's types: SQLite files upgraded from any
 * earlier version must keep their meaning, so a change here is a new migration, not an edit.
 */
test('migrations write the same SQLite schema as always', async () => {
  const dataDir = tempDir();
  await (await openDatabase(dataDir)).destroy();
  const sqlite = new SqliteDatabase(join(dataDir, 'cfop.sqlite'), { readonly: true });
  try {
    const rows = sqlite
      .prepare('select type, name, sql from sqlite_master where sql is not null order by type, name')
      .all() as { type: string; name: string; sql: string }[];
    const schema = rows.map((row) => `-- ${row.type} ${row.name}\n${row.sql};\n`).join('\n');
    await expect(schema).toMatchFileSnapshot('./__snapshots__/sqlite-schema.sql');
  } finally {
    sqlite.close();
  }
});

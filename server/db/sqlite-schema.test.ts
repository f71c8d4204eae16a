import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { expect, test } from 'vitest';
import { migrationProvider } from './migration-folder';

/**
 * The last migration written before the migrations learnt PostgreSQL's types (columnTypes). Those
 * after it were written with them, so a new one (a new resource's table) is free to add its own.
 */
const lastRecorded = '0025-file-packs';

/**
 * A fresh SQLite database's schema after the migrations up to `lastRecorded`, statement by statement
 * as SQLite keeps it. The recorded file is what those migrations wrote before they learnt PostgreSQL's
 * types: SQLite files upgraded from any earlier version must keep their meaning, so a change here is
 * a new migration, not an edit.
 */
test('migrations write the same SQLite schema as always', async () => {
  const sqlite = new SqliteDatabase(':memory:');
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    const { error } = await new Migrator({ db, provider: migrationProvider }).migrateTo(lastRecorded);
    if (error) throw error;
    const rows = sqlite
      .prepare(
        "select type, name, sql from sqlite_master where sql is not null and name not like 'sqlite_%' order by type, name",
      )
      .all() as { type: string; name: string; sql: string }[];
    const schema = rows.map((row) => `-- ${row.type} ${row.name}\n${row.sql};\n`).join('\n');
    await expect(schema).toMatchFileSnapshot('./__snapshots__/sqlite-schema.sql');
  } finally {
    await db.destroy();
  }
});

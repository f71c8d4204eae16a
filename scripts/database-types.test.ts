import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Kysely, type MigrationProvider } from 'kysely';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../codegen/test-support';
import { databaseTypesFile, generateDatabaseTypes, repositoryMigrations } from './database-types';

// The database's types are generated from the migrated schema: the committed file is what today's
// migrations make, and a migration that changes a column makes another.

const committedFile = join(repoRoot, databaseTypesFile);
const committed = () => readFileSync(committedFile, 'utf8');

/** The repository's migrations and one more after them. */
function withMigration(name: string, up: (db: Kysely<unknown>) => Promise<void>): MigrationProvider {
  const migrations = repositoryMigrations(repoRoot);
  return {
    getMigrations: async () => ({ ...(await migrations.getMigrations()), [name]: { up } }),
  };
}

/** The lines of `after` that `before` does not have. */
const addedLines = (before: string, after: string) => {
  const had = new Set(before.split('\n'));
  return after.split('\n').filter((line) => !had.has(line));
};

describe('the database types (npm run codegen)', () => {
  it("are committed as the repository's migrations make them", async () => {
    expect(await generateDatabaseTypes(repositoryMigrations(repoRoot), committedFile)).toBe(committed());
  });

  it('change with a migration adding a column, so the committed file no longer passes', async () => {
    const migrations = withMigration('9999-staff-contact', async (db) => {
      await db.schema
        .alterTable('staff')
        .addColumn('contact', 'text', (c) =>
          c
            .notNull()
            .defaultTo('')
            .check(sql`contact in ('a', 'b')`),
        )
        .execute();
      await db.schema.alterTable('staff').addColumn('badge', 'bigint').execute();
    });
    const generated = await generateDatabaseTypes(migrations, committedFile);
    expect(generated).not.toBe(committed());
    expect(addedLines(committed(), generated)).toEqual([
      '  badge: number | null;',
      "  contact: Generated<'a' | 'b'>;",
    ]);
  });

  it('name only the console tables, a primary key never null', () => {
    const text = committed();
    expect(text).not.toMatch(/trigram|kysely_migration|migration_columns/i);
    expect(text).toMatch(/export interface Instance \{\n {2}created_at: string;\n {2}id: string;\n\}/);
    expect(text).toContain('  id: Generated<number>;');
  });
});

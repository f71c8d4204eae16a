import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Migration } from 'kysely';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { defaultOpenApiPath } from '../contract/load-contract';
import { readColumnCatalog } from '../db/column-catalog';
import { readColumnOrigins } from '../db/column-origins';
import { readMigrations } from '../db/migration-folder';
import { DataFolderError } from '../kernel/data-folder-error';
import { startTestApp, tempDir, withSqlite } from '../test-support/test-app';
import { openTestDatabase } from '../test-support/test-database';

/** The error a start ends with, or null when it starts. */
async function startFailure(...options: Parameters<typeof startTestApp>): Promise<unknown> {
  return startTestApp(...options).then(
    () => null,
    (error: unknown) => error,
  );
}

const textCooldown = '9000-test-cooldown-as-text';

/** A migration declaring a notification rule's cooldown (an integer of the contract) as text. */
const cooldownAsText: Migration = {
  async up(db) {
    await db.schema.alterTable('notify_rules').dropColumn('cooldown_seconds').execute();
    await db.schema
      .alterTable('notify_rules')
      .addColumn('cooldown_seconds', 'text', (c) => c.notNull().defaultTo('0'))
      .execute();
  },
};

const withTextCooldown = {
  getMigrations: async () => ({ ...(await readMigrations()), [textCooldown]: cooldownAsText }),
};

/** The contract with a notification rule's cooldown answered as text, written to a temp file. */
function textCooldownContract(): string {
  const document = parse(readFileSync(defaultOpenApiPath, 'utf8')) as {
    components: { schemas: { NotifyRule: { properties: Record<string, unknown> } } };
  };
  document.components.schemas.NotifyRule.properties.cooldownSeconds = { type: 'string' };
  const file = join(tempDir(), 'openapi.yaml');
  writeFileSync(file, stringify(document));
  return file;
}

describe('the resources at start', () => {
  it('start on the migrated schema, each column recorded with the migration that declared it', async () => {
    const t = await startTestApp();
    const db = await openTestDatabase(t.dataDir);
    try {
      const origins = await readColumnOrigins(db, await readColumnCatalog(db));
      expect(origins.get('cameras.name')?.migration).toBe('0005-cameras');
      expect(origins.get('notify_rules.cooldown_seconds')).toMatchObject({
        migration: '0017-notification-rules',
        nullable: false,
      });
    } finally {
      await db.destroy();
    }
  });

  it('refuse to start on a database lacking a stored field’s column, naming table, column and field', async () => {
    const t = await startTestApp();
    await t.app.close();
    withSqlite(t.dataDir, (sqlite) => sqlite.exec('alter table cameras drop column ip'));
    const error = await startFailure({ dataDir: t.dataDir });
    expect(error).toBeInstanceOf(DataFolderError);
    expect((error as Error).message.split('\n').slice(1)).toEqual([
      'cameras.ip 不存在 (Camera.ip) / cameras.ip is missing (Camera.ip)',
    ]);
  });

  it('refuse to start after a migration declaring a column of the wrong type, naming the migration', async () => {
    const t = await startTestApp();
    await t.app.close();
    const error = await startFailure({ dataDir: t.dataDir, migrations: withTextCooldown });
    expect(error).toBeInstanceOf(DataFolderError);
    expect((error as Error).message.split('\n').slice(1)).toEqual([
      `notify_rules.cooldown_seconds 是 text，契约要求整数 (NotifyRule.cooldownSeconds)，由迁移 ${textCooldown} 写入 / ` +
        `notify_rules.cooldown_seconds is text where the contract wants an integer (NotifyRule.cooldownSeconds), written by migration ${textCooldown}`,
    ]);
  });

  it('say no migration wrote a column changed outside the migrations', async () => {
    const t = await startTestApp();
    await t.app.close();
    withSqlite(t.dataDir, (sqlite) =>
      sqlite.exec(
        'alter table notify_rules drop column cooldown_seconds; alter table notify_rules add column cooldown_seconds integer',
      ),
    );
    const error = await startFailure({ dataDir: t.dataDir });
    expect((error as Error).message.split('\n').slice(1)).toEqual([
      'notify_rules.cooldown_seconds 可为空，契约不允许 null (NotifyRule.cooldownSeconds)，没有迁移写入它（此列在迁移之外被改动） / ' +
        'notify_rules.cooldown_seconds may hold null where the contract allows none (NotifyRule.cooldownSeconds), written by no migration (the column was changed outside the migrations)',
    ]);
  });

  it('name the migration by replaying them on a database migrated before they were recorded', async () => {
    const t = await startTestApp();
    await t.app.close();
    withSqlite(t.dataDir, (sqlite) => sqlite.exec('drop table migration_columns'));
    const error = await startFailure({ dataDir: t.dataDir, openApiPath: textCooldownContract() });
    expect((error as Error).message.split('\n').slice(1)).toEqual([
      'notify_rules.cooldown_seconds 是 integer，契约要求文本 (NotifyRule.cooldownSeconds)，由迁移 0017-notification-rules 写入（据重放迁移得知） / ' +
        'notify_rules.cooldown_seconds is integer where the contract wants text (NotifyRule.cooldownSeconds), written by migration 0017-notification-rules (found by replaying the migrations)',
    ]);
  });
});

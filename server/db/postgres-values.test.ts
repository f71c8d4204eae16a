import { sql } from 'kysely';
import { describe, expect, onTestFinished, test } from 'vitest';
import { tempDir } from '../test-support/test-app';
import { testDatabaseUrl, testOnPostgres } from '../test-support/test-database';
import { openDatabase } from './open-database';

async function postgresDb() {
  const dataDir = tempDir();
  const db = await openDatabase(dataDir, await testDatabaseUrl(dataDir, onTestFinished));
  onTestFinished(() => db.destroy());
  return db;
}

// Runs on the run's cluster: `npm run test:postgres`.
describe.skipIf(!testOnPostgres)('PostgreSQL columns', () => {
  test('have the types that suit their values', async () => {
    const db = await postgresDb();
    const { rows } = await sql<{ column: string; type: string; identity: string }>`
      select table_name || '.' || column_name as "column", data_type as type, is_identity as identity
      from information_schema.columns
      where table_schema = 'public' and (table_name, column_name) in
        (('alerts', 'id'), ('alerts', 'occurred_at'), ('alerts', 'boxes'), ('alerts', 'confidence'),
         ('camera_tasks', 'enabled'), ('roles', 'created_at'))
      order by 1`.execute(db);
    expect(rows).toEqual([
      { column: 'alerts.boxes', type: 'jsonb', identity: 'NO' },
      { column: 'alerts.confidence', type: 'double precision', identity: 'NO' },
      { column: 'alerts.id', type: 'integer', identity: 'YES' },
      { column: 'alerts.occurred_at', type: 'timestamp with time zone', identity: 'NO' },
      { column: 'camera_tasks.enabled', type: 'boolean', identity: 'NO' },
      { column: 'roles.created_at', type: 'timestamp with time zone', identity: 'NO' },
    ]);
  });

  test('read back as the SQLite file gives them', async () => {
    const db = await postgresDb();
    const at = '2030-01-02T03:04:05.067Z';
    await db
      .insertInto('notify_rules')
      .values({
        name: 'r',
        enabled: 1,
        labels: '["helmet","smoke"]',
        sources: '[]',
        days: '[]',
        sms_phones: '[]',
        area: '',
        webhook_url: '',
        webhook_secret: '',
        min_level: 'low',
        from_time: '00:00',
        to_time: '24:00',
        cooldown_seconds: 60,
        webhook_kind: 'none',
        created_at: at,
        updated_at: at,
      })
      .execute();
    const rule = await db
      .selectFrom('notify_rules')
      .select(['id', 'enabled', 'labels', 'created_at', 'last_sent_at'])
      .executeTakeFirstOrThrow();
    expect(rule).toEqual({
      id: 1,
      enabled: 1,
      labels: '["helmet", "smoke"]',
      created_at: at,
      last_sent_at: null,
    });
    const counted = await db
      .selectFrom('notify_rules')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('cooldown_seconds').as('sum')])
      .executeTakeFirstOrThrow();
    expect(counted).toEqual({ count: 1, sum: 60 });
    await db.updateTable('notify_rules').set({ enabled: 0 }).execute();
    expect(await db.selectFrom('notify_rules').select('enabled').where('enabled', '=', 0).execute()).toEqual([
      { enabled: 0 },
    ]);
  });
});

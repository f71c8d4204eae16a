import { sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startTestApp } from '../../test-support/test-app';
import { openTestDatabase, testOnPostgres } from '../../test-support/test-database';
import type { Db } from '../open-database';

async function emptyDatabase(): Promise<Db> {
  const db = await openTestDatabase((await startTestApp()).dataDir);
  onTestFinished(() => db.destroy());
  return db;
}

/** Writes `count` alerts in one statement, naming them `label`; answers their ids. */
async function insertAlerts(db: Db, count: number, label: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`insert into alerts
      (ai_server_name, camera_name, label, level, confidence, occurred_at, received_at, revision)
    select 'AI-1', '北门-1', ${label}, 'high', 0.9, now(), now(), 1 from generate_series(1, ${count})
    returning id`.execute(db);
  return rows.map((row) => row.id);
}

const setting = async (db: Db, name: string) =>
  (await sql<{ value: string | null }>`select current_setting(${name}, true) as value`.execute(db)).rows[0]
    ?.value ?? '';

describe.skipIf(!testOnPostgres)('migration 0034-alert-revisions-by-id', () => {
  it("keeps the ids of a transaction's stand-ins for its numbering, which numbers them in id order", async () => {
    const db = await emptyDatabase();
    const ids = await db.transaction().execute(async (trx) => {
      const written = [...(await insertAlerts(trx, 3, 'a')), ...(await insertAlerts(trx, 2, 'b'))];
      expect(await setting(trx, 'cfop.alert_revisions_queued_by')).toBe(written.join(','));
      expect(await setting(trx, 'cfop.alert_revisions_too_many')).toBe('');
      return written;
    });
    const rows = await db
      .selectFrom('alerts')
      .select(['id', 'revision'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    const revisions = rows.map((row) => row.revision);
    expect(revisions.every((revision) => revision > 0)).toBe(true);
    expect([...revisions].sort((a, b) => a - b)).toEqual(revisions);
    expect(new Set(revisions).size).toBe(ids.length);
  });

  it('numbers a change of more alerts than the setting holds by searching its stand-ins', async () => {
    const db = await emptyDatabase();
    await db.transaction().execute(async (trx) => {
      await insertAlerts(trx, 2_000, 'bulk');
      expect(await setting(trx, 'cfop.alert_revisions_too_many')).toBe('on');
    });
    const stillStandIns = await db.selectFrom('alerts').select('id').where('revision', '<', 0).execute();
    expect(stillStandIns).toEqual([]);
    expect(await setting(db, 'cfop.alert_revisions_too_many')).toBe('');
  });
});

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

/** Writes `count` alerts in one statement, naming them `label`. */
const insertAlerts = (db: Db, count: number, label: string) =>
  sql`insert into alerts (ai_server_name, camera_name, label, level, confidence, occurred_at, received_at, revision)
    select 'AI-1', '北门-1', ${label}, 'high', 0.9, now(), now(), 1 from generate_series(1, ${count})`.execute(
    db,
  );

async function revisionsOf(db: Db, label: string): Promise<number[]> {
  const rows = await db
    .selectFrom('alerts')
    .select('revision')
    .where('label', '=', label)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.revision);
}

const ascending = (revisions: readonly number[]) =>
  revisions.every((revision, index) => index === 0 || revision > (revisions[index - 1] as number));

describe.skipIf(!testOnPostgres)('migration 0031-alert-revisions-at-commit', () => {
  it('numbers a bulk insert at its commit, once, in id order', async () => {
    const db = await emptyDatabase();
    await db.transaction().execute(async (trx) => {
      await insertAlerts(trx, 5_000, 'bulk');
      // Until the commit, the rows hold their stand-ins.
      expect((await revisionsOf(trx, 'bulk')).every((revision) => revision < 0)).toBe(true);
    });
    const revisions = await revisionsOf(db, 'bulk');
    expect(revisions).toHaveLength(5_000);
    expect(revisions.every((revision) => revision > 0)).toBe(true);
    expect(ascending(revisions)).toBe(true);
  });

  it('numbers what a transaction wrote after a rolled-back savepoint and after numbering early', async () => {
    const db = await emptyDatabase();
    await db.transaction().execute(async (trx) => {
      await sql`savepoint undone`.execute(trx);
      await insertAlerts(trx, 1, 'rolled back');
      await sql`rollback to savepoint undone`.execute(trx);
      await insertAlerts(trx, 2, 'kept');
      await sql`set constraints alerts_number_revisions immediate`.execute(trx);
      await insertAlerts(trx, 2, 'after numbering');
    });
    const kept = await revisionsOf(db, 'kept');
    const later = await revisionsOf(db, 'after numbering');
    expect(await revisionsOf(db, 'rolled back')).toEqual([]);
    expect(ascending([...kept, ...later])).toBe(true);
    expect(kept[0]).toBeGreaterThan(0);
  });

  it('gives a changed alert a revision above every one before, its own included', async () => {
    const db = await emptyDatabase();
    await insertAlerts(db, 3, 'first');
    const [before] = await revisionsOf(db, 'first');
    const highest = Math.max(...(await revisionsOf(db, 'first')));
    await sql`update alerts set label = 'changed', revision = 0
      where id = (select min(id) from alerts where label = 'first')`.execute(db);
    const [changed] = await revisionsOf(db, 'changed');
    expect(changed).toBeGreaterThan(highest);
    expect(changed).not.toBe(before);
  });
});

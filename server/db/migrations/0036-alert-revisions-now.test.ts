import { sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startTestApp } from '../../test-support/test-app';
import { openTestDatabase, testOnPostgres } from '../../test-support/test-database';
import { waitUntil } from '../../test-support/wait-until';
import type { Db } from '../open-database';
import { numberNow } from '../../alerts/revision-triggers';

async function emptyDatabase(): Promise<Db> {
  const db = await openTestDatabase((await startTestApp()).dataDir);
  onTestFinished(() => db.destroy());
  return db;
}

/** Writes `count` alerts in one statement with `revision`; answers their ids and revisions as written. */
async function insertAlerts(db: Db, count: number, revision: number) {
  const { rows } = await sql<{ id: number; revision: number }>`insert into alerts
      (ai_server_name, camera_name, label, level, confidence, occurred_at, received_at, revision)
    select 'AI-1', '北门-1', 'a', 'high', 0.9, now(), now(), ${revision} from generate_series(1, ${count})
    returning id, revision`.execute(db);
  return rows;
}

const revisionsOf = async (db: Db, ids: readonly number[]) =>
  (
    await db.selectFrom('alerts').select(['id', 'revision']).where('id', 'in', ids).orderBy('id').execute()
  ).map((row) => row.revision);

describe.skipIf(!testOnPostgres)('migration 0036-alert-revisions-now', () => {
  it('numbers alerts written with -1 as they are written, in id order, and the others at commit after them', async () => {
    const db = await emptyDatabase();
    const { numberedNow, standIns } = await db.transaction().execute(async (trx) => {
      const later = await insertAlerts(trx, 2, 0);
      const now = await insertAlerts(trx, 3, numberNow);
      expect(later.every((row) => row.revision < 0)).toBe(true);
      expect(now.every((row) => row.revision > 0)).toBe(true);
      return { numberedNow: now, standIns: later };
    });
    const now = numberedNow.map((row) => row.revision);
    expect([...now].sort((a, b) => a - b)).toEqual(now);
    expect(
      await revisionsOf(
        db,
        numberedNow.map((row) => row.id),
      ),
    ).toEqual(now);
    const atCommit = await revisionsOf(
      db,
      standIns.map((row) => row.id),
    );
    expect(Math.min(...atCommit)).toBeGreaterThan(Math.max(...now));
  });

  it('holds the numbering of another transaction until the one numbering now commits', async () => {
    const db = await emptyDatabase();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let first: number[] = [];
    let numbered: () => void = () => undefined;
    const firstNumbered = new Promise<void>((resolve) => {
      numbered = resolve;
    });
    const holding = db.transaction().execute(async (trx) => {
      first = (await insertAlerts(trx, 1, numberNow)).map((row) => row.revision);
      numbered();
      await held;
    });
    // Written once the first holds the numbering, while it is open: numbered at its commit, which
    // waits for the first's. (Started sooner, on a busy machine it could commit before the first
    // took the lock, and the first would then wait for nothing.)
    await firstNumbered;
    let committed = false;
    const other = db
      .transaction()
      .execute(async (trx) => (await insertAlerts(trx, 1, 0))[0]?.id as number)
      .finally(() => {
        committed = true;
      });
    try {
      // Its commit is seen waiting for the numbering's lock, not guessed from a pause.
      await waitUntil(async () => {
        const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`.execute(db);
        return (rows[0]?.waiting ?? 0) > 0;
      }, 'the other transaction waiting for the numbering');
      expect(committed).toBe(false);
    } finally {
      release();
    }
    await holding;
    const [otherRevision] = await revisionsOf(db, [await other]);
    expect(otherRevision).toBeGreaterThan(first[0] as number);
  });
});

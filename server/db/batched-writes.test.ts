import { sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { tempDir } from '../test-support/test-app';
import { testDatabaseUrl, testOnPostgres } from '../test-support/test-database';
import { batchedWrites, type CommitGroup } from './batched-writes';
import { openDatabase, type Db } from './open-database';

async function scratchDb(): Promise<Db> {
  const dataDir = tempDir();
  const db = await openDatabase(dataDir, await testDatabaseUrl(dataDir, onTestFinished));
  onTestFinished(() => db.destroy());
  await sql`create table scratch (name text not null)`.execute(db);
  return db;
}

const insert = (db: Db, name: string) => sql`insert into scratch (name) values (${name})`.execute(db);

const names = async (db: Db) =>
  (await sql<{ name: string }>`select name from scratch order by name`.execute(db)).rows.map(
    (row) => row.name,
  );

/** A promise a write awaits to hold its batch open, and what opens it. */
function gated() {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { gate, open };
}

describe('batched writes', () => {
  it('run the writes asked for meanwhile together, and a failing one leaves nothing of its own', async () => {
    const db = await scratchDb();
    const writes = batchedWrites(db);
    const { gate, open } = gated();
    const first = writes.run(async (trx) => {
      await insert(trx, 'a');
      await gate;
      return 'a';
    });
    // Asked while the first holds its transaction: these three share the next one.
    const seenByLast: string[][] = [];
    const second = writes.run(async (trx) => {
      await insert(trx, 'b');
      return 'b';
    });
    const failing = writes.run(async (trx) => {
      await insert(trx, 'c');
      throw new Error('refused');
    });
    const last = writes.run(async (trx) => {
      seenByLast.push(await names(trx));
      await insert(trx, 'd');
      return 'd';
    });
    open();
    expect(await Promise.all([first, second, last])).toEqual(['a', 'b', 'd']);
    await expect(failing).rejects.toThrow('refused');
    expect(await names(db)).toEqual(['a', 'b', 'd']);
    // The failing write was undone before the next of its batch ran, which saw its batch's own write.
    expect(seenByLast).toEqual([['a', 'b']]);
  });

  it("settle what the batch's writes added once before the commit, without a failed write's items", async () => {
    const db = await scratchDb();
    const writes = batchedWrites(db);
    const settled: string[][] = [];
    const group: CommitGroup<string> = {
      settle: async (items) => void settled.push([...items]),
    };
    const { gate, open } = gated();
    const seen: string[][] = [];
    const held = writes.run(async (trx, beforeCommit) => {
      await insert(trx, 'a');
      beforeCommit.add(group, 'a');
      await gate;
    });
    const failing = writes.run(async (trx, beforeCommit) => {
      beforeCommit.add(group, 'b');
      throw new Error('refused');
    });
    const last = writes.run(async (trx, beforeCommit) => {
      seen.push([...beforeCommit.items(group)]);
      await insert(trx, 'c');
      beforeCommit.add(group, 'c');
    });
    open();
    await Promise.all([held, last]);
    await expect(failing).rejects.toThrow('refused');
    // The first ran alone; the failed write's item was gone before the next of its batch ran.
    expect(seen).toEqual([[]]);
    expect(settled).toEqual([['a'], ['c']]);
    expect(await names(db)).toEqual(['a', 'c']);
  });

  it.skipIf(!testOnPostgres)(
    'run the writes of other rows at once, and those of the same rows after',
    async () => {
      const db = await scratchDb();
      const writes = batchedWrites(db);
      const { gate, open } = gated();
      const held = writes.run(async (trx) => {
        await insert(trx, 'held');
        await gate;
      }, 1);
      let sameDone = false;
      const same = writes
        .run((trx) => insert(trx, 'same'), 1)
        .then(() => {
          sameDone = true;
        });
      // While the first batch is open, a write of other rows commits; one of the same rows cannot.
      await writes.run((trx) => insert(trx, 'other'), 2);
      expect(await names(db)).toEqual(['other']);
      expect(sameDone).toBe(false);
      open();
      await Promise.all([held, same]);
      expect(await names(db)).toEqual(['held', 'other', 'same']);
    },
  );
});

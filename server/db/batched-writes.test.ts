import { sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { tempDir } from '../test-support/test-app';
import { testDatabaseUrl } from '../test-support/test-database';
import {
  batchedWrites,
  type BeforeCommit,
  type CommitGroup,
  type Outcome,
  type SetWrite,
} from './batched-writes';
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

/** A set write that inserts each item's name, refuses those named "refused", and tells its batches. */
function namesWrite(gate?: Promise<void>) {
  const batches: string[][] = [];
  const settled: string[][] = [];
  const group: CommitGroup<string> = { settle: async (items) => void settled.push([...items]) };
  const write: SetWrite<string, string> = {
    async write(items, trx, beforeCommit) {
      batches.push([...items]);
      const outcomes: Outcome<string>[] = [];
      for (const name of items) {
        if (name === 'refused') {
          outcomes.push({ ok: false, error: new Error('refused') });
          continue;
        }
        await insert(trx, name);
        beforeCommit.add(group, name);
        outcomes.push({ ok: true, value: name });
      }
      if (batches.length === 1) await gate;
      return outcomes;
    },
  };
  return { write, batches, settled };
}

describe('batched writes', () => {
  it('write the items asked for meanwhile together, each answered its own outcome', async () => {
    const db = await scratchDb();
    const writes = batchedWrites(db);
    const { gate, open } = gated();
    const { write, batches, settled } = namesWrite(gate);
    const first = writes.run(write, 'a');
    // Asked while the first holds its transaction: these three share the next one.
    const others = ['b', 'refused', 'd'].map((name) => writes.run(write, name));
    open();
    expect(await first).toBe('a');
    expect(await Promise.allSettled(others)).toEqual([
      { status: 'fulfilled', value: 'b' },
      { status: 'rejected', reason: new Error('refused') },
      { status: 'fulfilled', value: 'd' },
    ]);
    expect(batches).toEqual([['a'], ['b', 'refused', 'd']]);
    // Each batch's group is settled once, with what its writes added.
    expect(settled).toEqual([['a'], ['b', 'd']]);
    expect(await names(db)).toEqual(['a', 'b', 'd']);
  });

  it('write each item of a failed batch again alone: only the failing one fails', async () => {
    const db = await scratchDb();
    const writes = batchedWrites(db);
    const { gate, open } = gated();
    const { write } = namesWrite(gate);
    const first = writes.run(write, 'a');
    // A name the table refuses (null) fails the statement, and with it the batch's transaction.
    const others = ['b', null as unknown as string, 'c'].map((name) => writes.run(write, name));
    open();
    await first;
    const answers = await Promise.allSettled(others);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await names(db)).toEqual(['a', 'b', 'c']);
  });

  it('settle the groups when a write asks, and again before the commit what it added since', async () => {
    const db = await scratchDb();
    const writes = batchedWrites(db);
    const settled: string[][] = [];
    const lastSettled: string[][] = [];
    const group: CommitGroup<string> = { settle: async (items) => void settled.push([...items]) };
    const last: CommitGroup<string> = {
      last: true,
      settle: async (items) => void lastSettled.push([...items]),
    };
    const write: SetWrite<string, string> = {
      async write(items, trx, beforeCommit) {
        for (const name of items) beforeCommit.add(group, `${name}-early`);
        beforeCommit.add(last, 'last');
        await beforeCommit.settle();
        expect(beforeCommit.items(group)).toEqual([]);
        expect(settled).toEqual([['a-early']]);
        expect(lastSettled).toEqual([]);
        beforeCommit.add(group, 'a-late');
        await insert(trx, 'a');
        return items.map((name) => ({ ok: true, value: name }));
      },
    };
    expect(await writes.run(write, 'a')).toBe('a');
    expect(settled).toEqual([['a-early'], ['a-late']]);
    expect(lastSettled).toEqual([['last']]);
  });

  it('fail a batch whose last group gave another group items, which would go unsettled', async () => {
    const db = await scratchDb();
    const writes = batchedWrites(db);
    const group: CommitGroup<string> = { settle: async () => undefined };
    const last: CommitGroup<string> = {
      last: true,
      settle: async () => {
        beforeCommitOf?.add(group, 'too late');
      },
    };
    let beforeCommitOf: BeforeCommit | undefined;
    const write: SetWrite<string, string> = {
      async write(items, trx, beforeCommit) {
        beforeCommitOf = beforeCommit;
        await insert(trx, items[0] as string);
        beforeCommit.add(last, 'last');
        return items.map((name) => ({ ok: true, value: name }));
      },
    };
    await expect(writes.run(write, 'a')).rejects.toThrow('after the last groups were settled');
    expect(await names(db)).toEqual([]);
  });

  it('batch the items of one kind, and keep the turn of another', async () => {
    const db = await scratchDb();
    const writes = batchedWrites(db);
    const { gate, open } = gated();
    const one = namesWrite(gate);
    const other = namesWrite();
    const first = writes.run(one.write, 'a');
    const asked = [
      writes.run(other.write, 'x'),
      writes.run(one.write, 'b'),
      writes.run(other.write, 'y'),
      writes.run(one.write, 'c'),
    ];
    open();
    await Promise.all([first, ...asked]);
    expect(one.batches).toEqual([['a'], ['b', 'c']]);
    expect(other.batches).toEqual([['x', 'y']]);
  });
});

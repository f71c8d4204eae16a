import { CompiledQuery } from 'kysely';
import { dialectOf } from './dialect';
import type { Db } from './open-database';

const begin = CompiledQuery.raw('savepoint batched_write');
const release = CompiledQuery.raw('release savepoint batched_write');

/**
 * The savepoint of each write, compiled once. PostgreSQL ends one write's savepoint and begins the
 * next's in one round trip (a query without parameters may hold two statements); better-sqlite3
 * prepares one statement at a time, each a call in the process, not a round trip.
 */
const savepointsOf = (db: Db) => ({
  begin,
  undo: CompiledQuery.raw('rollback to savepoint batched_write'),
  between:
    dialectOf(db) === 'postgres'
      ? [CompiledQuery.raw('release savepoint batched_write; savepoint batched_write')]
      : [release, begin],
  end: release,
});

/** Writes one shared transaction takes at most; the rest wait for the next. */
const maxBatch = 100;

/** What some writes of a batch leave to be done once, for all of them, before the batch commits. */
export interface CommitGroup<T> {
  settle(items: readonly T[], trx: Db): Promise<void>;
  /**
   * Settled after every other group, just before the commit: for work under a lock that other
   * servers' batches wait for, so that it is held as briefly as possible.
   */
  readonly last?: true;
}

/** Lets a batched write hand an item to a group whose `settle` runs before the commit. */
export interface BeforeCommit {
  add<T>(group: CommitGroup<T>, item: T): void;
  /** What the batch's writes added to `group` so far (a failed write's items are gone). */
  items<T>(group: CommitGroup<T>): readonly T[];
}

type Work<T> = (trx: Db, beforeCommit: BeforeCommit) => Promise<T>;

interface Queued {
  readonly work: Work<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

type Outcome =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: unknown };

/** Runs small writes that come at once in shared transactions (a group commit). */
export interface BatchedWrites {
  /**
   * Runs `work` in a savepoint of the next shared transaction and answers what it answers once that
   * transaction is committed. A `work` that throws leaves nothing (its savepoint is rolled back) and
   * its error is this call's; the others of its batch go on. If the commit fails, every call of the
   * batch fails with it. What `work` adds to a group before the commit is settled once per batch
   * with the items of every write of it that succeeded: a failed write's are dropped with its
   * savepoint, so that nothing is written for it (a refused upload leaves no bytes).
   */
  run<T>(work: Work<T>, rows?: RowsKey): Promise<T>;
}

/**
 * Which rows a write locks until its batch commits beyond those every write settles in one order
 * (an AI server's quota rows, keyed by its id): writes of one key go in one queue, so that batches
 * under way at once never wait for each other's rows, nor deadlock on them. A non-negative integer.
 */
export type RowsKey = number;

/**
 * Each commit waits for the disk (SQLite syncs its log on every commit, ~1.3 ms here), which better-
 * sqlite3 does on the event loop: one transaction per alert capped ingest there. Writes asked for
 * while a transaction runs go together in the next one, so a burst pays one sync per batch, and a
 * lone write goes at once, as before. Every write is still on disk before it is answered.
 */
function createQueue(db: Db): { run<T>(work: Work<T>): Promise<T> } {
  let queue: Queued[] = [];
  let draining = false;
  const savepoint = savepointsOf(db);

  const runBatch = async (batch: readonly Queued[]) => {
    const outcomes: Outcome[] = [];
    const groups = new Map<CommitGroup<unknown>, unknown[]>();
    const beforeCommit: BeforeCommit = {
      add<T>(group: CommitGroup<T>, item: T) {
        const items = groups.get(group as CommitGroup<unknown>) ?? [];
        items.push(item);
        groups.set(group as CommitGroup<unknown>, items);
      },
      items: <T>(group: CommitGroup<T>) => (groups.get(group as CommitGroup<unknown>) ?? []) as T[],
    };
    const settle = (trx: Db, last: boolean) =>
      Promise.all(
        [...groups]
          .filter(([group]) => (group.last ?? false) === last)
          .map(([group, items]) => group.settle(items, trx)),
      );
    await db.transaction().execute(async (trx) => {
      try {
        await trx.executeQuery(savepoint.begin);
        for (const [index, { work }] of batch.entries()) {
          if (index > 0) for (const query of savepoint.between) await trx.executeQuery(query);
          const added = new Map([...groups].map(([group, items]) => [group, items.length]));
          try {
            outcomes.push({ ok: true, value: await work(trx, beforeCommit) });
          } catch (error) {
            for (const [group, items] of groups) items.length = added.get(group) ?? 0;
            // A failure SQLite ends the whole transaction for (the disk is full) takes the savepoint
            // with it: the batch then fails with the write's error, not with the missing savepoint.
            await trx.executeQuery(savepoint.undo).catch(() => {
              throw error;
            });
            outcomes.push({ ok: false, error });
          }
        }
        await trx.executeQuery(savepoint.end);
      } finally {
        await settle(trx, false);
        await settle(trx, true);
      }
    });
    batch.forEach((queued, index) => {
      const outcome = outcomes[index] as Outcome;
      if (outcome.ok) queued.resolve(outcome.value);
      else queued.reject(outcome.error);
    });
  };

  const drain = async () => {
    draining = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, maxBatch);
      queue = queue.slice(maxBatch);
      await runBatch(batch).catch((error: unknown) => batch.forEach((queued) => queued.reject(error)));
      // A turn of the event loop before the next batch: the reads waiting for the connection (the
      // live streams telling of the alerts just committed) go first, and more writes join the batch.
      await new Promise((resolve) => setImmediate(resolve));
    }
    draining = false;
  };

  return {
    run<T>(work: Work<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
        if (!draining) void drain();
      });
    },
  };
}

/**
 * Queues whose batches run at once. SQLite writes one transaction at a time; on PostgreSQL a batch
 * spends most of its time waiting for round trips, which other batches fill.
 */
const queuesOn = { sqlite: 1, postgres: 4 } as const;

function createBatchedWrites(db: Db): BatchedWrites {
  const queues = Array.from({ length: queuesOn[dialectOf(db)] }, () => createQueue(db));
  return {
    run(work, rows = 0) {
      const queue = queues[rows % queues.length];
      if (!queue) throw new RangeError(`a rows key is a non-negative integer, not ${rows}`);
      return queue.run(work);
    },
  };
}

const byDatabase = new WeakMap<Db, BatchedWrites>();

/** The batched writes of a database: one set of queues per database. */
export function batchedWrites(db: Db): BatchedWrites {
  let writes = byDatabase.get(db);
  if (!writes) {
    writes = createBatchedWrites(db);
    byDatabase.set(db, writes);
  }
  return writes;
}

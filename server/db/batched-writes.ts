import type { Db } from './open-database';

/** Writes one shared transaction takes at most; the rest wait for the next. */
const maxBatch = 100;

/** What some writes of a batch leave to be done once, for all of them, before the batch commits. */
export interface CommitGroup<T> {
  settle?(items: readonly T[], trx: Db): Promise<void>;
  /**
   * Settled after every other group (and after the files they write are synced), one such group
   * after another in the order the batch first added to them, just before the commit: for rows that
   * every batch writes (the rollups), whose locks other servers' batches wait for until this one
   * commits, so that they are held as briefly as possible.
   */
  readonly last?: true;
}

/** Lets a batched write hand an item to a group whose `settle` runs before the commit. */
export interface BeforeCommit {
  add<T>(group: CommitGroup<T>, item: T): void;
  /** What the batch's writes added to `group` and is not settled yet. */
  items<T>(group: CommitGroup<T>): readonly T[];
  /**
   * Settles now what the writes added so far to the groups that are not `last` (its files synced),
   * for a write whose own last statements must follow them; what they add later is settled before
   * the commit, as usual.
   */
  settle(): Promise<void>;
}

/** What a write answers: its value, or the error its caller is refused with. */
export type Outcome<T = unknown> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown };

/**
 * Writes of one kind that a batch makes together, with a statement for all of them where writes
 * run one by one would make one each: on PostgreSQL each statement is a round trip, parsed and
 * planned, whatever the rows it writes.
 */
export interface SetWrite<I, T> {
  /**
   * Writes `items` (in the order they were asked for) and answers each one's outcome in that order.
   * A refused item is an outcome, and must leave nothing of its own; a throw fails the batch.
   */
  write(items: readonly I[], trx: Db, beforeCommit: BeforeCommit): Promise<readonly Outcome<T>[]>;
}

interface Queued {
  readonly set: SetWrite<unknown, unknown>;
  readonly item: unknown;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/** Runs small writes that come at once in shared transactions (a group commit). */
export interface BatchedWrites {
  /**
   * Writes `item` with the others of `set` asked for meanwhile, in the next shared transaction, and
   * answers its outcome once that transaction is committed. What the write adds to a group is
   * settled once per batch, before the commit. If the batch fails (a statement or the commit), each
   * of its items is written again in a transaction of its own, so that one write's failure (a row
   * it names deleted meanwhile) is its own, not its batch's.
   */
  run<I, T>(set: SetWrite<I, T>, item: I): Promise<T>;
}

/** The batch's items, written in one transaction; answers each one's outcome. */
async function writeBatch(db: Db, set: SetWrite<unknown, unknown>, items: readonly unknown[]) {
  return db.transaction().execute(async (trx) => {
    // Each group's items not settled yet, in the order the batch first added to the group.
    const groups = new Map<CommitGroup<unknown>, unknown[]>();
    const settle = async (group: CommitGroup<unknown>) => {
      const added = groups.get(group) ?? [];
      groups.set(group, []);
      if (added.length > 0) await group.settle?.(added, trx);
    };
    const beforeCommit: BeforeCommit = {
      add<T>(group: CommitGroup<T>, item: T) {
        const added = groups.get(group as CommitGroup<unknown>) ?? [];
        added.push(item);
        groups.set(group as CommitGroup<unknown>, added);
      },
      items: <T>(group: CommitGroup<T>) => (groups.get(group as CommitGroup<unknown>) ?? []) as T[],
      settle: async () =>
        void (await Promise.all([...groups.keys()].filter((group) => !group.last).map(settle))),
    };
    const written = await set.write(items, trx, beforeCommit);
    await beforeCommit.settle();
    for (const group of [...groups.keys()].filter((each) => each.last)) await settle(group);
    if ([...groups.values()].some((added) => added.length > 0))
      throw new Error('a group was given items after the last groups were settled');
    return written;
  });
}

/**
 * Each commit waits for the disk (SQLite syncs its log on every commit, ~1.3 ms here), which better-
 * sqlite3 does on the event loop, and on PostgreSQL each statement is a round trip: one transaction
 * per alert capped ingest. Writes asked for while a transaction runs go together in the next one, so
 * a burst pays one sync and one set of statements per batch, and a lone write goes at once, as
 * before. Every write is on disk before it is answered. One transaction at a time, on PostgreSQL
 * too: batches under way at once there would wait for each other's rows (the rollups), and each
 * would be smaller.
 */
function createBatchedWrites(db: Db): BatchedWrites {
  let queue: Queued[] = [];
  let draining = false;

  const runBatch = async (batch: readonly Queued[]) => {
    const set = (batch[0] as Queued).set;
    const answer = (queued: Queued, outcome: Outcome | undefined) => {
      if (outcome?.ok) queued.resolve(outcome.value);
      else queued.reject(outcome ? outcome.error : new Error('a batched write left an item unanswered'));
    };
    try {
      const outcomes = await writeBatch(
        db,
        set,
        batch.map((queued) => queued.item),
      );
      batch.forEach((queued, index) => answer(queued, outcomes[index]));
    } catch (error) {
      if (batch.length === 1) {
        (batch[0] as Queued).reject(error);
        return;
      }
      for (const queued of batch) await runBatch([queued]);
    }
  };

  const drain = async () => {
    draining = true;
    while (queue.length > 0) {
      // The first write's kind, up to maxBatch of them; writes of other kinds keep their turn.
      const set = (queue[0] as Queued).set;
      const batch = queue.filter((queued) => queued.set === set).slice(0, maxBatch);
      const taken = new Set(batch);
      queue = queue.filter((queued) => !taken.has(queued));
      batchObservers.get(db)?.(batch.length);
      await runBatch(batch);
      // A turn of the event loop before the next batch: the reads waiting for the connection (the
      // live streams telling of the alerts just committed) go first, and more writes join the batch.
      await new Promise((resolve) => setImmediate(resolve));
    }
    draining = false;
  };

  return {
    run<I, T>(set: SetWrite<I, T>, item: I) {
      return new Promise<T>((resolve, reject) => {
        queue.push({
          set: set as SetWrite<unknown, unknown>,
          item,
          resolve: resolve as (value: unknown) => void,
          reject,
        });
        if (!draining) void drain();
      });
    },
  };
}

const byDatabase = new WeakMap<Db, BatchedWrites>();
const batchObservers = new WeakMap<Db, (size: number) => void>();

/** Tells `observe` the size of each batch then written on `db` (the server's metrics). */
export function observeBatches(db: Db, observe: (size: number) => void): void {
  batchObservers.set(db, observe);
}

/** The batched writes of a database: one queue per database. */
export function batchedWrites(db: Db): BatchedWrites {
  let writes = byDatabase.get(db);
  if (!writes) {
    writes = createBatchedWrites(db);
    byDatabase.set(db, writes);
  }
  return writes;
}

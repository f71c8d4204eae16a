import { sql, type Selectable } from 'kysely';
import type { BeforeCommit, CommitGroup } from '../db/batched-writes';
import { dialectOf } from '../db/dialect';
import type { Db } from '../db/open-database';
import { reusedQuery } from '../db/reused-query';
import type { IngestQuotaKind, Table } from '../db/schema';
import { retryLater } from '../kernel/api-error';
import type { LocalText } from '../kernel/locale';
import type { IngestLimits } from './ingest-limits';

const megabyte = 1024 * 1024;

/** A token bucket: `perSecond` tokens come back each second, up to `burst`. */
interface Bucket {
  readonly kind: IngestQuotaKind;
  readonly perSecond: number;
  readonly burst: number;
  /** The refusal, saying how many seconds to wait. */
  readonly refusal: (seconds: number) => LocalText;
}

export const alertBucket = (limits: IngestLimits): Bucket => ({
  kind: 'alerts',
  perSecond: limits.alertsPerSecond,
  burst: limits.alertBurst,
  refusal: (seconds) => ({
    zh: `告警上报过于频繁（每秒至多 ${limits.alertsPerSecond} 条），请 ${seconds} 秒后再试`,
    en: `Too many alerts from this AI server (at most ${limits.alertsPerSecond} a second); try again in ${seconds} seconds`,
  }),
});

export const passageBucket = (limits: IngestLimits): Bucket => ({
  kind: 'passages',
  perSecond: limits.passagesPerSecond,
  burst: limits.passageBurst,
  refusal: (seconds) => ({
    zh: `通行记录上报过于频繁（每秒至多 ${limits.passagesPerSecond} 条），请 ${seconds} 秒后再试`,
    en: `Too many passages from this AI server (at most ${limits.passagesPerSecond} a second); try again in ${seconds} seconds`,
  }),
});

export const snapshotBucket = (limits: IngestLimits): Bucket => ({
  kind: 'snapshotBytes',
  perSecond: (limits.snapshotMbPerHour * megabyte) / 3600,
  burst: limits.snapshotMbPerHour * megabyte,
  refusal: (seconds) => ({
    zh: `快照上传超过限额（每小时 ${limits.snapshotMbPerHour} MB），请 ${seconds} 秒后再试`,
    en: `This AI server's snapshots exceed ${limits.snapshotMbPerHour} MB an hour; try again in ${seconds} seconds`,
  }),
});

/** A bucket's row as stored: the tokens left at `refilled_at`. */
interface QuotaRow {
  readonly tokens: number;
  readonly refilled_at: string;
}

/**
 * The row `bucket` holds once `cost` is taken from `row` (null: none yet, a full bucket) at `now`,
 * or a 429 saying how long to wait. Something costing more than the whole bucket (a snapshot over
 * the hourly quota) passes when the bucket is full and leaves it in debt, rather than never.
 */
function takeTokens(bucket: Bucket, row: QuotaRow | null, cost: number, now: Date): QuotaRow {
  // A clock stepped back refills nothing, and takes nothing back.
  const elapsedSeconds = row ? Math.max(0, now.getTime() - Date.parse(row.refilled_at)) / 1000 : 0;
  const available = row
    ? Math.min(bucket.burst, row.tokens + elapsedSeconds * bucket.perSecond)
    : bucket.burst;
  const needed = Math.min(cost, bucket.burst);
  if (available < needed) {
    throw retryLater('429', Math.ceil((needed - available) / bucket.perSecond) * 1000, bucket.refusal);
  }
  return { tokens: available - cost, refilled_at: now.toISOString() };
}

/**
 * Takes `cost` tokens from the AI server's bucket, or refuses with a 429 saying how long to wait.
 * Counted in the database so that several console servers share one count. The write only lands
 * if the row is still what was read (a compare-and-set), so two concurrent takers cannot both
 * spend the same tokens: the loser reads again. Under SQLite's single writer the first read is
 * always current; the loop is for a database with concurrent writers (at READ COMMITTED).
 * A batched write takes with takeInBatch instead, which this interleaves with safely: that one
 * locks the row it read until its batch commits, and this one's write waits for the lock.
 */
export async function takeFromBucket(
  db: Db,
  serverId: number,
  bucket: Bucket,
  cost: number,
  now: Date,
): Promise<void> {
  const key = { serverId, kind: bucket.kind };
  for (;;) {
    const row = (await quotaRow.execute(db, key)).rows[0] ?? null;
    const taken = takeTokens(bucket, row, cost, now);
    const values = { ...key, tokens: taken.tokens, refilledAt: taken.refilled_at };
    const { numAffectedRows } = row
      ? await updateQuota.execute(db, { ...values, wasTokens: row.tokens, wasRefilledAt: row.refilled_at })
      : await insertQuota.execute(db, values);
    if (numAffectedRows !== undefined && numAffectedRows > 0n) return;
  }
}

/**
 * A bucket's row as a batch knows it: `taken` once a write of the batch took from it, else as the
 * batch read it, locked (bucketRowsOf; null: it has no row yet, a full bucket).
 */
type BatchedQuota = { readonly serverId: number; readonly kind: IngestQuotaKind } & (
  | { readonly taken: true; readonly row: QuotaRow }
  | { readonly taken: false; readonly row: QuotaRow | null; readonly created: boolean }
);

/**
 * The buckets a batch took from, each written once, with what is left after its last take, before
 * the batch commits. A refused report takes nothing (takeInBatch takes all of its costs or none);
 * a batch that fails leaves every bucket as it was, its rows unlocked with its transaction.
 */
const batchedQuotas: CommitGroup<BatchedQuota> = {
  async settle(items, trx) {
    const last = new Map<string, BatchedQuota>();
    for (const item of items) last.set(`${item.serverId}:${item.kind}`, item);
    const rows = [...last.values()]
      .flatMap((item) => (item.taken ? [item] : []))
      .map((item) => ({
        ai_server_id: item.serverId,
        kind: item.kind,
        tokens: item.row.tokens,
        refilled_at: item.row.refilled_at,
      }));
    // A bucket the batch gave a row to lock it (bucketRowsOf) but never took from: as if never read.
    const unused = [...last.values()].filter((item) => !item.taken && item.created);
    if (unused.length > 0)
      await trx
        .deleteFrom('ingest_quotas')
        .where((eb) => eb.or(unused.map((item) => eb.and({ ai_server_id: item.serverId, kind: item.kind }))))
        .execute();
    if (rows.length === 0) return;
    await trx
      .insertInto('ingest_quotas')
      .values(rows)
      .onConflict((conflict) =>
        conflict.columns(['ai_server_id', 'kind']).doUpdateSet((eb) => ({
          tokens: eb.ref('excluded.tokens'),
          refilled_at: eb.ref('excluded.refilled_at'),
        })),
      )
      .execute();
  },
};

const latestIn = (beforeCommit: BeforeCommit, serverId: number, kind: IngestQuotaKind) =>
  beforeCommit.items(batchedQuotas).findLast((item) => item.serverId === serverId && item.kind === kind);

/** A cost to take from one of an AI server's buckets. */
export interface Take {
  readonly bucket: Bucket;
  readonly cost: number;
}

/** A bucket's row as the batch's read of it answers it (bucketRowsOf), none where it has no row. */
export type ReadBucket = Selectable<Table<'ingest_quotas'>> & { readonly created: 0 | 1 };

/**
 * Notes the buckets `read` of the AI servers `serverIds` (bucketRowsOf, in the batch's transaction):
 * what takeInBatch takes from. A bucket without a row is full.
 */
export function noteBucketsRead(
  beforeCommit: BeforeCommit,
  serverIds: readonly number[],
  buckets: readonly Bucket[],
  read: readonly ReadBucket[],
): void {
  for (const serverId of new Set(serverIds)) {
    for (const { kind } of buckets) {
      const row = read.find((stored) => stored.ai_server_id === serverId && stored.kind === kind);
      beforeCommit.add(batchedQuotas, {
        serverId,
        kind,
        row: row ? { tokens: row.tokens, refilled_at: row.refilled_at } : null,
        taken: false,
        created: row?.created === 1,
      });
    }
  }
}

/**
 * Takes every cost of `takes` from the AI server's buckets for a write of a batch (batched-writes.ts),
 * or none of them and refuses with the first bucket's 429, as takeFromBucket does. The buckets' rows
 * are the ones the batch read (bucketRowsOf, locked on PostgreSQL until the batch commits: no
 * other console server spends the same tokens meanwhile), as the batch's takes left them; each is
 * written once per batch, before its commit.
 */
export function takeInBatch(
  beforeCommit: BeforeCommit,
  serverId: number,
  takes: readonly Take[],
  now: Date,
): void {
  const rows = takes.map(({ bucket, cost }) => {
    const read = latestIn(beforeCommit, serverId, bucket.kind);
    if (!read)
      throw new Error(`the batch took from the ${bucket.kind} bucket of AI server ${serverId} unread`);
    return { kind: bucket.kind, row: takeTokens(bucket, read.row, cost, now) };
  });
  for (const { kind, row } of rows) beforeCommit.add(batchedQuotas, { serverId, kind, row, taken: true });
}

type QuotaKey = { serverId: number; kind: IngestQuotaKind };

const quotaRow = reusedQuery((db, { serverId, kind }: QuotaKey) =>
  db
    .selectFrom('ingest_quotas')
    .select(['tokens', 'refilled_at'])
    .where('ai_server_id', '=', serverId)
    .where('kind', '=', kind),
);

/**
 * The buckets of the AI servers `serverIds`, read for a batch's takes (noteBucketsRead). On
 * PostgreSQL each is given a full row where it has none (`created`: a row its own statement inserted
 * has no xmax), and all are locked until the transaction ends, in one statement and in one order
 * whatever rows exist (a batch that locked one bucket and, finding another missing, locked it later
 * could deadlock with another console server's batch locking both); a row given here and never taken
 * from goes again before the commit. SQLite has one writer: the rows as they are.
 */
export function bucketRowsOf(db: Db, serverIds: readonly number[], buckets: readonly Bucket[], now: Date) {
  const kinds = [...buckets].sort((a, b) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0));
  if (dialectOf(db) !== 'postgres')
    return sql<ReadBucket>`(select ai_server_id, kind, tokens, refilled_at, 0 as created from ingest_quotas
      where ai_server_id in (${sql.join(serverIds)})
        and kind in (${sql.join(kinds.map((bucket) => bucket.kind))}))`;
  // The servers are locked first (a deletion of one waits for the batch, rather than each waiting
  // for the other), and one deleted since its call was authenticated gets no bucket.
  const full = sql.join(
    kinds.map((bucket) => sql`(cast(${bucket.kind} as text), cast(${bucket.burst} as double precision))`),
  );
  return sql<ReadBucket>`(insert into ingest_quotas (ai_server_id, kind, tokens, refilled_at)
    select server.id, full_bucket.kind, full_bucket.tokens, cast(${now.toISOString()} as timestamptz)
      from (select id from ai_servers where id in (${sql.join(serverIds)}) order by id for key share) server
      cross join (values ${full}) as full_bucket(kind, tokens)
     order by server.id, full_bucket.kind
    on conflict (ai_server_id, kind) do update set tokens = ingest_quotas.tokens
    returning ai_server_id, kind, tokens, refilled_at, (xmax = 0)::integer as created)`;
}

const updateQuota = reusedQuery(
  (db, values: QuotaKey & { tokens: number; refilledAt: string; wasTokens: number; wasRefilledAt: string }) =>
    db
      .updateTable('ingest_quotas')
      .set({ tokens: values.tokens, refilled_at: values.refilledAt })
      .where('ai_server_id', '=', values.serverId)
      .where('kind', '=', values.kind)
      .where('tokens', '=', values.wasTokens)
      .where('refilled_at', '=', values.wasRefilledAt),
);

const insertQuota = reusedQuery((db, values: QuotaKey & { tokens: number; refilledAt: string }) =>
  db
    .insertInto('ingest_quotas')
    .values({
      ai_server_id: values.serverId,
      kind: values.kind,
      tokens: values.tokens,
      refilled_at: values.refilledAt,
    })
    .onConflict((conflict) => conflict.columns(['ai_server_id', 'kind']).doNothing()),
);

import type { Db } from '../db/open-database';
import { reusedQuery } from '../db/reused-query';
import type { IngestQuotaKind } from '../db/schema';
import { retryLater } from '../http/api-error';
import type { LocalText } from '../http/locale';
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
export interface QuotaRow {
  readonly tokens: number;
  readonly refilled_at: string;
}

/**
 * Takes `cost` tokens from the AI server's bucket, or refuses with a 429 saying how long to wait.
 * Counted in the database so that several console servers share one count. The write only lands
 * if the row is still what was read (a compare-and-set), so two concurrent takers cannot both
 * spend the same tokens: the loser reads again. Under SQLite's single writer the first read is
 * always current; the loop is for a database with concurrent writers (at READ COMMITTED).
 * Something costing more than the whole bucket (a snapshot over the hourly quota) passes when the
 * bucket is full and leaves it in debt, rather than never. `read` is the bucket's row as the
 * caller's transaction read it already (null: none), saving the first read.
 */
export async function takeFromBucket(
  db: Db,
  serverId: number,
  bucket: Bucket,
  cost: number,
  now: Date,
  read?: QuotaRow | null,
): Promise<void> {
  const key = { serverId, kind: bucket.kind };
  for (let known = read; ; known = undefined) {
    const row = known === undefined ? (await quotaRow.execute(db, key)).rows[0] : (known ?? undefined);
    // A clock stepped back refills nothing, and takes nothing back.
    const elapsedSeconds = row ? Math.max(0, now.getTime() - Date.parse(row.refilled_at)) / 1000 : 0;
    const available = row
      ? Math.min(bucket.burst, row.tokens + elapsedSeconds * bucket.perSecond)
      : bucket.burst;
    const needed = Math.min(cost, bucket.burst);
    if (available < needed) {
      throw retryLater('429', Math.ceil((needed - available) / bucket.perSecond) * 1000, bucket.refusal);
    }
    const values = { tokens: available - cost, refilledAt: now.toISOString() };
    const { numAffectedRows } = row
      ? await updateQuota.execute(db, {
          ...key,
          ...values,
          wasTokens: row.tokens,
          wasRefilledAt: row.refilled_at,
        })
      : await insertQuota.execute(db, { ...key, ...values });
    if (numAffectedRows !== undefined && numAffectedRows > 0n) return;
  }
}

type QuotaKey = { serverId: number; kind: IngestQuotaKind };

const quotaRow = reusedQuery((db, { serverId, kind }: QuotaKey) =>
  db
    .selectFrom('ingest_quotas')
    .select(['tokens', 'refilled_at'])
    .where('ai_server_id', '=', serverId)
    .where('kind', '=', kind),
);

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

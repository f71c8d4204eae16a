import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import { alertLevels } from '../alerts/alert-levels';
import type { Db } from '../db/open-database';
import { secondsBetween, timestampValue } from '../db/portable-sql';
import type { AlertLevel, AlertSource, AlertStatus, Database } from '../db/schema';
import type { Bucket, DashboardPeriod } from './dashboard-period';

/** How many cameras and alert types the dashboard ranks. */
export const topCount = 10;

type LevelCounts = Record<AlertLevel, number>;

const noLevels = (): LevelCounts => ({ low: 0, medium: 0, high: 0, critical: 0 });

const iso = (instant: number) => new Date(instant).toISOString();

/**
 * Alerts of `source` that occurred in [from, to): timestamps are ISO UTC text, so text order is time
 * order. The AI figures count detections only: a device failing is not something the AI saw.
 */
function inPeriod(from: number, to: number, source: AlertSource = 'ai') {
  return (eb: ExpressionBuilder<Database, 'alerts'>) =>
    eb.and([
      eb('alerts.source', '=', source),
      eb('alerts.occurred_at', '>=', iso(from)),
      eb('alerts.occurred_at', '<', iso(to)),
    ]);
}

/** How many of the grouped alerts are still pending, beside their count. */
const countAndPending = (eb: ExpressionBuilder<Database, 'alerts'>) =>
  [
    eb.fn.countAll<number>().as('count'),
    eb.fn.sum<number>(eb.case().when('alerts.status', '=', 'pending').then(1).else(0).end()).as('pending'),
  ] as const;

async function deviceCounts(trx: Transaction<Database>, table: 'ai_servers' | 'cameras') {
  const rows = await trx
    .selectFrom(table)
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { total: count('online') + count('offline'), online: count('online'), offline: count('offline') };
}

/** Counts by handling status, and the summed seconds from occurring to handling of the handled ones. */
async function handlingFigures(trx: Transaction<Database>, period: DashboardPeriod) {
  const rows = await trx
    .selectFrom('alerts')
    .where(inPeriod(period.from, period.to))
    .select((eb) => [
      'status',
      eb.fn.countAll<number>().as('count'),
      // A pending alert has no handled_at and adds nothing.
      sql<number | null>`sum(${secondsBetween(trx, 'occurred_at', 'handled_at')})`.as('seconds'),
    ])
    .groupBy('status')
    .execute();
  const of = (status: AlertStatus) => rows.find((row) => row.status === status);
  const count = (status: AlertStatus) => Number(of(status)?.count ?? 0);
  const pending = count('pending');
  const confirmed = count('confirmed');
  const dismissed = count('dismissed');
  const handled = confirmed + dismissed;
  const total = pending + handled;
  const seconds = Number(of('confirmed')?.seconds ?? 0) + Number(of('dismissed')?.seconds ?? 0);
  return {
    total,
    pending,
    confirmed,
    dismissed,
    handledRatio: total === 0 ? null : handled / total,
    falseAlarmRatio: handled === 0 ? null : dismissed / handled,
    meanHandlingSeconds: handled === 0 ? null : Math.round(seconds / handled),
  };
}

/**
 * Alerts per bucket and level: the buckets go to the database as a table of ranges, joined to the
 * alerts through the occurred_at index, so each bucket is one index range and no alert row leaves
 * the database.
 */
async function trendCounts(trx: Transaction<Database>, buckets: readonly Bucket[]): Promise<LevelCounts[]> {
  const trend = buckets.map(noLevels);
  if (buckets.length === 0) return trend;
  const time = (instant: number) => timestampValue(trx, iso(instant));
  const ranges = sql.join(buckets.map((b, i) => sql`(${i}, ${time(b.from)}, ${time(b.to)})`));
  const rows = await trx
    .with(
      'buckets(i, bucket_from, bucket_to)',
      () => sql<{ i: number; bucket_from: string; bucket_to: string }>`(values ${ranges})`,
    )
    .selectFrom('buckets')
    .innerJoin('alerts', (join) =>
      join
        .on('alerts.source', '=', 'ai')
        .onRef('alerts.occurred_at', '>=', 'buckets.bucket_from')
        .onRef('alerts.occurred_at', '<', 'buckets.bucket_to'),
    )
    .select((eb) => ['buckets.i', 'alerts.level', eb.fn.countAll<number>().as('count')])
    .groupBy(['buckets.i', 'alerts.level'])
    .execute();
  for (const row of rows) {
    const counts = trend[Number(row.i)];
    if (counts) counts[row.level] = Number(row.count);
  }
  return trend;
}

/** Device alerts in the period, and how many of them nobody has handled yet. */
async function deviceAlertCounts(trx: Transaction<Database>, period: DashboardPeriod) {
  const row = await trx
    .selectFrom('alerts')
    .where(inPeriod(period.from, period.to, 'device'))
    .select(countAndPending)
    .executeTakeFirst();
  return { total: Number(row?.count ?? 0), pending: Number(row?.pending ?? 0) };
}

async function topCameras(trx: Transaction<Database>, period: DashboardPeriod) {
  const rows = await trx
    .selectFrom('alerts')
    .leftJoin('cameras', 'cameras.id', 'alerts.camera_id')
    .where(inPeriod(period.from, period.to))
    .select((eb) => ['alerts.camera_id', 'cameras.name', 'cameras.area', ...countAndPending(eb)])
    .groupBy(['alerts.camera_id', 'cameras.name', 'cameras.area'])
    .orderBy('count', 'desc')
    .orderBy('alerts.camera_id')
    .limit(topCount)
    .execute();
  return rows.map((row) => ({
    cameraId: row.camera_id,
    cameraName: row.name ?? '',
    area: row.area ?? '',
    count: Number(row.count),
    pending: Number(row.pending),
  }));
}

async function topLabels(trx: Transaction<Database>, period: DashboardPeriod) {
  const rows = await trx
    .selectFrom('alerts')
    .where(inPeriod(period.from, period.to))
    .select((eb) => ['alerts.label', ...countAndPending(eb)])
    .groupBy('alerts.label')
    .orderBy('count', 'desc')
    .orderBy('alerts.label')
    .limit(topCount)
    .execute();
  return rows.map((row) => ({ label: row.label, count: Number(row.count), pending: Number(row.pending) }));
}

/**
 * The operations dashboard's figures for a period, as getOperationsDashboard answers them. Read in
 * one transaction, so the figures agree with each other (the trend adds up to the total) while
 * alerts keep arriving.
 */
export async function operationsDashboard(db: Db, period: DashboardPeriod) {
  return db.transaction().execute(async (trx) => {
    const aiServers = await deviceCounts(trx, 'ai_servers');
    const cameras = await deviceCounts(trx, 'cameras');
    const handling = await handlingFigures(trx, period);
    const trend = await trendCounts(trx, period.buckets);
    const byLevel = noLevels();
    for (const counts of trend) for (const level of alertLevels) byLevel[level] += counts[level];
    return {
      period: {
        from: iso(period.from),
        to: iso(period.to),
        timeZone: period.timeZone,
        bucket: period.bucket,
        preset: period.preset,
      },
      devices: { aiServers, cameras },
      alerts: { ...handling, byLevel },
      deviceAlerts: await deviceAlertCounts(trx, period),
      trend: period.buckets.map((bucket, i) => ({ start: iso(bucket.start), ...(trend[i] ?? noLevels()) })),
      topCameras: await topCameras(trx, period),
      topLabels: await topLabels(trx, period),
    };
  });
}

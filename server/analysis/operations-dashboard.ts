import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
import { alertLevels } from '../db/alert-levels';
import type { Db } from '../db/open-database';
import { secondsBetween, timestampValue } from '../db/portable-sql';
import type { AlertLevel, AlertSource, AlertStatus, Database } from '../db/schema';
import { dayMs, hourMs, noCamera, quarterMs } from './alert-rollups';
import type { Bucket, DashboardPeriod } from './dashboard-period';

/** How many cameras and alert types the dashboard ranks. */
export const topCount = 10;

type LevelCounts = Record<AlertLevel, number>;

const noLevels = (): LevelCounts => ({ low: 0, medium: 0, high: 0, critical: 0 });

const iso = (instant: number) => new Date(instant).toISOString();

/** A range of instants, from ≤ t < to. */
type Range = readonly [from: number, to: number];

/**
 * A range split where rollup slots of `size` ms can answer it: the whole slots inside it (none when
 * it holds none), and its ends outside them, which only the alerts can answer. Buckets start on
 * quarter hours, so inside a period only its own two ends (an instant such as now) are ends.
 */
function splitBySlots([from, to]: Range, size: number): { slots: Range | null; ends: Range[] } {
  const first = Math.ceil(from / size) * size;
  const last = Math.floor(to / size) * size;
  if (first >= last) return { slots: null, ends: [[from, to]] };
  const ends: Range[] = [
    [from, first],
    [last, to],
  ];
  return { slots: [first, last], ends: ends.filter(([a, b]) => a < b) };
}

/**
 * Alerts of `source` that occurred in one of the ranges: timestamps are ISO UTC text, so text order
 * is time order. The AI figures count detections only: a device failing is not something the AI saw.
 */
function inRanges(ranges: readonly Range[], source: AlertSource) {
  return (eb: ExpressionBuilder<Database, 'alerts'>) =>
    eb.and([
      eb('alerts.source', '=', source),
      eb.or(
        ranges.map(([from, to]) =>
          eb.and([eb('alerts.occurred_at', '>=', iso(from)), eb('alerts.occurred_at', '<', iso(to))]),
        ),
      ),
    ]);
}

async function deviceCounts(trx: Transaction<Database>, table: 'ai_servers' | 'cameras') {
  const rows = await trx
    .selectFrom(table)
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .groupBy('status')
    .execute();
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { total: count('online') + count('offline'), online: count('online'), offline: count('offline') };
}

interface StatusFigures {
  count: number;
  /** Summed from occurring to handling; a pending alert adds nothing. */
  ms: number;
}

/** Alerts of `source` in the period by status: whole quarter hours from the rollup, its ends from the alerts. */
async function statusFigures(trx: Transaction<Database>, period: Range, source: AlertSource) {
  const { slots, ends } = splitBySlots(period, quarterMs);
  const rolled = slots
    ? await trx
        .selectFrom('alert_rollups')
        .where('source', '=', source)
        .where('slot_start', '>=', iso(slots[0]))
        .where('slot_start', '<', iso(slots[1]))
        .select((eb) => [
          'status',
          eb.fn.sum<number>('alert_count').as('count'),
          eb.fn.sum<number>('handling_ms').as('ms'),
        ])
        .groupBy('status')
        .execute()
    : [];
  const counted = await trx
    .selectFrom('alerts')
    .where(inRanges(ends, source))
    .select((eb) => [
      'status',
      eb.fn.countAll<number>().as('count'),
      sql<number | null>`sum(${secondsBetween(trx, 'occurred_at', 'handled_at')}) * 1000`.as('ms'),
    ])
    .groupBy('status')
    .execute();
  const figures = new Map<AlertStatus, StatusFigures>();
  for (const row of [...rolled, ...counted]) {
    const sum = figures.get(row.status) ?? { count: 0, ms: 0 };
    sum.count += Number(row.count);
    sum.ms += Number(row.ms ?? 0);
    figures.set(row.status, sum);
  }
  return (status: AlertStatus) => figures.get(status) ?? { count: 0, ms: 0 };
}

/** Counts by handling status, and the summed seconds from occurring to handling of the handled ones. */
async function handlingFigures(trx: Transaction<Database>, period: DashboardPeriod) {
  const of = await statusFigures(trx, [period.from, period.to], 'ai');
  const pending = of('pending').count;
  const confirmed = of('confirmed').count;
  const dismissed = of('dismissed').count;
  const handled = confirmed + dismissed;
  const total = pending + handled;
  const seconds = (of('confirmed').ms + of('dismissed').ms) / 1000;
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

/** Ranges numbered by their bucket, as a table the database joins (a `values` list). */
function bucketRanges(trx: Transaction<Database>, ranges: readonly (readonly [number, Range])[]) {
  const time = (instant: number) => timestampValue(trx, iso(instant));
  const rows = sql.join(ranges.map(([i, [from, to]]) => sql`(${i}, ${time(from)}, ${time(to)})`));
  return sql<{ i: number; bucket_from: string; bucket_to: string }>`(values ${rows})`;
}

/**
 * AI alerts per bucket and level: each bucket's whole quarter hours from the rollup, the ends of the
 * period from the alerts. The buckets' ranges go to the database as a table joined through the slot
 * index, so each is one index range.
 */
async function trendCounts(trx: Transaction<Database>, buckets: readonly Bucket[]): Promise<LevelCounts[]> {
  const trend = buckets.map(noLevels);
  const slotRanges: [number, Range][] = [];
  const endRanges: [number, Range][] = [];
  buckets.forEach((bucket, i) => {
    const { slots, ends } = splitBySlots([bucket.from, bucket.to], quarterMs);
    if (slots) slotRanges.push([i, slots]);
    for (const end of ends) endRanges.push([i, end]);
  });
  const rolled =
    slotRanges.length === 0
      ? []
      : await trx
          .with('buckets(i, bucket_from, bucket_to)', () => bucketRanges(trx, slotRanges))
          .selectFrom('buckets')
          .innerJoin('alert_rollups', (join) =>
            join
              .on('alert_rollups.source', '=', 'ai')
              .onRef('alert_rollups.slot_start', '>=', 'buckets.bucket_from')
              .onRef('alert_rollups.slot_start', '<', 'buckets.bucket_to'),
          )
          .select((eb) => ['buckets.i', 'alert_rollups.level', eb.fn.sum<number>('alert_count').as('count')])
          .groupBy(['buckets.i', 'alert_rollups.level'])
          .execute();
  // The ends are the period's own two at most: one small query each, as PostgreSQL plans a join of
  // a `values` list with the alerts as a scan of every alert (600 ms at a million of them).
  const counted = [];
  for (const [i, end] of endRanges) {
    const rows = await trx
      .selectFrom('alerts')
      .where(inRanges([end], 'ai'))
      .select((eb) => ['alerts.level', eb.fn.countAll<number>().as('count')])
      .groupBy('alerts.level')
      .execute();
    counted.push(...rows.map((row) => ({ ...row, i })));
  }
  for (const row of [...rolled, ...counted]) {
    const counts = trend[Number(row.i)];
    if (counts) counts[row.level] += Number(row.count);
  }
  return trend;
}

/** Device alerts in the period, and how many of them nobody has handled yet. */
async function deviceAlertCounts(trx: Transaction<Database>, period: DashboardPeriod) {
  const of = await statusFigures(trx, [period.from, period.to], 'device');
  const pending = of('pending').count;
  return { total: pending + of('confirmed').count + of('dismissed').count, pending };
}

interface Ranked<Key> {
  key: Key;
  count: number;
  pending: number;
}

/** Merges the groups of the rollup and of the alerts, and keeps the top ones by count, then key. */
function topOf<Key extends string | number | null>(
  rows: readonly { key: Key; count: number | string; pending: number | string | null }[],
): Ranked<Key>[] {
  const groups = new Map<Key, Ranked<Key>>();
  for (const row of rows) {
    const group = groups.get(row.key) ?? { key: row.key, count: 0, pending: 0 };
    group.count += Number(row.count);
    group.pending += Number(row.pending ?? 0);
    groups.set(row.key, group);
  }
  // As SQLite orders: no camera first.
  const order = (a: Key, b: Key) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1);
  return [...groups.values()].sort((a, b) => b.count - a.count || order(a.key, b.key)).slice(0, topCount);
}

/** The rollups that rank cameras and labels, by the column their slots start in. */
type RankRollup =
  { table: 'alert_day_rollups'; start: 'day_start' } | { table: 'alert_hour_rollups'; start: 'hour_start' };

/** The AI alerts of a rollup's slots in a range, grouped by camera or label. */
function rolledRanks(
  trx: Transaction<Database>,
  { table, start }: RankRollup,
  [from, to]: Range,
  by: 'camera_id' | 'label',
) {
  return trx
    .selectFrom(table)
    .where('source', '=', 'ai')
    .where(start, '>=', iso(from))
    .where(start, '<', iso(to))
    .select((eb) => [
      `${by} as key`,
      eb.fn.sum<number>('alert_count').as('count'),
      eb.fn
        .sum<number>(eb.case().when('status', '=', 'pending').then(eb.ref('alert_count')).else(0).end())
        .as('pending'),
    ])
    .groupBy(by)
    .execute();
}

/**
 * The AI alerts of the period grouped by camera or label: whole UTC days from the daily rollup, the
 * whole UTC hours of the days it holds in part from the hourly one, the rest (under an hour at each
 * end) from the alerts.
 */
async function rankedBy<Key extends string | number | null>(
  trx: Transaction<Database>,
  period: DashboardPeriod,
  by: 'camera_id' | 'label',
  keyOf: (value: string | number | null) => Key,
) {
  const byDay = splitBySlots([period.from, period.to], dayMs);
  const byHour = byDay.ends.map((partDay) => splitBySlots(partDay, hourMs));
  const rolled = [];
  if (byDay.slots)
    rolled.push(
      ...(await rolledRanks(trx, { table: 'alert_day_rollups', start: 'day_start' }, byDay.slots, by)),
    );
  for (const { slots } of byHour)
    if (slots)
      rolled.push(
        ...(await rolledRanks(trx, { table: 'alert_hour_rollups', start: 'hour_start' }, slots, by)),
      );
  const counted = await trx
    .selectFrom('alerts')
    .where(
      inRanges(
        byHour.flatMap(({ ends }) => ends),
        'ai',
      ),
    )
    .select((eb) => [`alerts.${by} as key`, ...countAndPending(eb)])
    .groupBy(`alerts.${by}`)
    .execute();
  return topOf([...rolled, ...counted].map((row) => ({ ...row, key: keyOf(row.key) })));
}

/** How many of the grouped alerts are still pending, beside their count. */
const countAndPending = (eb: ExpressionBuilder<Database, 'alerts'>) =>
  [
    eb.fn.countAll<number>().as('count'),
    eb.fn.sum<number>(eb.case().when('alerts.status', '=', 'pending').then(1).else(0).end()).as('pending'),
  ] as const;

async function topCameras(trx: Transaction<Database>, period: DashboardPeriod) {
  const top = await rankedBy(trx, period, 'camera_id', (id) =>
    id === null || Number(id) === noCamera ? null : Number(id),
  );
  const ids = top.flatMap((row) => (row.key === null ? [] : [row.key]));
  const cameras =
    ids.length === 0
      ? []
      : await trx.selectFrom('cameras').select(['id', 'name', 'area']).where('id', 'in', ids).execute();
  return top.map((row) => {
    const camera = cameras.find((c) => c.id === row.key);
    return {
      cameraId: row.key,
      cameraName: camera?.name ?? '',
      area: camera?.area ?? '',
      count: row.count,
      pending: row.pending,
    };
  });
}

async function topLabels(trx: Transaction<Database>, period: DashboardPeriod) {
  const top = await rankedBy(trx, period, 'label', String);
  return top.map((row) => ({ label: row.key, count: row.count, pending: row.pending }));
}

/**
 * The operations dashboard's figures for a period, as getOperationsDashboard answers them. Read in
 * one transaction, so the figures agree with each other (the trend adds up to the total) while
 * alerts keep arriving: on PostgreSQL a repeatable-read one, whose statements all read one snapshot
 * (read committed, the default, gives each statement its own). SQLite's reader sees one anyway.
 */
export async function operationsDashboard(db: Db, period: DashboardPeriod) {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
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

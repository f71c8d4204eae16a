import { sql, type Insertable, type OperationNodeSource } from 'kysely';
import { countedColumns, type AlertChange, type CountedAlert } from '../alerts/alert-hooks';
import { dialectOf } from '../db/dialect';
import type { Db } from '../db/open-database';
import type { Table } from '../db/schema';
import { DAY_MS, HOUR_MS } from '../kernel/zoned-time';

/**
 * Rollups of the alerts, so the operations dashboard reads counts that do not grow with history.
 * Every write that adds, handles or removes alerts changes them in its own transaction, through the
 * alerts' `alertsCounted` hook (countAlertChanges); `rebuildAlertRollups` recounts them from the alerts.
 *
 * Two kinds of key, because the dashboard never crosses camera with level: the quarter-hour rollup (by
 * source, level and status) answers the totals, the handling figures and the trend; the daily and
 * hourly ones (by source, camera, label and status) the rankings, which need the whole period only.
 * A quarter hour, not an hour: a zone 30 or 45 minutes off UTC (Kolkata, Kathmandu, Chatham) starts
 * its hours and days on quarter hours, so every bucket the dashboard draws is a run of whole slots.
 * The rankings read whole UTC days from the daily rollup, the whole hours of the days a period holds
 * in part from the hourly one, and under an hour at each end from the alerts: a period of a month
 * sums some thousands of rows, where hours alone would be 720 of them per key, and no period counts
 * more than two hours of alerts, where days alone would make `last24h` count a whole day of them.
 */

/** The size of the slots of alert_rollups. */
export const quarterMs = 15 * 60_000;

/** The size of the slots of alert_day_rollups: UTC days. */
export const dayMs = DAY_MS;

/** The size of the slots of alert_hour_rollups: UTC hours. */
export const hourMs = HOUR_MS;

type QuarterRow = Insertable<Table<'alert_rollups'>>;
type DayRow = Insertable<Table<'alert_day_rollups'>>;
type HourRow = Insertable<Table<'alert_hour_rollups'>>;

/** The start of the slot of `size` ms holding an instant, as the slot columns hold it. */
export const slotStart = (iso: string, size: number) =>
  new Date(Math.floor(Date.parse(iso) / size) * size).toISOString();

/** The daily rollup's camera of no camera (a device alert of an AI server, a deleted camera). */
export const noCamera = 0;

/** Rows at once in one statement: well below SQLite's and PostgreSQL's limits of parameters. */
const rowsPerStatement = 500;

/** Upserts of rowsPerStatement rows PostgreSQL sends as one statement (inOneStatement). */
const maxUpsertsAtOnce = 3;

const quarterKey = ['slot_start', 'source', 'level', 'status'] as const;
const dayKey = ['day_start', 'source', 'camera_id', 'label', 'status'] as const;
const hourKey = ['hour_start', 'source', 'camera_id', 'label', 'status'] as const;

/** The rows in the order of their keys: writers that take row locks in one order never deadlock. */
const inKeyOrder = <Row>(rows: ReadonlyMap<string, Row>) =>
  [...rows].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += rowsPerStatement) out.push(items.slice(i, i + rowsPerStatement));
  return out;
}

/**
 * What a write does to the rollups, summed per rollup row: each row it touches is then written once,
 * by one upsert per table, however many alerts the write changed.
 */
export class RollupChange {
  private readonly quarters = new Map<string, QuarterRow>();
  private readonly days = new Map<string, DayRow>();
  private readonly hours = new Map<string, HourRow>();
  private removes = false;

  /** Counts an alert in (+1) or out (-1) as it stands. */
  count(alert: CountedAlert, sign: 1 | -1): this {
    const handlingMs =
      alert.handled_at === null ? 0 : Date.parse(alert.handled_at) - Date.parse(alert.occurred_at);
    this.addQuarter(
      {
        slot_start: slotStart(alert.occurred_at, quarterMs),
        source: alert.source,
        level: alert.level,
        status: alert.status,
      },
      sign,
      sign * handlingMs,
    );
    const ranked = {
      source: alert.source,
      camera_id: alert.camera_id ?? noCamera,
      label: alert.label,
      status: alert.status,
    };
    this.addDay({ day_start: slotStart(alert.occurred_at, dayMs), ...ranked }, sign);
    this.addHour({ hour_start: slotStart(alert.occurred_at, hourMs), ...ranked }, sign);
    return this;
  }

  /** Moves an alert from the way it stood to the way it stands (handled). */
  move(before: CountedAlert, after: CountedAlert): this {
    return this.count(before, -1).count(after, 1);
  }

  /** Adds `count` to a daily row as it is keyed (a camera's rows moving to no camera). */
  addDay(key: Omit<DayRow, 'alert_count'>, count: number): this {
    this.addCount(
      this.days,
      JSON.stringify(dayKey.map((column) => key[column])),
      { ...key, alert_count: 0 },
      count,
    );
    return this;
  }

  /** Adds `count` to an hourly row as it is keyed (a camera's rows moving to no camera). */
  addHour(key: Omit<HourRow, 'alert_count'>, count: number): this {
    this.addCount(
      this.hours,
      JSON.stringify(hourKey.map((column) => key[column])),
      { ...key, alert_count: 0 },
      count,
    );
    return this;
  }

  /** Adds `count` to the row `id`, starting from `empty` (its key with no alerts) when there is none. */
  private addCount<Row extends { alert_count: number }>(
    rows: Map<string, Row>,
    id: string,
    empty: Row,
    count: number,
  ) {
    const row = rows.get(id) ?? empty;
    row.alert_count += count;
    rows.set(id, row);
    if (count < 0) this.removes = true;
  }

  private addQuarter(key: Omit<QuarterRow, 'alert_count' | 'handling_ms'>, count: number, ms: number) {
    const id = JSON.stringify(quarterKey.map((column) => key[column]));
    const row = this.quarters.get(id) ?? { ...key, alert_count: 0, handling_ms: 0 };
    row.alert_count += count;
    row.handling_ms += ms;
    this.quarters.set(id, row);
    if (count < 0) this.removes = true;
  }

  /**
   * Writes the change in the caller's transaction: one upsert per table for a batch of new alerts;
   * where alerts were counted out, the rows left at zero go too, so removed history leaves no rows.
   */
  async apply(db: Db): Promise<void> {
    const quarters = inKeyOrder(this.quarters).filter(
      (row) => row.alert_count !== 0 || row.handling_ms !== 0,
    );
    const days = inKeyOrder(this.days).filter((row) => row.alert_count !== 0);
    const hours = inKeyOrder(this.hours).filter((row) => row.alert_count !== 0);
    const upserts = [
      ...chunks(quarters).map((rows) => quarterUpsert(db, rows)),
      ...chunks(days).map((rows) => countUpsert(db, 'alert_day_rollups', dayKey, rows)),
      ...chunks(hours).map((rows) => countUpsert(db, 'alert_hour_rollups', hourKey, rows)),
    ];
    // Up to three chunks together (a batch of new alerts: a chunk per tier) keep one statement's
    // parameters far below PostgreSQL's limit; a rebuild's many chunks go one by one.
    if (dialectOf(db) === 'postgres' && upserts.length > 1 && upserts.length <= maxUpsertsAtOnce)
      await inOneStatement(db, upserts);
    else for (const upsert of upserts) await upsert.execute();
    if (!this.removes) return;
    const slots = [...new Set(quarters.map((row) => row.slot_start))];
    for (const some of chunks(slots))
      await db
        .deleteFrom('alert_rollups')
        .where('alert_count', '=', 0)
        .where('slot_start', 'in', some)
        .execute();
    await removeEmptied(
      db,
      'alert_day_rollups',
      days.map((row) => row.day_start),
    );
    await removeEmptied(
      db,
      'alert_hour_rollups',
      hours.map((row) => row.hour_start),
    );
  }
}

/** Counts alerts' changes into the rollups in the caller's transaction: the alerts' `alertsCounted` hook. */
export async function countAlertChanges(db: Db, changes: readonly AlertChange[]): Promise<void> {
  const change = new RollupChange();
  for (const { before, after } of changes) {
    if (before) change.count(before, -1);
    if (after) change.count(after, 1);
  }
  await change.apply(db);
}

/** Adds the quarter-hour rows' counts and handling times to those stored. */
const quarterUpsert = (db: Db, rows: readonly QuarterRow[]) =>
  db
    .insertInto('alert_rollups')
    .values(rows)
    .onConflict((conflict) =>
      conflict.columns([...quarterKey]).doUpdateSet((eb) => ({
        alert_count: eb('alert_rollups.alert_count', '+', eb.ref('excluded.alert_count')),
        handling_ms: eb('alert_rollups.handling_ms', '+', eb.ref('excluded.handling_ms')),
      })),
    );

/** The ranking tiers: a count per key, the key led by the tier's time column. */
type CountTable = 'alert_day_rollups' | 'alert_hour_rollups';
/** A ranking tier's row, as typed by the columns the tiers have in common (all but the time column). */
type CountedRow = Insertable<Table<CountTable>>;

/** Adds a ranking tier's rows' counts to those stored. */
const countUpsert = (
  db: Db,
  table: CountTable,
  key: typeof dayKey | typeof hourKey,
  rows: readonly CountedRow[],
) =>
  db
    .insertInto(table)
    .values(rows)
    .onConflict((conflict) =>
      conflict.columns([...key]).doUpdateSet({
        alert_count: sql`${sql.ref(`${table}.alert_count`)} + excluded.alert_count`,
      }),
    );

/**
 * PostgreSQL: the upserts as one statement, one round trip where each was one. Every batch of
 * ingest writes the current quarter hour's rows and holds them until it commits, so each round trip
 * after them is one that other servers' batches wait through. Each upsert is a data-modifying WITH
 * query its own scalar subquery reads: the select list runs them in their order, so rows are still
 * locked tier by tier, each in key order, as one statement each would.
 */
async function inOneStatement(db: Db, upserts: readonly OperationNodeSource[]): Promise<void> {
  const names = upserts.map((_, n) => sql.id(`upsert_${n}`));
  const queries = upserts.map((upsert, n) => sql`${names[n]} as (${upsert} returning 1)`);
  const reads = names.map((name) => sql`(select count(*) from ${name})`);
  await sql`with ${sql.join(queries)} select ${sql.join(reads)}`.execute(db);
}

/** Deletes the tier's rows a write left at zero, among the time slots it touched. */
async function removeEmptied(db: Db, table: CountTable, touched: readonly string[]): Promise<void> {
  const timeColumn = table === 'alert_day_rollups' ? dayKey[0] : hourKey[0];
  for (const some of chunks([...new Set(touched)]))
    await db.deleteFrom(table).where('alert_count', '=', 0).where(timeColumn, 'in', some).execute();
}

/** Alerts read at once by a rebuild. */
const rebuildPage = 5000;

/**
 * Recounts the rollups from the alerts in the caller's transaction (a migration, the operator's
 * command): whatever they held is replaced. Answers how many alerts were counted.
 */
export async function rebuildAlertRollups(db: Db): Promise<number> {
  await db.deleteFrom('alert_rollups').execute();
  await db.deleteFrom('alert_day_rollups').execute();
  await db.deleteFrom('alert_hour_rollups').execute();
  const change = new RollupChange();
  let after = 0;
  let counted = 0;
  for (;;) {
    const page = await db
      .selectFrom('alerts')
      .select(['id', ...countedColumns])
      .where('id', '>', after)
      .orderBy('id')
      .limit(rebuildPage)
      .execute();
    for (const alert of page) change.count(alert, 1);
    counted += page.length;
    const last = page.at(-1);
    if (!last || page.length < rebuildPage) break;
    after = last.id;
  }
  await change.apply(db);
  return counted;
}

/**
 * Before cameras are deleted (their alerts keep no camera, the foreign key sets it null): their
 * daily and hourly rows move to no camera, as a recount would find them, and a later camera given a
 * freed id inherits none of them.
 */
export async function forgetCamerasInRollups(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const change = new RollupChange();
  const days = await db
    .selectFrom('alert_day_rollups')
    .selectAll()
    .where('camera_id', 'in', [...ids])
    .execute();
  for (const { alert_count: count, ...key } of days) {
    change.addDay(key, -count).addDay({ ...key, camera_id: noCamera }, count);
  }
  const hours = await db
    .selectFrom('alert_hour_rollups')
    .selectAll()
    .where('camera_id', 'in', [...ids])
    .execute();
  for (const { alert_count: count, ...key } of hours) {
    change.addHour(key, -count).addHour({ ...key, camera_id: noCamera }, count);
  }
  await change.apply(db);
}

import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../column-types';

/**
 * The hourly rollup of the rankings (see server/analysis/alert-rollups.ts): per UTC hour, source,
 * camera, label and status, keyed like the daily one, the hour leading. Then every rollup is
 * recounted from the alerts, the quarter-hour and daily ones of 0026 included, as the rollups
 * counted an alert then (written out here; today's counting is server/analysis/alert-rollups.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  await db.schema
    .createTable('alert_hour_rollups')
    .addColumn('hour_start', t.timestamp, (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('camera_id', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'confirmed', 'dismissed')`),
    )
    .addColumn('alert_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_hour_rollups_key', [
      'hour_start',
      'source',
      'camera_id',
      'label',
      'status',
    ])
    .execute();
  await recountRollups(db);
}

interface CountedAlert {
  readonly id: number;
  readonly occurred_at: string;
  readonly source: string;
  readonly camera_id: number | null;
  readonly label: string;
  readonly level: string;
  readonly status: string;
  readonly handled_at: string | null;
}

const quarterMs = 15 * 60_000;
const hourMs = 60 * 60_000;
const dayMs = 24 * hourMs;
/** The rankings' camera of an alert without one. */
const noCamera = 0;
/** Alerts read, and rows written, at once. */
const pageSize = 500;

const slotStart = (iso: string, size: number) =>
  new Date(Math.floor(Date.parse(iso) / size) * size).toISOString();

/** Adds `count` (and `handling_ms`) to the row of `key` in `rows`. */
function add(rows: Map<string, Record<string, unknown>>, key: Record<string, unknown>, handlingMs?: number) {
  const id = JSON.stringify(Object.values(key));
  const row = rows.get(id) ?? {
    ...key,
    alert_count: 0,
    ...(handlingMs === undefined ? {} : { handling_ms: 0 }),
  };
  row.alert_count = (row.alert_count as number) + 1;
  if (handlingMs !== undefined) row.handling_ms = (row.handling_ms as number) + handlingMs;
  rows.set(id, row);
}

/** Every rollup replaced by the counts of the alerts stored. */
async function recountRollups(db: Kysely<unknown>): Promise<void> {
  const tables = {
    alert_rollups: new Map<string, Record<string, unknown>>(),
    alert_day_rollups: new Map<string, Record<string, unknown>>(),
    alert_hour_rollups: new Map<string, Record<string, unknown>>(),
  };
  for (let after = 0; ;) {
    const { rows: page } = await sql<CountedAlert>`select id, occurred_at, source, camera_id, label, level,
      status, handled_at from alerts where id > ${after} order by id limit ${pageSize}`.execute(db);
    for (const alert of page) {
      const handlingMs =
        alert.handled_at === null ? 0 : Date.parse(alert.handled_at) - Date.parse(alert.occurred_at);
      const { source, label, status } = alert;
      const ranked = { source, camera_id: alert.camera_id ?? noCamera, label, status };
      const quarter = {
        slot_start: slotStart(alert.occurred_at, quarterMs),
        source,
        level: alert.level,
        status,
      };
      add(tables.alert_rollups, quarter, handlingMs);
      add(tables.alert_day_rollups, { day_start: slotStart(alert.occurred_at, dayMs), ...ranked });
      add(tables.alert_hour_rollups, { hour_start: slotStart(alert.occurred_at, hourMs), ...ranked });
    }
    const last = page.at(-1);
    if (!last || page.length < pageSize) break;
    after = last.id;
  }
  for (const [table, rows] of Object.entries(tables)) {
    await sql`delete from ${sql.table(table)}`.execute(db);
    const all = [...rows.values()];
    for (let i = 0; i < all.length; i += pageSize) {
      const some = all.slice(i, i + pageSize);
      const columns = Object.keys(some[0] ?? {}).map((column) => sql.ref(column));
      const values = some.map((row) => sql`(${sql.join(Object.values(row))})`);
      await sql`insert into ${sql.table(table)} (${sql.join(columns)}) values ${sql.join(values)}`.execute(
        db,
      );
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('alert_hour_rollups').execute();
}

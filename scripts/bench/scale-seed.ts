import { sql } from 'kysely';
import { dialectOf } from '../../server/db/dialect';
import type { Db } from '../../server/db/open-database';
import type { Insertable } from 'kysely';
import type { Database } from '../../server/db/schema';
import { rebuildAlertRollups } from '../../server/analysis/alert-rollups';

/** How much the scale benchmark writes: alerts over `days` on `cameras` cameras, and rows per management table. */
export interface ScalePlan {
  readonly alerts: number;
  readonly rowsPerResource: number;
  readonly cameras: number;
  readonly aiServers: number;
  readonly days: number;
  /** The end of the alerts' period (the server's now): the newest alert is just before it. */
  readonly end: Date;
}

export const alertLabels = [
  '未戴安全帽',
  '吸烟',
  '区域入侵',
  '打电话',
  '明火',
  '人员聚集',
  '车辆违停',
  '未穿反光衣',
];
const labelWeights = [30, 15, 15, 12, 3, 10, 10, 5];
const levels = ['low', 'medium', 'high', 'critical'] as const;
const levelWeights = [40, 30, 20, 10];
const dayMs = 86_400_000;

/** A well-mixed number in [0, 1) from an integer and a salt: the same alert is the same on every run. */
export function unitNoise(n: number, salt: number): number {
  let x = Math.imul(n ^ Math.imul(salt, 0x9e3779b1), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  x = (x ^ (x >>> 16)) >>> 0;
  return x / 2 ** 32;
}

function pick<T>(values: readonly T[], weights: readonly number[], unit: number): T {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let left = unit * total;
  for (const [index, weight] of weights.entries()) {
    left -= weight;
    if (left < 0) return values[index] as T;
  }
  return values[values.length - 1] as T;
}

/**
 * The `n`th alert (0-based) of the plan: spread evenly in time, oldest first, over the plan's days; a
 * camera, label and level drawn with a site's skew (helmets common, fire rare; few criticals); most
 * older alerts handled (confirmed or dismissed a few minutes after), most of the last day's pending.
 */
export function scaleAlert(n: number, plan: ScalePlan): Insertable<Database['alerts']> {
  const spanMs = plan.days * dayMs;
  const occurredMs = plan.end.getTime() - spanMs + Math.floor(((n + 0.5) * spanMs) / plan.alerts);
  const occurredAt = new Date(occurredMs).toISOString();
  const camera = 1 + Math.floor(unitNoise(n, 1) * plan.cameras);
  const aiServer = 1 + ((camera - 1) % plan.aiServers);
  const label = pick(alertLabels, labelWeights, unitNoise(n, 2));
  const recent = plan.end.getTime() - occurredMs < dayMs;
  const handled = unitNoise(n, 4) >= (recent ? 0.6 : 0.05);
  const handledAt = new Date(occurredMs + 60_000 + Math.floor(unitNoise(n, 5) * 1_800_000)).toISOString();
  return {
    ai_server_id: aiServer,
    camera_id: camera,
    ai_server_name: `AI服务器-${aiServer}`,
    camera_name: `摄像头-${camera}`,
    area: `${1 + (camera % 10)}号楼`,
    task_name: '安全生产巡检',
    model_name: 'safety-v3',
    label,
    label_en: label,
    level: pick(levels, levelWeights, unitNoise(n, 3)),
    confidence: 0.5 + Math.round(unitNoise(n, 6) * 490) / 1000,
    boxes: '[{"x":0.31,"y":0.22,"width":0.12,"height":0.3,"label":"person","confidence":0.91}]',
    occurred_at: occurredAt,
    received_at: new Date(occurredMs + 300).toISOString(),
    status: handled ? (unitNoise(n, 7) < 0.7 ? 'confirmed' : 'dismissed') : 'pending',
    handled_by_name: handled ? 'admin' : '',
    handled_at: handled ? handledAt : null,
    handling_note: '',
    // Past the revisions the server's own start wrote (none: no alert exists before the seed).
    revision: n + 1,
    source: 'ai',
    type: 'detection',
  };
}

/** Rows per statement: under SQLite's 32,766 bound parameters at the alerts' 22 columns. */
const rowsPerInsert = 1_000;
/** Rows per transaction: big enough that commits cost nothing, small enough to keep memory flat. */
const rowsPerTransaction = 50_000;

async function insertMany<T extends keyof Database>(
  db: Db,
  table: T,
  count: number,
  row: (n: number) => Insertable<Database[T]>,
): Promise<void> {
  for (let first = 0; first < count; first += rowsPerTransaction) {
    const last = Math.min(count, first + rowsPerTransaction);
    await db.transaction().execute(async (trx) => {
      for (let start = first; start < last; start += rowsPerInsert) {
        const rows = Array.from({ length: Math.min(rowsPerInsert, last - start) }, (_, i) => row(start + i));
        // Kysely's generic insert cannot tell that a table name picks its own row type.
        await trx
          .insertInto(table)
          .values(rows as never)
          .execute();
      }
    });
  }
}

const iso = (ms: number) => new Date(ms).toISOString();
const vendors = ['hikvision', 'dahua', 'uniview', 'tiandy', 'huawei', 'axis', 'other'] as const;

/**
 * Writes the plan into a migrated, otherwise fresh database (the administrator only): AI servers and
 * cameras first (the alerts' first servers and cameras are theirs), users, the operation log, then
 * the alerts; then refreshes the planner's statistics, as a running database's autovacuum would.
 */
export async function seedScale(db: Db, plan: ScalePlan): Promise<void> {
  const end = plan.end.getTime();
  const rows = plan.rowsPerResource;
  const createdAt = (n: number) => iso(end - 90 * dayMs + Math.floor((n * 80 * dayMs) / rows));
  await insertMany(db, 'ai_servers', Math.max(rows, plan.aiServers), (n) => ({
    name: `AI服务器-${n + 1}`,
    serial_number: `SN-${String(n + 1).padStart(7, '0')}`,
    ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    port: 8000 + (n % 10),
    hardware_model: 'Atlas 500',
    accelerator_type: ['NPU', 'GPU', 'CPU'][n % 3] as string,
    channel_capacity: [8, 16, 32, 64][n % 4] as number,
    software_version: '2.1.0',
    location: `${n % 50}号机房`,
    // Offline: an online server that sends no heartbeat would be taken offline during the run, raising alerts.
    status: 'offline' as const,
    last_heartbeat_at: null,
    cpu_load: null,
    memory_load: null,
    accelerator_load: null,
    ingest_key_hash: `bench-key-${n + 1}`,
    created_at: createdAt(n),
    updated_at: createdAt(n),
  }));
  await insertMany(db, 'cameras', Math.max(rows, plan.cameras), (n) => ({
    name: `摄像头-${n + 1}`,
    code: `CAM-${String(n + 1).padStart(7, '0')}`,
    area: `${1 + ((n + 1) % 10)}号楼`,
    main_stream_url: `rtsp://10.20.${(n >> 8) & 255}.${n & 255}/main`,
    sub_stream_url: '',
    vendor: vendors[n % vendors.length] as string,
    ip: `10.20.${(n >> 8) & 255}.${n & 255}`,
    ai_server_id: 1 + (n % plan.aiServers),
    // As the server settles a camera nobody reads whose AI server is offline (camera-status.ts):
    // any other status or source is rewritten at the start, camera by camera (100,000 updates, 24 s
    // on PostgreSQL), leaving dead rows and trigram entries for the timed lists to pass over.
    status: 'offline' as const,
    status_source: 'aiServer' as const,
    created_at: createdAt(n),
    updated_at: createdAt(n),
  }));
  await insertMany(db, 'users', rows, (n) => ({
    username: `bench-user-${n + 1}`,
    username_key: `bench-user-${n + 1}`,
    name: `员工${n + 1}`,
    phone: `139${String(n + 1).padStart(8, '0')}`,
    email: null,
    status: n % 10 === 0 ? ('disabled' as const) : ('enabled' as const),
    // Not a hash of anything: these accounts are listed, never signed in.
    password_hash: 'bench-no-password',
    created_at: createdAt(n),
    last_login_at: null,
  }));
  await insertMany(db, 'operation_logs', rows, (n) => ({
    time: iso(end - 30 * dayMs + Math.floor((n * 30 * dayMs) / rows)),
    user_id: null,
    username: `bench-user-${1 + (n % 500)}`,
    ip: `192.168.${(n >> 8) & 255}.${n & 255}`,
    area: 'KEY.CENTER.AIWARN',
    action: n % 5 === 0 ? 'alert.handle' : 'camera.update',
    action_name_zh: n % 5 === 0 ? '处理告警' : '修改摄像头',
    action_name_en: n % 5 === 0 ? 'Handle alert' : 'Update camera',
    target: `#${n + 1}`,
    result: n % 20 === 0 ? ('failure' as const) : ('success' as const),
    code: n % 20 === 0 ? '400' : '0',
    detail_zh: '',
    detail_en: '',
  }));
  await insertMany(db, 'alerts', plan.alerts, (n) => scaleAlert(n, plan));
  // Alerts loaded around the API: the dashboard's rollups are counted from them, as the operator
  // command alerts:rebuild-rollups does after an import.
  await db.transaction().execute((trx) => rebuildAlertRollups(trx));
  await (dialectOf(db) === 'postgres' ? sql`vacuum analyze` : sql`analyze`).execute(db);
}

import type { components } from '../../src/generated/openapi';
import type { AlertsContext } from './alerts-context';
import type { Db } from '../db/open-database';
import { badInput, type FieldProblem } from '../kernel/api-error';
import { later } from '../kernel/clock';
import { settleCameraStatus } from '../cameras/camera-status';
import type { StatusEvent } from '../cluster/status-event';
import type { StatusFeed } from '../cluster/status-feed';
import { raiseDeviceAlerts, streamAlertsOf } from './device-health';
import type { IngestLimits } from './ingest-limits';

/** The calling AI server, as the ingest key authenticated it. */
export interface IngestCaller {
  readonly id: number;
  readonly name: string;
}

/** The kind of file an alert's snapshot is: its upload's operationId. */
export const snapshotKind = 'uploadAlertSnapshot';

type Heartbeat = components['schemas']['AiServerHeartbeat'];

export const notBound = (field: string, id: number, server: IngestCaller): FieldProblem => ({
  field,
  message: {
    zh: `摄像头 ${id} 未绑定到本AI服务器「${server.name}」`,
    en: `camera ${id} is not bound to this AI server (${server.name})`,
  },
});

/**
 * A snapshot a report names (`field`) that is not one its AI server uploaded. One answer for a file
 * that is missing, of another kind, a user's or another server's: a box learns nothing of the files
 * not its own, and can show none of them as its own.
 */
export const notOwnSnapshot = (field: string, id: number): FieldProblem => ({
  field,
  message: {
    zh: `文件 ${id} 不是本AI服务器上传的快照`,
    en: `file ${id} is not a snapshot this AI server uploaded`,
  },
});

/** The problem of the snapshot `id` a report names as `field`, unless the server uploaded it. */
export async function ownSnapshotProblems(
  db: Db,
  server: IngestCaller,
  field: string,
  id: number | undefined,
): Promise<FieldProblem[]> {
  if (id === undefined) return [];
  const own = await db
    .selectFrom('files')
    .select('id')
    .where('id', '=', id)
    .where('kind', '=', snapshotKind)
    .where('ai_server_id', '=', server.id)
    .executeTakeFirst();
  return own ? [] : [notOwnSnapshot(field, id)];
}

async function boundCameraIds(db: Db, serverId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('cameras')
    .select('id')
    .where('ai_server_id', '=', serverId)
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Records the heartbeat: the server online with its loads, and the status of each camera it lists
 * as of its arrival (a camera left out is not vouched for again: its last report ages).
 * Raises a device alert when the server comes back from offline (not on its first heartbeat: it was
 * never online) and for each camera whose stream is lost or back.
 */
export async function recordHeartbeat(ctx: AlertsContext, server: IngestCaller, heartbeat: Heartbeat) {
  const now = ctx.clock.now();
  const receivedAt = now.toISOString();
  const { raised, events } = await ctx.db.transaction().execute(async (trx) => {
    const bound = await boundCameraIds(
      trx,
      server.id,
      heartbeat.cameras.map((camera) => camera.id),
    );
    const problems = heartbeat.cameras.flatMap((camera, index) =>
      bound.has(camera.id) ? [] : [notBound(`cameras[${index}].id`, camera.id, server)],
    );
    if (problems.length > 0) throw badInput(problems);
    // Only the heartbeat that finds the server offline changes it, also with heartbeats at once.
    const back = await trx
      .updateTable('ai_servers')
      .set({ status: 'online' })
      .where('id', '=', server.id)
      .where('status', '=', 'offline')
      .where('last_heartbeat_at', 'is not', null)
      .returning('id')
      .execute();
    await raiseDeviceAlerts(
      trx,
      ctx.health,
      now,
      'aiServerOnline',
      back.length > 0 ? [{ aiServerId: server.id }] : [],
      ctx.alertHooks,
    );
    await trx
      .updateTable('ai_servers')
      .set({
        status: 'online',
        last_heartbeat_at: receivedAt,
        cpu_load: heartbeat.cpuLoad,
        memory_load: heartbeat.memoryLoad,
        accelerator_load: heartbeat.acceleratorLoad ?? null,
      })
      .where('id', '=', server.id)
      .execute();
    for (const status of ['online', 'offline'] as const) {
      const ids = heartbeat.cameras.filter((camera) => camera.status === status).map((camera) => camera.id);
      if (ids.length === 0) continue;
      await trx
        .updateTable('cameras')
        .set({ stream_ok: status === 'online' ? 1 : 0, reported_at: receivedAt })
        .where('id', 'in', ids)
        .where((eb) => eb.or([eb('reported_at', 'is', null), eb('reported_at', '<=', receivedAt)]))
        .execute();
    }
    // The report counts beside the console's own reads of the streams, the newest deciding, and
    // alerts as they would; the cameras it leaves out keep their last report, as of its time.
    const cameras = await settleCameraStatus(
      trx,
      now,
      { aiServerIds: [server.id] },
      streamAlertsOf(ctx.health, ctx.alertHooks),
    );
    const serverEvent = await aiServerStatusEvent(trx, server.id);
    return { raised: back.length + cameras.alerts, events: [...cameras.events, ...serverEvent] };
  });
  if (raised > 0) ctx.alertHooks.alertsCommitted();
  ctx.statusFeed.publish(events);
  return { receivedAt, offlineAfterSeconds: ctx.health.offlineAfterSeconds };
}

/**
 * Marks offline, with their cameras, the servers silent for longer than the health setting allows,
 * each with one device alert (its cameras' streams are then unknown, not lost: they raise none).
 * Answers how many went offline; the caller tells the live streams.
 */
export async function markSilentServersOffline(
  ctx: Pick<AlertsContext, 'db' | 'clock' | 'health' | 'alertHooks'> & { readonly statusFeed?: StatusFeed },
): Promise<number> {
  const now = ctx.clock.now();
  const silentSince = later(now, -ctx.health.offlineAfterSeconds * 1000).toISOString();
  const events = await ctx.db.transaction().execute(async (trx) => {
    // The update answers the servers it changed: a sweep running twice at once alerts each once.
    const silent = await trx
      .updateTable('ai_servers')
      .set({ status: 'offline' })
      .where('status', '=', 'online')
      .where((eb) => eb.or([eb('last_heartbeat_at', 'is', null), eb('last_heartbeat_at', '<', silentSince)]))
      .returning('id')
      .execute();
    const ids = silent.map((row) => row.id);
    if (ids.length === 0) return [];
    const servers = ids.map((aiServerId) => ({ aiServerId }));
    await raiseDeviceAlerts(trx, ctx.health, now, 'aiServerOffline', servers, ctx.alertHooks);
    // Their reports no longer count: their cameras stay online only while the console reads them.
    const cameras = await settleCameraStatus(
      trx,
      now,
      { aiServerIds: ids },
      streamAlertsOf(ctx.health, ctx.alertHooks),
    );
    const serverEvents = await Promise.all(ids.map((id) => aiServerStatusEvent(trx, id)));
    return [...serverEvents.flat(), ...cameras.events];
  });
  ctx.statusFeed?.publish(events);
  return events.filter((event) => event.event === 'aiServerStatus').length;
}

/** The AI server's status as its list shows it, for the consoles' event streams. */
async function aiServerStatusEvent(db: Db, id: number): Promise<StatusEvent[]> {
  const row = await db
    .selectFrom('ai_servers')
    .select(['id', 'status', 'last_heartbeat_at', 'cpu_load', 'memory_load', 'accelerator_load'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return [];
  const data = {
    id: row.id,
    status: row.status,
    lastHeartbeatAt: row.last_heartbeat_at,
    cpuLoad: row.cpu_load,
    memoryLoad: row.memory_load,
    acceleratorLoad: row.accelerator_load,
  };
  return [{ event: 'aiServerStatus', data }];
}

/** Analysis tasks with what the server needs of their models. */
function tasksWithModels(db: Db) {
  return db
    .selectFrom('camera_tasks')
    .leftJoin('models', 'models.id', 'camera_tasks.model_id')
    .select([
      'camera_tasks.id',
      'camera_tasks.camera_id as cameraId',
      'camera_tasks.name',
      'camera_tasks.alert_level as alertLevel',
      'camera_tasks.enabled',
      'models.id as modelId',
      'models.name as modelName',
      'models.classes',
    ]);
}

/** The cameras bound to the server, with their tasks and what each task's model detects. */
export async function ingestCameras(db: Db, serverId: number) {
  const cameras = await db
    .selectFrom('cameras')
    .select(['id', 'name', 'area'])
    .where('ai_server_id', '=', serverId)
    .orderBy('name')
    .orderBy('id')
    .execute();
  const tasks =
    cameras.length === 0
      ? []
      : await tasksWithModels(db)
          .where(
            'camera_tasks.camera_id',
            'in',
            cameras.map((camera) => camera.id),
          )
          .orderBy('camera_tasks.name')
          .orderBy('camera_tasks.id')
          .execute();
  return cameras.map((camera) => ({
    ...camera,
    tasks: tasks
      .filter((task) => task.cameraId === camera.id)
      .map(({ cameraId: _cameraId, modelId: _modelId, classes, modelName, enabled, ...task }) => ({
        ...task,
        enabled: enabled === 1,
        modelName: modelName ?? '',
        classes: classes ? (JSON.parse(classes) as string[]) : [],
      })),
  }));
}

/**
 * An alert's time must lie near the console's: beyond the limits the box's clock is wrong (a box
 * whose clock never synced reports 1970). Stored, such an alert would sort above all others on the
 * wall, or be purged by the next retention sweep after the box was told it was kept.
 */
export function occurredAtProblems(limits: IngestLimits, now: Date, occurredAt: string): FieldProblem[] {
  const at = Date.parse(occurredAt);
  const problem = (zh: string, en: string): FieldProblem[] => [
    {
      field: 'occurredAt',
      message: {
        zh: `${zh}（AI服务器的时钟可能不准，请校准）`,
        en: `${en} (the AI server's clock may be wrong)`,
      },
    },
  ];
  if (at > later(now, limits.maxAheadMinutes * 60_000).getTime())
    return problem(
      `不能晚于服务器时间 ${limits.maxAheadMinutes} 分钟以上`,
      `must not lie more than ${limits.maxAheadMinutes} minutes ahead of the console's clock`,
    );
  if (at < later(now, -limits.maxAgeHours * 3_600_000).getTime())
    return problem(
      `不能早于服务器时间 ${limits.maxAgeHours} 小时以上`,
      `must not lie more than ${limits.maxAgeHours} hours before the console's clock`,
    );
  return [];
}

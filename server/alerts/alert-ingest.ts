import type { AppContext } from '../app-context';
import type { Db } from '../db/open-database';
import type { AlertLevel, CamerasTable } from '../db/schema';
import { fileReferenceProblems } from '../files/file-store';
import { badInput, type FieldProblem } from '../http/api-error';
import { later } from '../clock';
import { nextRevision } from './alert-revisions';

/** The calling AI server, as the ingest key authenticated it. */
export interface IngestCaller {
  readonly id: number;
  readonly name: string;
}

/**
 * How long an AI server may stay silent before it and its cameras count as offline: three missed
 * heartbeats of a box reporting every 30 s, so one lost packet or a slow restart does not flap the
 * wall between online and offline.
 */
export const offlineAfterMs = 90_000;

/**
 * How far ahead of our clock an alert's time may lie: an edge box's clock drifts by seconds, not
 * minutes; beyond this the box's clock is wrong and the wall would sort its alerts above all others.
 */
const futureToleranceMs = 5 * 60_000;

export interface Heartbeat {
  readonly cpuLoad: number;
  readonly memoryLoad: number;
  readonly acceleratorLoad?: number | null;
  readonly cameras: readonly { readonly id: number; readonly status: CamerasTable['status'] }[];
}

export interface AlertBox {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly label?: string;
  readonly confidence?: number;
}

export interface AlertReport {
  readonly cameraId: number;
  readonly taskId?: number;
  readonly label: string;
  readonly level: AlertLevel;
  readonly confidence: number;
  readonly boxes: readonly AlertBox[];
  readonly occurredAt: string;
  readonly snapshotId: number;
}

const notBound = (field: string, id: number, server: IngestCaller): FieldProblem => ({
  field,
  message: {
    zh: `摄像头 ${id} 未绑定到本AI服务器「${server.name}」`,
    en: `camera ${id} is not bound to this AI server (${server.name})`,
  },
});

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

/** Records the heartbeat: the server online with its loads, and the status of each camera it lists. */
export async function recordHeartbeat(ctx: AppContext, server: IngestCaller, heartbeat: Heartbeat) {
  const receivedAt = ctx.clock.now().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    const bound = await boundCameraIds(
      trx,
      server.id,
      heartbeat.cameras.map((camera) => camera.id),
    );
    const problems = heartbeat.cameras.flatMap((camera, index) =>
      bound.has(camera.id) ? [] : [notBound(`cameras[${index}].id`, camera.id, server)],
    );
    if (problems.length > 0) throw badInput(problems);
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
      if (ids.length > 0) await trx.updateTable('cameras').set({ status }).where('id', 'in', ids).execute();
    }
  });
  return { receivedAt, offlineAfterSeconds: offlineAfterMs / 1000 };
}

/** Marks offline, with their cameras, the servers whose last heartbeat is older than offlineAfterMs. */
export async function markSilentServersOffline(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<number> {
  const silentSince = later(ctx.clock.now(), -offlineAfterMs).toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const silent = await trx
      .selectFrom('ai_servers')
      .select('id')
      .where('status', '=', 'online')
      .where((eb) => eb.or([eb('last_heartbeat_at', 'is', null), eb('last_heartbeat_at', '<', silentSince)]))
      .execute();
    const ids = silent.map((row) => row.id);
    if (ids.length === 0) return 0;
    await trx.updateTable('ai_servers').set({ status: 'offline' }).where('id', 'in', ids).execute();
    await trx.updateTable('cameras').set({ status: 'offline' }).where('ai_server_id', 'in', ids).execute();
    return ids.length;
  });
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

/** A box must lie within the frame: the schema bounds each number, not their sums. */
function boxProblems(boxes: readonly AlertBox[]): FieldProblem[] {
  const outside = (start: number, size: number) => start + size > 1 + 1e-9;
  return boxes.flatMap((box, index) => [
    ...(outside(box.x, box.width)
      ? [
          {
            field: `boxes[${index}].width`,
            message: { zh: 'x + width 不能超过 1', en: 'x + width must be at most 1' },
          },
        ]
      : []),
    ...(outside(box.y, box.height)
      ? [
          {
            field: `boxes[${index}].height`,
            message: { zh: 'y + height 不能超过 1', en: 'y + height must be at most 1' },
          },
        ]
      : []),
  ]);
}

/**
 * Stores an alert the AI server reports, with the names its camera, area, task, model and server have
 * now; answers its id. Refused with one 400 naming every field at fault.
 */
export async function storeAlert(
  ctx: AppContext,
  server: IngestCaller,
  report: AlertReport,
): Promise<number> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const camera = await trx
      .selectFrom('cameras')
      .select(['id', 'name', 'area', 'ai_server_id'])
      .where('id', '=', report.cameraId)
      .executeTakeFirst();
    const task =
      report.taskId === undefined
        ? undefined
        : await tasksWithModels(trx).where('camera_tasks.id', '=', report.taskId).executeTakeFirst();
    const problems: FieldProblem[] = [
      ...(camera?.ai_server_id === server.id ? [] : [notBound('cameraId', report.cameraId, server)]),
      ...(report.taskId !== undefined && task?.cameraId !== report.cameraId
        ? [
            {
              field: 'taskId',
              message: {
                zh: `分析任务 ${report.taskId} 不属于摄像头 ${report.cameraId}`,
                en: `analysis task ${report.taskId} is not one of camera ${report.cameraId}'s`,
              },
            },
          ]
        : []),
      ...boxProblems(report.boxes),
      ...(Date.parse(report.occurredAt) > now.getTime() + futureToleranceMs
        ? [
            {
              field: 'occurredAt',
              message: {
                zh: '不能晚于服务器时间 5 分钟以上（请校准AI服务器的时钟）',
                en: "must not lie more than 5 minutes ahead of the console's clock (check the AI server's clock)",
              },
            },
          ]
        : []),
      ...(await fileReferenceProblems(
        trx,
        { snapshotId: 'uploadAlertSnapshot' },
        { snapshotId: report.snapshotId },
      )),
    ];
    if (problems.length > 0 || !camera) throw badInput(problems);
    const { id } = await trx
      .insertInto('alerts')
      .values({
        ai_server_id: server.id,
        camera_id: camera.id,
        task_id: task?.id ?? null,
        model_id: task?.modelId ?? null,
        ai_server_name: server.name,
        camera_name: camera.name,
        area: camera.area,
        task_name: task?.name ?? '',
        model_name: task?.modelName ?? '',
        label: report.label,
        level: report.level,
        confidence: report.confidence,
        boxes: JSON.stringify(report.boxes),
        snapshot_file_id: report.snapshotId,
        occurred_at: new Date(report.occurredAt).toISOString(),
        received_at: now.toISOString(),
        status: 'pending',
        handled_by_name: '',
        handling_note: '',
        revision: await nextRevision(trx),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  });
}

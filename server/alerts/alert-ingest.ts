import type { components } from '../../src/generated/openapi';
import type { AppContext } from '../app-context';
import { batchedWrites, type BeforeCommit, type CommitGroup } from '../db/batched-writes';
import { dialectOf } from '../db/dialect';
import type { Db } from '../db/open-database';
import type { Selectable } from 'kysely';
import type { AlertsTable, IngestQuotaKind } from '../db/schema';
import { reusedQuery } from '../db/reused-query';
import { addToPack } from '../files/file-packs';
import { durableFiles, fileReferenceProblems, insertFileRow, placeFile } from '../files/file-store';
import type { ReceivedFile } from '../files/receive-upload';
import { badInput, type FieldProblem } from '../http/api-error';
import { later } from '../clock';
import { noticeOf } from '../notify/notice';
import { queueNotifications } from '../notify/outbox';
import { settleCameraStatus, settlingOf } from '../cameras/camera-status';
import type { StatusEvent, StatusFeed } from '../events/status-feed';
import { RollupChange, type RolledAlert } from '../analysis/alert-rollups';
import { raiseDeviceAlerts } from './device-health';
import { insertedRevision, numberedBeforeCommit } from './alert-revisions';
import type { IngestLimits } from './ingest-limits';
import {
  alertBucket,
  noteQuotaRead,
  quotaReadInBatch,
  quotaRowsOf,
  snapshotBucket,
  takeInBatch,
  type QuotaRow,
} from './ingest-quotas';

/** The calling AI server, as the ingest key authenticated it. */
export interface IngestCaller {
  readonly id: number;
  readonly name: string;
}

/** The kind of file an alert's snapshot is: its upload's operationId. */
export const snapshotKind = 'uploadAlertSnapshot';

type Heartbeat = components['schemas']['AiServerHeartbeat'];
type AlertBox = components['schemas']['AlertBox'];
type AlertReport = components['schemas']['AlertReport'];

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

/**
 * Records the heartbeat: the server online with its loads, and the status of each camera it lists.
 * Raises a device alert when the server comes back from offline (not on its first heartbeat: it was
 * never online) and for each camera whose stream is lost or back.
 */
export async function recordHeartbeat(ctx: AppContext, server: IngestCaller, heartbeat: Heartbeat) {
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
      ctx.notify.timeZone,
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
        .set({ stream_ok: status === 'online' ? 1 : 0 })
        .where('id', 'in', ids)
        .execute();
    }
    // The report counts beside the console's own reads of the streams, and alerts as they would.
    const cameras = await settleCameraStatus(trx, now, { aiServerIds: [server.id] }, settlingOf(ctx));
    const serverEvent = await aiServerStatusEvent(trx, server.id);
    return { raised: back.length + cameras.alerts, events: [...cameras.events, ...serverEvent] };
  });
  if (raised > 0) ctx.alertFeed.changed();
  ctx.statusFeed.publish(events);
  return { receivedAt, offlineAfterSeconds: ctx.health.offlineAfterSeconds };
}

/**
 * Marks offline, with their cameras, the servers silent for longer than the health setting allows,
 * each with one device alert (its cameras' streams are then unknown, not lost: they raise none).
 * Answers how many went offline; the caller tells the live streams.
 */
export async function markSilentServersOffline(
  ctx: Pick<AppContext, 'db' | 'clock' | 'health' | 'notify'> & { readonly statusFeed?: StatusFeed },
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
    await raiseDeviceAlerts(trx, ctx.health, now, 'aiServerOffline', servers, ctx.notify.timeZone);
    // Their reports no longer count: their cameras stay online only while the console reads them.
    const cameras = await settleCameraStatus(trx, now, { aiServerIds: ids }, settlingOf(ctx));
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

const alertOfSource = reusedQuery((db, { serverId, sourceId }: { serverId: number; sourceId: string }) =>
  db.selectFrom('alerts').select('id').where('ai_server_id', '=', serverId).where('source_id', '=', sourceId),
);

async function alertFromSource(db: Db, serverId: number, sourceId: string): Promise<number | undefined> {
  return (await alertOfSource.execute(db, { serverId, sourceId })).rows[0]?.id;
}

type FactsKey = { serverId: number; sourceId: string | null; cameraId: number; taskId: number | null };

/** What the batch's first read of an AI server's buckets adds: their rows when full, and the time. */
type FirstUseKey = FactsKey & { alertBurst: number; snapshotBurst: number; now: string };

/**
 * What storing a report reads, in one statement rather than five: the first alert of its sourceId,
 * its camera, its task with the task's model, and the server's buckets of alerts and of snapshot
 * bytes, locked for the batch's first use of them (quotaRowsOf; a later use takes the batch's).
 */
const reportFacts = (db: Db, key: FactsKey, firstUse?: FirstUseKey) =>
  db
    .with('quotas', () =>
      quotaRowsOf(
        db,
        key.serverId,
        [
          { kind: 'alerts', tokens: firstUse?.alertBurst ?? 0 },
          { kind: 'snapshotBytes', tokens: firstUse?.snapshotBurst ?? 0 },
        ],
        firstUse?.now ?? '',
        firstUse !== undefined,
      ),
    )
    .selectFrom('ai_servers as server')
    .leftJoin('alerts as sent', (join) =>
      join.onRef('sent.ai_server_id', '=', 'server.id').on('sent.source_id', '=', key.sourceId),
    )
    .leftJoin('cameras as camera', (join) => join.on('camera.id', '=', key.cameraId))
    .leftJoin('camera_tasks as task', (join) => join.on('task.id', '=', key.taskId))
    .leftJoin('models as model', 'model.id', 'task.model_id')
    .leftJoin('quotas as alerts', (join) => join.on('alerts.kind', '=', 'alerts'))
    .leftJoin('quotas as snapshots', (join) => join.on('snapshots.kind', '=', 'snapshotBytes'))
    .select([
      'sent.id as sentId',
      'camera.id as cameraId',
      'camera.name as cameraName',
      'camera.area as cameraArea',
      'camera.ai_server_id as cameraServerId',
      'task.id as taskId',
      'task.camera_id as taskCameraId',
      'task.name as taskName',
      'model.id as modelId',
      'model.name as modelName',
      'alerts.tokens as alertTokens',
      'alerts.refilled_at as alertsRefilledAt',
      'snapshots.tokens as snapshotTokens',
      'snapshots.refilled_at as snapshotsRefilledAt',
    ])
    .where('server.id', '=', key.serverId);

/** On PostgreSQL, the batch's first read of the server's buckets: it locks them. */
const firstUseFacts = reusedQuery((db, key: FirstUseKey) => reportFacts(db, key, key));
const laterFacts = reusedQuery((db, key: FactsKey) => reportFacts(db, key));

type ReportFacts = NonNullable<Awaited<ReturnType<typeof readFacts>>>;

/**
 * The facts of the report, read in the caller's batched write; none when its server is gone
 * meanwhile. Its buckets' rows become the batch's, unless a write before in the batch read them.
 */
async function readFacts(
  db: Db,
  beforeCommit: BeforeCommit,
  ctx: AppContext,
  server: IngestCaller,
  report: Omit<AlertReport, 'snapshotId'>,
  now: Date,
) {
  const key = {
    serverId: server.id,
    sourceId: report.sourceId ?? null,
    cameraId: report.cameraId,
    taskId: report.taskId ?? null,
  };
  const read = (kind: IngestQuotaKind) => quotaReadInBatch(beforeCommit, server.id, kind);
  const firstUse = dialectOf(db) === 'postgres' && !(read('alerts') && read('snapshotBytes'));
  const [row] = (
    firstUse
      ? await firstUseFacts.execute(db, {
          ...key,
          alertBurst: alertBucket(ctx.ingest).burst,
          snapshotBurst: snapshotBucket(ctx.ingest).burst,
          now: now.toISOString(),
        })
      : await laterFacts.execute(db, key)
  ).rows;
  if (row) {
    noteQuotaRead(beforeCommit, server.id, 'alerts', quotaRowOf(row.alertTokens, row.alertsRefilledAt));
    noteQuotaRead(
      beforeCommit,
      server.id,
      'snapshotBytes',
      quotaRowOf(row.snapshotTokens, row.snapshotsRefilledAt),
    );
  }
  return row;
}

/** A bucket's row as the facts hold it: null when it has none yet. */
const quotaRowOf = (tokens: number | null, refilledAt: string | null): QuotaRow | null =>
  tokens === null || refilledAt === null ? null : { tokens, refilled_at: refilledAt };

/**
 * An alert a report stored, with its row as written (the answer needs no read of it), or the first
 * alert of the report's `sourceId` (`row` null): nothing was stored.
 */
export interface StoredAlert {
  readonly id: number;
  readonly row: Selectable<AlertsTable> | null;
}

/**
 * Ingest's writes lock their AI server's quota rows until their batch commits: keyed by the server,
 * batches under way at once never wait for each other there (batched-writes.ts).
 *
 * Stores an alert the AI server reports, with the names its camera, area, task, model and server have
 * now; answers it. A report whose `sourceId` the server sent before (a
 * retry after a time-out) stores nothing and answers the first alert, even if the two differ: the
 * first is what operators may already have seen and handled. Refused with one 400 naming every
 * field at fault, or a 429 when the server is over its alert quota (refused reports do not count).
 */
export async function storeAlert(
  ctx: AppContext,
  server: IngestCaller,
  report: AlertReport,
): Promise<StoredAlert> {
  const now = ctx.clock.now();
  return batchedWrites(ctx.db).run(async (trx, beforeCommit) => {
    const facts = await readFacts(trx, beforeCommit, ctx, server, report, now);
    const sent = facts?.sentId ?? null;
    if (sent !== null) return { id: sent, row: null };
    const snapshotProblems = await fileReferenceProblems(
      trx,
      { snapshotId: snapshotKind },
      { snapshotId: report.snapshotId },
    );
    return insertAlert(trx, beforeCommit, ctx, server, report, now, snapshotProblems, facts);
  }, server.id);
}

/** A report whose sourceId was stored meanwhile: its writes are undone, and the first answered. */
class StoredMeanwhile extends Error {
  constructor(readonly id: number) {
    super('an alert of this sourceId was stored meanwhile');
  }
}

/**
 * Stores an alert with the snapshot sent with it, as storeAlert and storeFile would, all or nothing
 * (one savepoint of a batched write): refused (400, 429 of either quota), it leaves neither; a
 * repeated `sourceId` stores neither and answers the first alert, so a retry sends its image again
 * but never keeps it twice. Its bytes are written with its batch's pack before the batch commits;
 * a refusal takes them out of the pack first (one received on the disk is moved to its place last,
 * once nothing can undo its row).
 */
export async function storeAlertWithSnapshot(
  ctx: AppContext,
  server: IngestCaller,
  report: Omit<AlertReport, 'snapshotId'>,
  snapshot: ReceivedFile,
): Promise<StoredAlert> {
  const now = ctx.clock.now();
  try {
    return await batchedWrites(ctx.db).run(async (trx, beforeCommit) => {
      const facts = await readFacts(trx, beforeCommit, ctx, server, report, now);
      const sent = facts?.sentId ?? null;
      if (sent !== null) return { id: sent, row: null };
      takeInBatch(beforeCommit, server.id, snapshotBucket(ctx.ingest), snapshot.size, now);
      // Held in memory, it joins its batch's pack; a failure below takes it out again.
      const packed = 'bytes' in snapshot ? addToPack(beforeCommit, ctx.storage, snapshot.bytes) : null;
      const snapshotId = await insertFileRow(trx, snapshot, snapshotKind, null, now.toISOString(), packed);
      // The snapshot is the row just written, of its kind: no file reference to check.
      const stored = await insertAlert(
        trx,
        beforeCommit,
        ctx,
        server,
        { ...report, snapshotId },
        now,
        [],
        facts,
      );
      if (!stored.row) throw new StoredMeanwhile(stored.id);
      if (!packed) beforeCommit.add(durableFiles, placeFile(ctx.storage, snapshot, snapshotId));
      return stored;
    }, server.id);
  } catch (error) {
    if (error instanceof StoredMeanwhile) return { id: error.id, row: null };
    throw error;
  }
}

/**
 * What an AI detection's row takes from its report; it is pending, nobody handled it yet, and its
 * revision is the next.
 */
type Detection = Omit<
  AlertsTable,
  | 'id'
  | 'source'
  | 'type'
  | 'status'
  | 'handled_by'
  | 'handled_by_name'
  | 'handled_at'
  | 'handling_note'
  | 'revision'
>;

const insertDetection = reusedQuery((db, detection: Detection) =>
  db
    .insertInto('alerts')
    .values({
      ...detection,
      source: 'ai',
      type: 'detection',
      status: 'pending',
      handled_by_name: '',
      handling_note: '',
      revision: insertedRevision(db),
    })
    // The unique index, not the look-up before, settles concurrent retries: with several writers
    // (PostgreSQL) both may pass the look-up, and the second then answers the first's alert.
    .onConflict((conflict) => conflict.columns(['ai_server_id', 'source_id']).doNothing())
    .returningAll(),
);

/**
 * The alerts a batch stored, counted into the rollups once before it commits: each rollup row the
 * batch touches is written once, not once per alert.
 */
const rolledUp: CommitGroup<RolledAlert> = {
  async settle(alerts, trx) {
    if (alerts.length === 0) return;
    const change = new RollupChange();
    for (const alert of alerts) change.count(alert, 1);
    await change.apply(trx);
  },
};

/**
 * Inserts a report whose facts (its `sourceId` new) the caller read in its transaction, refused
 * with the problems of its fields and of its snapshot reference, which the caller checked.
 */
async function insertAlert(
  trx: Db,
  beforeCommit: BeforeCommit,
  ctx: AppContext,
  server: IngestCaller,
  report: AlertReport,
  now: Date,
  snapshotProblems: readonly FieldProblem[],
  facts: ReportFacts | undefined,
): Promise<StoredAlert> {
  const camera =
    facts && facts.cameraId !== null && facts.cameraServerId === server.id
      ? { id: facts.cameraId, name: facts.cameraName ?? '', area: facts.cameraArea ?? '' }
      : undefined;
  const task =
    facts && facts.taskId !== null
      ? {
          id: facts.taskId,
          cameraId: facts.taskCameraId,
          name: facts.taskName ?? '',
          modelId: facts.modelId,
          modelName: facts.modelName ?? '',
        }
      : undefined;
  const problems: FieldProblem[] = [
    ...(camera ? [] : [notBound('cameraId', report.cameraId, server)]),
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
    ...occurredAtProblems(ctx.ingest, now, report.occurredAt),
    ...snapshotProblems,
  ];
  if (problems.length > 0 || !camera) throw badInput(problems);
  const detection: Detection = {
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
    label_en: report.label,
    level: report.level,
    confidence: report.confidence,
    boxes: JSON.stringify(report.boxes),
    snapshot_file_id: report.snapshotId ?? null,
    occurred_at: new Date(report.occurredAt).toISOString(),
    received_at: now.toISOString(),
    source_id: report.sourceId ?? null,
  };
  const [inserted] = (await insertDetection.execute(trx, detection)).rows;
  if (!inserted) {
    // Only a sourceId conflicts, with an alert already committed.
    const first = await alertFromSource(trx, server.id, report.sourceId ?? '');
    if (first === undefined) throw new Error('an alert conflicted with no stored alert');
    return { id: first, row: null };
  }
  takeInBatch(beforeCommit, server.id, alertBucket(ctx.ingest), 1, now);
  await queueNotifications(trx, ctx.notify.timeZone, noticeOf(inserted), now);
  beforeCommit.add(rolledUp, inserted);
  beforeCommit.add(numberedBeforeCommit, inserted);
  return { id: inserted.id, row: inserted };
}

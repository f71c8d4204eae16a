import { sql, type Insertable, type Selectable } from 'kysely';
import type { components } from '../../src/generated/openapi';
import type { AlertsContext } from './alerts-context';
import type { AlertHooks, CountedAlert } from './alert-hooks';
import {
  batchedWrites,
  type BeforeCommit,
  type CommitGroup,
  type Outcome,
  type SetWrite,
} from '../db/batched-writes';
import type { Db } from '../db/open-database';
import { reservedId } from '../db/reserved-ids';
import type { IngestQuotaKind, Table } from '../db/schema';
import { addToPack } from '../files/file-packs';
import { fileKey } from '../files/file-keys';
import { durableFiles, placeFile } from '../files/file-store';
import type { ReceivedFile } from '../operations/received-file';
import { ApiError, badInput, unknownIngestKey, type FieldProblem } from '../kernel/api-error';
import {
  notBound,
  notOwnSnapshot,
  occurredAtProblems,
  snapshotKind,
  type IngestCaller,
} from './alert-ingest';
import { insertedRevisions } from './alert-revisions';
import {
  alertBucket,
  bucketRowsOf,
  noteBucketsRead,
  snapshotBucket,
  takeInBatch,
  type ReadBucket,
  type Take,
} from './ingest-quotas';

type AlertBox = components['schemas']['AlertBox'];
type AlertReport = components['schemas']['AlertReport'];

/**
 * An alert a report stored, with its row as written (the answer needs no read of it), or the first
 * alert of the report's `sourceId` (`row` null): nothing was stored.
 */
export interface StoredAlert {
  readonly id: number;
  readonly row: Selectable<Table<'alerts'>> | null;
}

/**
 * A report as its batch writes it: with the snapshot sent with it (`snapshot`), or naming one
 * uploaded before (`report.snapshotId`).
 */
interface Reported {
  readonly ctx: AlertsContext;
  readonly server: IngestCaller;
  readonly report: Omit<AlertReport, 'snapshotId'> & { readonly snapshotId?: number };
  readonly snapshot: ReceivedFile | null;
  readonly now: Date;
}

/**
 * Stores an alert the AI server reports, with the names its camera, area, task, model and server have
 * now; answers it. A report whose `sourceId` the server sent before (a retry after a time-out) stores
 * nothing and answers the first alert, even if the two differ: the first is what operators may
 * already have seen and handled. Refused with one 400 naming every field at fault, or a 429 when
 * the server is over its alert quota (refused reports do not count).
 */
export function storeAlert(
  ctx: AlertsContext,
  server: IngestCaller,
  report: AlertReport,
): Promise<StoredAlert> {
  return store({ ctx, server, report, snapshot: null, now: ctx.clock.now() });
}

/**
 * Stores an alert with the snapshot sent with it, as storeAlert and storeFile would, all or nothing:
 * refused (400, 429 of either quota), it leaves neither; a repeated `sourceId` stores neither and
 * answers the first alert, so a retry sends its image again but never keeps it twice.
 */
export function storeAlertWithSnapshot(
  ctx: AlertsContext,
  server: IngestCaller,
  report: Omit<AlertReport, 'snapshotId'>,
  snapshot: ReceivedFile,
): Promise<StoredAlert> {
  return store({ ctx, server, report, snapshot, now: ctx.clock.now() });
}

/** Stores the report with the others its batch holds (batched-writes.ts). */
const store = (reported: Reported) => batchedWrites(reported.ctx.db).run(reportedAlerts, reported);

/**
 * The reports a batch stores, in a few statements for all of them (on PostgreSQL each statement is a
 * round trip, parsed and planned, and one per report per step bounded ingest): their facts read
 * at once, each checked and its quotas taken in memory, then the snapshots' rows and the alerts
 * each inserted in one statement.
 */
const reportedAlerts: SetWrite<Reported, StoredAlert> = {
  async write(items, trx, beforeCommit) {
    const facts = await readFacts(trx, beforeCommit, items);
    const outcomes: (Outcome<StoredAlert> | undefined)[] = items.map(() => undefined);
    const accepted: Accepted[] = [];
    // A sourceId sent twice in one batch: the second answers what the first does.
    const firstOfSource = new Map<string, Accepted>();
    const repeats: { index: number; first: Accepted }[] = [];
    for (const [index, item] of items.entries()) {
      const source = sourceKey(item.server.id, item.report.sourceId);
      const found = facts[index] as Facts;
      if (found.sentId !== null) {
        outcomes[index] = { ok: true, value: { id: found.sentId, row: null } };
        continue;
      }
      const first = source === null ? undefined : firstOfSource.get(source);
      if (first) {
        repeats.push({ index, first });
        continue;
      }
      try {
        const checked = checkReport(found, item);
        takeInBatch(beforeCommit, item.server.id, takesOf(item), item.now);
        const entry = { index, item, ...checked, alertId: found.alertId, fileId: found.fileId };
        accepted.push(entry);
        if (source !== null) firstOfSource.set(source, entry);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        outcomes[index] = { ok: false, error };
      }
    }
    const stored = await insertAccepted(trx, beforeCommit, accepted);
    for (const [entry, value] of stored) outcomes[entry.index] = { ok: true, value };
    for (const { index, first } of repeats) {
      const value = stored.get(first);
      outcomes[index] = value ? { ok: true, value: { id: value.id, row: null } } : outcomes[first.index];
    }
    return outcomes.map(
      (outcome) => outcome ?? { ok: false, error: new Error('a report was left unwritten') },
    );
  },
};

/** The key of a report's `sourceId` among the batch's, null when it sent none. */
const sourceKey = (serverId: number, sourceId: string | undefined) =>
  sourceId === undefined ? null : JSON.stringify([serverId, sourceId]);

/** What a report takes from its AI server's buckets: one alert, and its snapshot's bytes. */
const takesOf = ({ ctx, snapshot }: Reported): Take[] => [
  { bucket: alertBucket(ctx.ingest), cost: 1 },
  ...(snapshot ? [{ bucket: snapshotBucket(ctx.ingest), cost: snapshot.size }] : []),
];

/** What a report rests on, read with the others of its batch. */
interface Facts {
  /** Its AI server was deleted since the report's call was authenticated. */
  readonly serverGone: boolean;
  /** The first alert of its `sourceId`, already stored. */
  readonly sentId: number | null;
  readonly camera: { name: string; area: string; aiServerId: number | null } | null;
  readonly task: { cameraId: number; name: string; modelId: number | null; modelName: string | null } | null;
  /** Its `snapshotId` names a snapshot its own AI server uploaded. */
  readonly ownSnapshot: boolean;
  /** The keys its alert and its snapshot's row take if stored (reservedId). */
  readonly alertId: number;
  readonly fileId: number;
}

/**
 * The facts of the batch's reports, in their order, read in one statement: the alerts of their
 * sourceIds, their cameras, their tasks with the tasks' models, the snapshots they name if their
 * own servers uploaded them, the keys of their rows, and their AI servers' buckets, locked on
 * PostgreSQL for the batch (bucketRowsOf, noteBucketsRead).
 */
async function readFacts(trx: Db, beforeCommit: BeforeCommit, items: readonly Reported[]): Promise<Facts[]> {
  const first = items[0];
  if (!first) return [];
  const alerts = alertBucket(first.ctx.ingest);
  const snapshots = snapshotBucket(first.ctx.ingest);
  const buckets = [alerts, snapshots];
  const serverIds = items.map((item) => item.server.id);
  // Typed where they are written: PostgreSQL takes a VALUES list's parameters as text otherwise.
  const reports = sql<{
    n: number;
    server_id: number;
    source_id: string | null;
    camera_id: number;
    task_id: number | null;
    snapshot_id: number | null;
  }>`(values ${sql.join(
    items.map(
      ({ server, report }, n) =>
        sql`(cast(${n} as integer), cast(${server.id} as integer), cast(${report.sourceId ?? null} as text),
          cast(${report.cameraId} as integer), cast(${report.taskId ?? null} as integer),
          cast(${report.snapshotId ?? null} as integer))`,
    ),
  )})`;
  const row = sql<number>`${sql.ref('report.n')}`;
  const rows = await trx
    .with('buckets', () => bucketRowsOf(trx, serverIds, buckets, first.now))
    .with('reports(n, server_id, source_id, camera_id, task_id, snapshot_id)', () => reports)
    .selectFrom('reports as report')
    .leftJoin('alerts as sent', (join) =>
      join
        .onRef('sent.ai_server_id', '=', 'report.server_id')
        .onRef('sent.source_id', '=', 'report.source_id'),
    )
    .leftJoin('ai_servers as caller', 'caller.id', 'report.server_id')
    .leftJoin('cameras as camera', 'camera.id', 'report.camera_id')
    .leftJoin('camera_tasks as task', 'task.id', 'report.task_id')
    .leftJoin('models as model', 'model.id', 'task.model_id')
    .leftJoin('files as snapshot', (join) =>
      join
        .onRef('snapshot.id', '=', 'report.snapshot_id')
        .onRef('snapshot.ai_server_id', '=', 'report.server_id')
        .on('snapshot.kind', '=', snapshotKind),
    )
    .leftJoin('buckets as alertBucket', (join) =>
      join
        .onRef('alertBucket.ai_server_id', '=', 'report.server_id')
        .on('alertBucket.kind', '=', alerts.kind),
    )
    .leftJoin('buckets as snapshotBucket', (join) =>
      join
        .onRef('snapshotBucket.ai_server_id', '=', 'report.server_id')
        .on('snapshotBucket.kind', '=', snapshots.kind),
    )
    .select([
      'report.n',
      'caller.id as callerId',
      'sent.id as sentId',
      'camera.name as cameraName',
      'camera.area as cameraArea',
      'camera.ai_server_id as cameraServerId',
      'task.camera_id as taskCameraId',
      'task.name as taskName',
      'model.id as modelId',
      'model.name as modelName',
      'snapshot.id as ownSnapshotId',
      'alertBucket.tokens as alertTokens',
      'alertBucket.refilled_at as alertsRefilledAt',
      'alertBucket.created as alertBucketCreated',
      'snapshotBucket.tokens as snapshotTokens',
      'snapshotBucket.refilled_at as snapshotsRefilledAt',
      'snapshotBucket.created as snapshotBucketCreated',
      reservedId(trx, 'alerts', row).as('alertId'),
      reservedId(trx, 'files', row).as('fileId'),
    ])
    .orderBy('report.n')
    .execute();
  const bucketRead = (
    serverId: number,
    kind: IngestQuotaKind,
    tokens: number | null,
    refilledAt: string | null,
    created: 0 | 1 | null,
  ): ReadBucket[] =>
    tokens === null || refilledAt === null
      ? []
      : [{ ai_server_id: serverId, kind, tokens, refilled_at: refilledAt, created: created ?? 0 }];
  noteBucketsRead(
    beforeCommit,
    serverIds,
    buckets,
    rows.flatMap((found) => [
      ...bucketRead(
        serverIds[found.n] ?? 0,
        alerts.kind,
        found.alertTokens,
        found.alertsRefilledAt,
        found.alertBucketCreated,
      ),
      ...bucketRead(
        serverIds[found.n] ?? 0,
        snapshots.kind,
        found.snapshotTokens,
        found.snapshotsRefilledAt,
        found.snapshotBucketCreated,
      ),
    ]),
  );
  const facts = new Map(
    rows.map((found): [number, Facts] => [
      found.n,
      {
        serverGone: found.callerId === null,
        sentId: found.sentId,
        camera:
          found.cameraName === null
            ? null
            : { name: found.cameraName, area: found.cameraArea ?? '', aiServerId: found.cameraServerId },
        task:
          found.taskCameraId === null
            ? null
            : {
                cameraId: found.taskCameraId,
                name: found.taskName ?? '',
                modelId: found.modelId,
                modelName: found.modelName,
              },
        ownSnapshot: found.ownSnapshotId !== null,
        alertId: found.alertId,
        fileId: found.fileId,
      },
    ]),
  );
  return items.map((_, n) => {
    const found = facts.get(n);
    if (!found) throw new Error(`the facts of report ${n} of the batch were not read`);
    return found;
  });
}

/** A report found sound, with what its row takes from its facts. */
interface Accepted {
  readonly index: number;
  readonly item: Reported;
  readonly camera: { readonly id: number; readonly name: string; readonly area: string };
  readonly task: {
    readonly id: number;
    readonly name: string;
    modelId: number | null;
    modelName: string;
  } | null;
  readonly alertId: number;
  readonly fileId: number;
}

/** The report's camera and task, or a 400 naming every field at fault. */
function checkReport(facts: Facts, item: Reported): Pick<Accepted, 'camera' | 'task'> {
  const { ctx, server, report, now } = item;
  if (facts.serverGone) throw unknownIngestKey();
  const { camera, task } = facts;
  const problems: FieldProblem[] = [
    ...(camera?.aiServerId === server.id ? [] : [notBound('cameraId', report.cameraId, server)]),
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
    // A snapshot sent with the report is the row written with it: no file reference to check.
    ...(item.snapshot || report.snapshotId === undefined || facts.ownSnapshot
      ? []
      : [notOwnSnapshot('snapshotId', report.snapshotId)]),
  ];
  if (problems.length > 0 || !camera) throw badInput(problems);
  return {
    camera: { id: report.cameraId, name: camera.name, area: camera.area },
    task:
      task && report.taskId !== undefined
        ? { id: report.taskId, name: task.name, modelId: task.modelId, modelName: task.modelName ?? '' }
        : null,
  };
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
 * Inserts the accepted reports' snapshots and alerts, each in one statement, and answers what each
 * stored. The alerts go last, numbered as they are written, under the revisions' lock that other
 * servers' numbering waits for until the commit: first the snapshots' rows, the batch's files synced,
 * its quotas written and the before-stored hook run (notify reads its rules there). A sourceId
 * another console server stored meanwhile (its batch committed after this one read the facts) skips
 * its alert: its snapshot's row and file go again, and it answers the first alert. Its quota tokens stay spent, and its bytes stay
 * in the batch's pack (removed with the pack).
 */
async function insertAccepted(
  trx: Db,
  beforeCommit: BeforeCommit,
  accepted: readonly Accepted[],
): Promise<Map<Accepted, StoredAlert>> {
  const stored = new Map<Accepted, StoredAlert>();
  if (accepted.length === 0) return stored;
  const revisions = await insertedRevisions(trx, accepted.length);
  const files: Insertable<Table<'files'>>[] = [];
  const alerts = accepted.map((entry, n): Insertable<Table<'alerts'>> => {
    const { item, camera, task } = entry;
    const { snapshot, report, now } = item;
    const fileId = snapshot ? entry.fileId : null;
    if (snapshot) {
      // Held in memory, it joins the batch's pack; one received on the disk is moved to its place.
      const packed = 'bytes' in snapshot ? addToPack(beforeCommit, item.ctx.storage, snapshot.bytes) : null;
      if (!packed) beforeCommit.add(durableFiles, placeFile(item.ctx.storage, snapshot, entry.fileId));
      files.push({
        id: entry.fileId,
        kind: snapshotKind,
        name: snapshot.name,
        size: snapshot.size,
        content_type: snapshot.contentType,
        sha256: snapshot.sha256,
        uploaded_by: null,
        ai_server_id: item.server.id,
        created_at: now.toISOString(),
        pack: packed?.pack ?? null,
        pack_offset: packed?.offset ?? null,
      });
    }
    return {
      id: entry.alertId,
      source: 'ai',
      type: 'detection',
      status: 'pending',
      handled_by: null,
      handled_by_name: '',
      handled_at: null,
      handling_note: '',
      revision: revisions[n] as number,
      ai_server_id: item.server.id,
      camera_id: camera.id,
      task_id: task?.id ?? null,
      model_id: task?.modelId ?? null,
      ai_server_name: item.server.name,
      camera_name: camera.name,
      area: camera.area,
      task_name: task?.name ?? '',
      model_name: task?.modelName ?? '',
      label: report.label,
      label_en: report.label,
      level: report.level,
      confidence: report.confidence,
      boxes: JSON.stringify(report.boxes),
      snapshot_file_id: fileId ?? report.snapshotId ?? null,
      occurred_at: new Date(report.occurredAt).toISOString(),
      received_at: now.toISOString(),
      source_id: report.sourceId ?? null,
    };
  });
  // A batch holds at most 100 reports (batched-writes.ts): each insert stays well below either
  // database's limit of parameters.
  if (files.length > 0) await trx.insertInto('files').values(files).execute();
  await beforeCommit.settle();
  // Before the alerts take the lock: what the hooks read, they read now (a batch has one app's).
  await accepted[0]?.item.ctx.alertHooks.beforeAlertsStored(trx);
  const written = await trx
    .insertInto('alerts')
    .values(alerts)
    // The unique index, not the look-up before, settles retries sent to two console servers at
    // once: both may pass the look-up, and the second then answers the first's alert.
    .onConflict((conflict) => conflict.columns(['ai_server_id', 'source_id']).doNothing())
    .returningAll()
    .execute();
  const inserted = new Map(written.map((row) => [row.id, row]));
  const skipped = accepted.filter((entry) => !inserted.has(entry.alertId));
  const firstAlerts = await storedMeanwhile(trx, skipped);
  const unnamed = skipped.flatMap((entry) => (entry.item.snapshot ? [entry.fileId] : []));
  if (unnamed.length > 0) await trx.deleteFrom('files').where('id', 'in', unnamed).execute();
  for (const entry of accepted) {
    const row = inserted.get(entry.alertId);
    if (!row) {
      const { ctx, snapshot } = entry.item;
      // Moved to its place with the batch's files, before the insert found the conflict.
      if (snapshot && 'incomingKey' in snapshot) await ctx.storage.delete(fileKey(String(entry.fileId)));
      stored.set(entry, { id: firstAlerts.get(entry) as number, row: null });
      continue;
    }
    const { ctx, now } = entry.item;
    await ctx.alertHooks.alertsStored(trx, [row], now);
    beforeCommit.add(countedBeforeCommit(ctx.alertHooks), row);
    stored.set(entry, { id: row.id, row });
  }
  return stored;
}

/** The first alerts of the reports whose sourceId another console server stored meanwhile. */
async function storedMeanwhile(trx: Db, skipped: readonly Accepted[]): Promise<Map<Accepted, number>> {
  const firsts = new Map<Accepted, number>();
  if (skipped.length === 0) return firsts;
  const sourceIds = skipped.flatMap((entry) => entry.item.report.sourceId ?? []);
  const rows = await trx
    .selectFrom('alerts')
    .select(['id', 'ai_server_id', 'source_id'])
    .where('ai_server_id', 'in', [...new Set(skipped.map((entry) => entry.item.server.id))])
    .where('source_id', 'in', sourceIds)
    .execute();
  for (const entry of skipped) {
    const first = rows.find(
      (row) => row.ai_server_id === entry.item.server.id && row.source_id === entry.item.report.sourceId,
    );
    // Only a sourceId conflicts, with an alert already committed.
    if (!first) throw new Error('an alert conflicted with no stored alert');
    firsts.set(entry, first.id);
  }
  return firsts;
}

const countedGroups = new WeakMap<AlertHooks, CommitGroup<CountedAlert>>();

/**
 * The alerts a batch stored, counted (the rollups) once before it commits: each rollup row the
 * batch touches is written once, not once per alert. Every batch writes the current quarter hour's
 * row: it is written last, after the batch's files are synced, just before the commit. One group
 * per hooks, so that a batch settles it once.
 */
function countedBeforeCommit(hooks: AlertHooks): CommitGroup<CountedAlert> {
  let group = countedGroups.get(hooks);
  if (!group) {
    group = {
      last: true,
      async settle(alerts, trx) {
        if (alerts.length === 0) return;
        await hooks.alertsCounted(
          trx,
          alerts.map((after) => ({ before: null, after })),
        );
      },
    };
    countedGroups.set(hooks, group);
  }
  return group;
}

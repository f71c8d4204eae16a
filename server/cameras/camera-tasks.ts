import type { components } from '../../src/generated/openapi';
import type { Selectable } from 'kysely';
import type { CamerasContext } from './cameras-context';
import type { Table } from '../db/schema';
import type { Db } from '../db/open-database';
import { ApiError, badInput, type FieldProblem } from '../kernel/api-error';
import type { LocalText } from '../kernel/locale';
import type { AuditNote } from '../operations/audit-note';
import type { ReferenceRule } from '../resources/resource-definition';
import { missingReferences, notFound } from '../resources/resource-service';
import { labelsByIds } from '../resources/resource-store';
import { regionFault, type Point, type RegionFault } from './region-geometry';

type CameraTaskInput = components['schemas']['CameraTaskInput'];
type CameraTask = components['schemas']['CameraTask'];

const taskFields = [
  'name',
  'modelId',
  'confidenceThreshold',
  'region',
  'schedule',
  'alertLevel',
  'enabled',
] as const;

const regionFaults: Record<RegionFault, LocalText> = {
  'repeated-corner': { zh: '多边形有重复的顶点', en: 'the polygon repeats a corner' },
  'self-intersecting': { zh: '多边形的边不能相交', en: 'the polygon’s edges must not cross' },
  'no-area': { zh: '多边形围成的面积过小', en: 'the polygon encloses almost no area' },
};

/**
 * A task's model: it must exist, and tasks are answered with its label, name and version as the
 * model screen's columns read (`安全帽检测 1.0.1`). The camera's choices operation offers models by
 * the same rule, so the task form needs no model key.
 */
export const taskModelReference: ReferenceRule = {
  table: 'models',
  what: { zh: '模型', en: 'model' },
  labelColumn: 'name',
  qualifierColumn: 'version',
  label: 'modelName',
};

const taskNotFound = (taskId: number) =>
  new ApiError('404', { zh: `分析任务不存在（id ${taskId}）`, en: `No such analysis task (id ${taskId})` });

/**
 * For each of the models that analysis tasks run: the cameras running it, by name, with how many
 * of their tasks do (models no task runs are left out).
 */
export async function camerasRunningModels(
  db: Db,
  modelIds: readonly number[],
): Promise<Map<number, { name: string; tasks: number }[]>> {
  if (modelIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('camera_tasks')
    .innerJoin('cameras', 'cameras.id', 'camera_tasks.camera_id')
    .select((eb) => [
      'camera_tasks.model_id as modelId',
      'cameras.name',
      eb.fn.countAll<number>().as('tasks'),
    ])
    .where('camera_tasks.model_id', 'in', [...modelIds])
    .groupBy(['camera_tasks.model_id', 'cameras.id'])
    .orderBy('cameras.name')
    .execute();
  const found = new Map<number, { name: string; tasks: number }[]>();
  for (const row of rows) {
    const modelId = row.modelId as number;
    found.set(modelId, [...(found.get(modelId) ?? []), { name: row.name, tasks: Number(row.tasks) }]);
  }
  return found;
}

/** How many tasks each camera has (cameras without any are left out). */
export async function countCameraTasks(db: Db, cameraIds: readonly number[]): Promise<Map<number, number>> {
  if (cameraIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('camera_tasks')
    .select((eb) => ['camera_id', eb.fn.countAll<number>().as('count')])
    .where('camera_id', 'in', [...cameraIds])
    .groupBy('camera_id')
    .execute();
  return new Map(rows.map((row) => [row.camera_id, Number(row.count)]));
}

export async function listCameraTasks(db: Db, cameraId: number): Promise<CameraTask[]> {
  await cameraLabel(db, cameraId);
  const rows = await db
    .selectFrom('camera_tasks')
    .selectAll()
    .where('camera_id', '=', cameraId)
    .orderBy('id')
    .execute();
  return withModels(db, rows);
}

export async function createCameraTask(
  ctx: CamerasContext,
  cameraId: number,
  input: CameraTaskInput,
  audit: AuditNote,
): Promise<CameraTask> {
  audit.target = `#${cameraId}`;
  const now = ctx.clock.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const camera = await cameraLabel(trx, cameraId);
    await refuseBadInput(trx, input);
    const { id } = await trx
      .insertInto('camera_tasks')
      .values({ camera_id: cameraId, ...columnsOf(input), created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    audit.target = taskTarget(camera, id, input.name);
    return readTask(trx, cameraId, id);
  });
}

/** Replaces the task's input fields (an absent `enabled` becomes true) and logs which changed. */
export async function updateCameraTask(
  ctx: CamerasContext,
  cameraId: number,
  taskId: number,
  input: CameraTaskInput,
  audit: AuditNote,
): Promise<CameraTask> {
  audit.target = `#${cameraId} / #${taskId}`;
  return ctx.db.transaction().execute(async (trx) => {
    const camera = await cameraLabel(trx, cameraId);
    const before = await readTask(trx, cameraId, taskId);
    audit.target = taskTarget(camera, taskId, before.name);
    await refuseBadInput(trx, input);
    await trx
      .updateTable('camera_tasks')
      .set({ ...columnsOf(input), updated_at: ctx.clock.now().toISOString() })
      .where('id', '=', taskId)
      .execute();
    const after = await readTask(trx, cameraId, taskId);
    const changed = taskFields.filter(
      (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
    );
    audit.detail =
      changed.length === 0
        ? { zh: '无变更', en: 'nothing changed' }
        : { zh: `修改：${changed.join('、')}`, en: `changed: ${changed.join(', ')}` };
    return after;
  });
}

export async function deleteCameraTask(
  ctx: CamerasContext,
  cameraId: number,
  taskId: number,
  audit: AuditNote,
): Promise<void> {
  audit.target = `#${cameraId} / #${taskId}`;
  await ctx.db.transaction().execute(async (trx) => {
    const camera = await cameraLabel(trx, cameraId);
    const task = await readTask(trx, cameraId, taskId);
    audit.target = taskTarget(camera, taskId, task.name);
    await trx.deleteFrom('camera_tasks').where('id', '=', taskId).execute();
  });
}

/** What the schema cannot judge: the polygon's shape, and whether the model exists. One 400 for all. */
async function refuseBadInput(db: Db, input: CameraTaskInput): Promise<void> {
  const fault = regionFault(input.region);
  const problems: FieldProblem[] = [
    ...(fault ? [{ field: 'region', message: regionFaults[fault] }] : []),
    ...(await missingReferences(
      db,
      { modelId: taskModelReference },
      input as unknown as Record<string, unknown>,
    )),
  ];
  if (problems.length > 0) throw badInput(problems);
}

/** `#3 北门-01`, or a 404 when the camera does not exist. */
async function cameraLabel(db: Db, cameraId: number): Promise<string> {
  const camera = await db.selectFrom('cameras').select('name').where('id', '=', cameraId).executeTakeFirst();
  if (!camera) throw notFound(cameraId);
  return `#${cameraId} ${camera.name}`;
}

/** A task of another camera is not found under this one. */
async function readTask(db: Db, cameraId: number, taskId: number): Promise<CameraTask> {
  const row = await db
    .selectFrom('camera_tasks')
    .selectAll()
    .where('id', '=', taskId)
    .where('camera_id', '=', cameraId)
    .executeTakeFirst();
  if (!row) throw taskNotFound(taskId);
  return (await withModels(db, [row]))[0] as CameraTask;
}

function taskTarget(camera: string, taskId: number, name: string): string {
  return `${camera} / #${taskId} ${name}`;
}

/** Tasks as answered, their models' labels looked up in one query for all of them. */
async function withModels(db: Db, rows: readonly Selectable<Table<'camera_tasks'>>[]): Promise<CameraTask[]> {
  const modelIds = [...new Set(rows.flatMap((row) => (row.model_id === null ? [] : [row.model_id])))];
  const labels = await labelsByIds(db, taskModelReference, modelIds);
  return rows.map((row) => taskOf(row, row.model_id === null ? null : (labels.get(row.model_id) ?? null)));
}

function columnsOf(input: CameraTaskInput) {
  return {
    name: input.name,
    model_id: input.modelId,
    confidence_threshold: input.confidenceThreshold,
    region: JSON.stringify(input.region.map(({ x, y }) => ({ x, y }))),
    schedule: JSON.stringify(input.schedule),
    alert_level: input.alertLevel,
    enabled: input.enabled === false ? 0 : 1,
  };
}

function taskOf(row: Selectable<Table<'camera_tasks'>>, modelName: string | null): CameraTask {
  return {
    id: row.id,
    cameraId: row.camera_id,
    name: row.name,
    modelId: row.model_id,
    modelName,
    confidenceThreshold: row.confidence_threshold,
    region: JSON.parse(row.region) as Point[],
    schedule: JSON.parse(row.schedule) as string[],
    alertLevel: row.alert_level,
    enabled: row.enabled === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

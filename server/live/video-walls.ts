import type { components } from '../../src/generated/openapi';
import { exclusiveTransaction } from '../db/exclusive-transaction';
import type { Db } from '../db/open-database';
import { ApiError, badInput } from '../kernel/api-error';
import type { Clock } from '../kernel/clock';
import { notFound } from '../resources/resource-service';

type VideoWall = components['schemas']['VideoWall'];
type VideoWallInput = components['schemas']['VideoWallInput'];

/**
 * The most walls a user saves. A wall is a named screen an operator switches to: a few dozen cover
 * every shift's rooms, and the list every holder of the video key reads stays short.
 */
export const maxWallsPerUser = 50;

/** A wall's panes: a square grid, as the video screen lays them out (src/media/wall-state.ts). */
const wallLayouts: readonly number[] = [1, 4, 9, 16];

const notOwner = () =>
  new ApiError('403', {
    zh: '只有画面的创建者可以修改或删除它',
    en: 'Only the owner of a saved wall may change or delete it',
  });

/**
 * The walls `userId` may open (their own and the shared ones), by name, each told from their side;
 * only wall `id` when given.
 */
export async function visibleWalls(db: Db, userId: number, id?: number): Promise<VideoWall[]> {
  let query = db
    .selectFrom('video_walls')
    .innerJoin('users', 'users.id', 'video_walls.owner_id')
    .leftJoin('video_wall_defaults', (join) =>
      join
        .onRef('video_wall_defaults.wall_id', '=', 'video_walls.id')
        .on('video_wall_defaults.user_id', '=', userId),
    )
    .select([
      'video_walls.id',
      'video_walls.name',
      'video_walls.layout',
      'video_walls.cameras',
      'video_walls.shared',
      'video_walls.owner_id',
      'video_walls.updated_at',
      'users.name as ownerName',
      'video_wall_defaults.user_id as defaultOf',
    ])
    .where((eb) => eb.or([eb('video_walls.owner_id', '=', userId), eb('video_walls.shared', '=', 1)]))
    .orderBy('video_walls.name')
    .orderBy('video_walls.id');
  if (id !== undefined) query = query.where('video_walls.id', '=', id);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    layout: row.layout,
    cameras: JSON.parse(row.cameras) as (number | null)[],
    shared: row.shared === 1,
    isDefault: row.defaultOf !== null,
    mine: row.owner_id === userId,
    ownerName: row.ownerName,
    updatedAt: row.updated_at,
  }));
}

/** The wall as `userId` sees it; 404 when it is another user's private one or none. */
export async function visibleWall(db: Db, userId: number, id: number): Promise<VideoWall> {
  const [wall] = await visibleWalls(db, userId, id);
  if (!wall) throw notFound(id);
  return wall;
}

/** Saves a new wall of `userId`'s, or changes their wall `id`; answers it as they see it. */
export async function saveWall(
  ctx: { readonly db: Db; readonly clock: Clock },
  userId: number,
  input: VideoWallInput,
  id: number | null,
): Promise<VideoWall> {
  const name = input.name.trim();
  const now = ctx.clock.now().toISOString();
  const saved = await wallsTransaction(ctx.db, async (trx) => {
    if (id !== null) {
      const wall = await visibleWall(trx, userId, id);
      if (!wall.mine) throw notOwner();
    }
    await checkWall(trx, userId, { ...input, name }, id);
    const row = {
      name,
      layout: input.layout,
      cameras: JSON.stringify(trimmed(input.cameras)),
      shared: input.shared ? 1 : 0,
      updated_at: now,
    };
    const savedId =
      id === null
        ? (
            await trx
              .insertInto('video_walls')
              .values({ ...row, owner_id: userId, created_at: now })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id
        : (await trx.updateTable('video_walls').set(row).where('id', '=', id).execute(), id);
    // Private again, it is no one else's default: shared later, it does not come back as one.
    if (!input.shared) {
      await trx
        .deleteFrom('video_wall_defaults')
        .where('wall_id', '=', savedId)
        .where('user_id', '!=', userId)
        .execute();
    }
    if (input.isDefault === true) await markDefault(trx, userId, savedId);
    return savedId;
  });
  return visibleWall(ctx.db, userId, saved);
}

/** Deletes `userId`'s wall `id` (403 for another user's shared wall, 404 for one they cannot see). */
export async function deleteWall(db: Db, userId: number, id: number): Promise<VideoWall> {
  return wallsTransaction(db, async (trx) => {
    const wall = await visibleWall(trx, userId, id);
    if (!wall.mine) throw notOwner();
    await trx.deleteFrom('video_walls').where('id', '=', id).execute();
    return wall;
  });
}

/** Makes wall `id` (one `userId` may open) their default: one upsert replaces the previous one. */
export async function setDefaultWall(db: Db, userId: number, id: number): Promise<VideoWall> {
  await wallsTransaction(db, async (trx) => {
    await visibleWall(trx, userId, id);
    await markDefault(trx, userId, id);
  });
  return visibleWall(db, userId, id);
}

/**
 * Every write of walls and defaults, one at a time: a default marked while its wall is deleted, or
 * two walls saved under one name at once, are refused as they would be one after the other.
 */
function wallsTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return exclusiveTransaction(db, ['video_walls', 'video_wall_defaults'], work);
}

async function markDefault(db: Db, userId: number, wallId: number): Promise<void> {
  await db
    .insertInto('video_wall_defaults')
    .values({ user_id: userId, wall_id: wallId })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ wall_id: wallId }))
    .execute();
}

/** The write's problems, all at once: a name the owner already gave, panes past the layout, unknown cameras, too many walls. */
async function checkWall(db: Db, userId: number, input: VideoWallInput, id: number | null): Promise<void> {
  const problems = [];
  const clash = await db
    .selectFrom('video_walls')
    .select('id')
    .where('owner_id', '=', userId)
    .where('name', '=', input.name)
    .$if(id !== null, (query) => query.where('id', '!=', id as number))
    .executeTakeFirst();
  if (clash) {
    problems.push({
      field: 'name',
      message: { zh: `已有同名画面「${input.name}」`, en: `you already have a wall named "${input.name}"` },
    });
  }
  if (!wallLayouts.includes(input.layout)) {
    problems.push({
      field: 'layout',
      message: { zh: '必须是 1、4、9 或 16 画面', en: 'must be 1, 4, 9 or 16 panes' },
    });
  }
  const cameras = trimmed(input.cameras);
  if (cameras.length > input.layout) {
    problems.push({
      field: 'cameras',
      message: {
        zh: `${input.layout} 画面布局最多 ${input.layout} 个摄像头`,
        en: `a ${input.layout}-pane layout holds at most ${input.layout} cameras`,
      },
    });
  }
  const named = [...new Set(cameras.filter((camera): camera is number => camera !== null))];
  if (named.length > 0) {
    const found = await db.selectFrom('cameras').select('id').where('id', 'in', named).execute();
    const known = new Set(found.map((row) => row.id));
    const missing = named.filter((camera) => !known.has(camera));
    if (missing.length > 0) {
      problems.push({
        field: 'cameras',
        message: {
          zh: `摄像头不存在（id ${missing.join('、')}）`,
          en: `no such camera (id ${missing.join(', ')})`,
        },
      });
    }
  }
  if (id === null) {
    const { count } = await db
      .selectFrom('video_walls')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('owner_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= maxWallsPerUser) {
      problems.push({
        field: 'name',
        message: {
          zh: `每人最多保存 ${maxWallsPerUser} 个画面，请先删除不用的`,
          en: `at most ${maxWallsPerUser} saved walls each: delete one you no longer use first`,
        },
      });
    }
  }
  if (problems.length > 0) throw badInput(problems);
}

/** The panes' cameras without the empty panes at the end. */
function trimmed(cameras: readonly (number | null)[]): (number | null)[] {
  const copy = [...cameras];
  while (copy.length > 0 && copy[copy.length - 1] === null) copy.pop();
  return copy;
}

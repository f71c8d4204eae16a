import type { LiveContext } from './live-context';
import {
  requireSession,
  type OperationInput,
  type SomeOperationHandlers,
} from '../operations/operation-handler';
import { deleteWall, saveWall, setDefaultWall, visibleWalls } from './video-walls';

/** The operation log's target of a wall: `#12 北门全景`. */
function logWall(input: Pick<OperationInput, 'audit'>, wall: { readonly id: number; readonly name: string }) {
  input.audit.target = `#${wall.id} ${wall.name}`;
}

/** 我的画面: each user's saved walls, private or shared, and their default one. */
export const videoWallOperations = {
  async listVideoWalls(input, ctx) {
    return { items: await visibleWalls(ctx.db, requireSession(input).userId) };
  },

  async createVideoWall(input, ctx) {
    input.audit.target = input.body.name;
    const wall = await saveWall(ctx, requireSession(input).userId, input.body, null);
    logWall(input, wall);
    return wall;
  },

  async updateVideoWall(input, ctx) {
    input.audit.target = `#${input.params.id}`;
    const wall = await saveWall(ctx, requireSession(input).userId, input.body, input.params.id);
    logWall(input, wall);
    return wall;
  },

  async deleteVideoWall(input, ctx) {
    input.audit.target = `#${input.params.id}`;
    logWall(input, await deleteWall(ctx.db, requireSession(input).userId, input.params.id));
    return null;
  },

  async setDefaultVideoWall(input, ctx) {
    input.audit.target = `#${input.params.id}`;
    const wall = await setDefaultWall(ctx.db, requireSession(input).userId, input.params.id);
    logWall(input, wall);
    return wall;
  },
} satisfies SomeOperationHandlers<LiveContext>;

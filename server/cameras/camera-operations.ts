import { Readable } from 'node:stream';
import { cameraResource } from './camera-resource';
import {
  createCameraTask,
  deleteCameraTask,
  listCameraTasks,
  updateCameraTask,
  type CameraTaskInput,
} from './camera-tasks';
import { withStreamsChecked } from './camera-streams';
import { FileAnswer } from '../http/file-answer';
import { resourceOperations } from '../resources/resource-operations';
import { notFound } from '../resources/resource-service';
import type { OperationHandlers } from '../operations/operation-handler';

interface CameraParams {
  readonly id: number;
}
interface TaskParams extends CameraParams {
  readonly taskId: number;
}

const cameraCrud = resourceOperations(cameraResource, {
  list: 'listCameras',
  get: 'getCamera',
  create: 'createCamera',
  update: 'updateCamera',
  delete: 'deleteCamera',
  bulkDelete: 'bulkDeleteCameras',
  export: 'exportCameras',
  choices: 'listCameraChoices',
});

export const cameraOperations: OperationHandlers = {
  ...cameraCrud,
  createCamera: withStreamsChecked(cameraCrud.createCamera),
  updateCamera: withStreamsChecked(cameraCrud.updateCamera),

  /** One frame of the main stream, grabbed now and not kept: the task editor draws over it. */
  async getCameraSnapshot(input, ctx) {
    const { id } = input.params as CameraParams;
    const camera = await ctx.db
      .selectFrom('cameras')
      .select('main_stream_url')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!camera) throw notFound(id);
    const frame = await ctx.frameGrabs.grab(id, camera.main_stream_url);
    return new FileAnswer(`camera-${id}.jpg`, 'image/jpeg', Readable.from([frame]), {
      inline: true,
      size: frame.length,
    });
  },

  listCameraTasks: (input, ctx) => listCameraTasks(ctx.db, (input.params as CameraParams).id),

  createCameraTask: (input, ctx) =>
    createCameraTask(ctx, (input.params as CameraParams).id, input.body as CameraTaskInput, input.audit),

  updateCameraTask(input, ctx) {
    const { id, taskId } = input.params as TaskParams;
    return updateCameraTask(ctx, id, taskId, input.body as CameraTaskInput, input.audit);
  },

  async deleteCameraTask(input, ctx) {
    const { id, taskId } = input.params as TaskParams;
    await deleteCameraTask(ctx, id, taskId, input.audit);
    return null;
  },
};

import { Readable } from 'node:stream';
import type { CamerasContext, CamerasDeleting } from './cameras-context';
import { cameraResourceOf } from './camera-resource';
import { createCameraTask, deleteCameraTask, listCameraTasks, updateCameraTask } from './camera-tasks';
import { cameraBodyToStore } from './camera-streams';
import { FileAnswer } from '../operations/file-answer';
import { resourceOperations } from '../resources/resource-handlers';
import { notFound } from '../resources/resource-service';
import type { SomeOperationHandlers } from '../operations/operation-handler';

/** Recorders follow a camera's write at once rather than at the next periodic check. */
const thenSyncRecorders = async <T>(ctx: CamerasContext, written: Promise<T>): Promise<T> => {
  const answer = await written;
  ctx.background.run('starting and stopping recorders', () => ctx.recordings.sync());
  return answer;
};

/** The cameras' operations; `camerasDeleting` runs in the transaction that deletes cameras. */
export function cameraOperations({ camerasDeleting }: { readonly camerasDeleting: CamerasDeleting }) {
  const cameraCrud = resourceOperations(cameraResourceOf(camerasDeleting), {
    list: 'listCameras',
    get: 'getCamera',
    create: 'createCamera',
    update: 'updateCamera',
    delete: 'deleteCamera',
    bulkDelete: 'bulkDeleteCameras',
    export: 'exportCameras',
    choices: 'listCameraChoices',
  });
  return {
    ...cameraCrud,
    createCamera: async (input, ctx) =>
      thenSyncRecorders(
        ctx,
        cameraCrud.createCamera({ ...input, body: await cameraBodyToStore(ctx, input.body, null) }, ctx),
      ),
    updateCamera: async (input, ctx) =>
      thenSyncRecorders(
        ctx,
        cameraCrud.updateCamera(
          { ...input, body: await cameraBodyToStore(ctx, input.body, input.params.id) },
          ctx,
        ),
      ),
    deleteCamera: (input, ctx) => thenSyncRecorders(ctx, cameraCrud.deleteCamera(input, ctx)),
    bulkDeleteCameras: (input, ctx) => thenSyncRecorders(ctx, cameraCrud.bulkDeleteCameras(input, ctx)),

    /** One frame of the main stream, grabbed now and not kept: the task editor draws over it. */
    async getCameraSnapshot(input, ctx) {
      const { id } = input.params;
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

    listCameraTasks: (input, ctx) => listCameraTasks(ctx.db, input.params.id),

    createCameraTask: (input, ctx) => createCameraTask(ctx, input.params.id, input.body, input.audit),

    updateCameraTask(input, ctx) {
      const { id, taskId } = input.params;
      return updateCameraTask(ctx, id, taskId, input.body, input.audit);
    },

    async deleteCameraTask(input, ctx) {
      const { id, taskId } = input.params;
      await deleteCameraTask(ctx, id, taskId, input.audit);
      return null;
    },
  } satisfies SomeOperationHandlers<CamerasContext>;
}

import { Readable } from 'node:stream';
import type { CamerasContext, CamerasDeleting } from './cameras-context';
import { cameraResourceOf } from './camera-resource';
import { createCameraTask, deleteCameraTask, listCameraTasks, updateCameraTask } from './camera-tasks';
import { cameraBodyToStore } from './camera-streams';
import { FileAnswer } from '../operations/file-answer';
import type { components } from '../../src/generated/openapi';
import { contractTyped, resourceOperations } from '../resources/resource-handlers';
import { notFound } from '../resources/resource-service';
import type { SomeOperationHandlers } from '../operations/operation-handler';

type CameraInput = components['schemas']['CameraInput'];

/** The cameras' operations; `camerasDeleting` runs in the transaction that deletes cameras. */
export function cameraOperations({ camerasDeleting }: { readonly camerasDeleting: CamerasDeleting }) {
  const cameraCrud = resourceOperations(
    cameraResourceOf(camerasDeleting),
    {
      list: 'listCameras',
      get: 'getCamera',
      create: 'createCamera',
      update: 'updateCamera',
      delete: 'deleteCamera',
      bulkDelete: 'bulkDeleteCameras',
      export: 'exportCameras',
      choices: 'listCameraChoices',
      import: 'importCameras',
      importTemplate: 'getCameraImportTemplate',
    },
    {
      toStore: (ctx: CamerasContext, body, id) =>
        cameraBodyToStore(ctx, contractTyped<CameraInput>(body), id),
      // Recorders follow a camera's write at once rather than at the next periodic check.
      committed: (ctx) => ctx.background.run('starting and stopping recorders', () => ctx.recordings.sync()),
    },
  );
  return {
    ...cameraCrud,

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

import { SocketAnswer } from '../http/socket-answer';
import { listLiveCameras, liveView } from './live-cameras';
import { watchOverSocket } from './live-socket';
import type { SomeOperationHandlers } from '../operations/operation-handler';

export const videoOperations = {
  listLiveCameras: async (_input, ctx) => ({ items: await listLiveCameras(ctx.db) }),

  async watchLiveView(input, ctx) {
    const { id, stream } = input.params;
    const view = await liveView(ctx.db, id, stream);
    return new SocketAnswer((socket) => watchOverSocket(ctx.live, view, socket, input.lang));
  },
} satisfies SomeOperationHandlers;

import type { LiveContext } from './live-context';
import { SocketAnswer } from '../operations/socket-answer';
import { listLiveCameraGroups, listLiveCameras, liveView } from './live-cameras';
import { watchOverSocket } from './live-socket';
import { requireSession, type SomeOperationHandlers } from '../operations/operation-handler';

export const videoOperations = {
  listLiveCameras: async (_input, ctx) => ({ items: await listLiveCameras(ctx.db) }),
  listLiveCameraGroups: async (_input, ctx) => ({ items: await listLiveCameraGroups(ctx.db) }),

  async watchLiveView(input, ctx) {
    const { id, stream } = input.params;
    const { userId } = requireSession(input);
    const view = await liveView(ctx.db, id, stream);
    // Counted once the socket is served (open), so a socket that went meanwhile takes no place.
    return new SocketAnswer((socket) => {
      ctx.liveSockets.admit(userId, socket);
      return watchOverSocket(ctx.live, view, socket, input.lang);
    });
  },
} satisfies SomeOperationHandlers<LiveContext>;

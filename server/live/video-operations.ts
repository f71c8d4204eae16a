import { Readable } from 'node:stream';
import { ApiError } from '../http/api-error';
import { FileAnswer } from '../http/file-answer';
import { listLiveCameras, liveView } from './live-cameras';
import type { SomeOperationHandlers } from '../operations/operation-handler';

const answer = (name: string, type: string, bytes: Buffer) =>
  new FileAnswer(name, type, Readable.from([bytes]), { inline: true, size: bytes.length });

export const videoOperations = {
  listLiveCameras: async (_input, ctx) => ({ items: await listLiveCameras(ctx.db) }),

  async getLivePlaylist(input, ctx) {
    const { id, stream } = input.params;
    const playlist = await ctx.live.playlist(await liveView(ctx.db, id, stream));
    return answer('index.m3u8', 'application/vnd.apple.mpegurl', Buffer.from(playlist, 'utf8'));
  },

  async startLiveViews(input, ctx) {
    const { cameraIds, stream } = input.body;
    for (const id of cameraIds) {
      try {
        ctx.live.start(await liveView(ctx.db, id, stream));
      } catch (error) {
        // A camera gone or past the ffmpeg budget is its pane's to say, through its playlist request.
        if (!(error instanceof ApiError)) throw error;
      }
    }
    return null;
  },

  async getLiveSegment(input, ctx) {
    const { id, stream, segment } = input.params;
    return answer(segment, 'video/mp2t', await ctx.live.segment(id, stream, segment));
  },
} satisfies SomeOperationHandlers;

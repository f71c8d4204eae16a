import { Readable } from 'node:stream';
import { FileAnswer } from '../http/file-answer';
import { listLiveCameras, liveView } from './live-cameras';
import type { LiveStreamName } from './live-sessions';
import type { OperationHandlers } from '../operations/operation-handler';

interface StreamParams {
  readonly id: number;
  readonly stream: LiveStreamName;
}
interface SegmentParams extends StreamParams {
  readonly segment: string;
}

const answer = (name: string, type: string, bytes: Buffer) =>
  new FileAnswer(name, type, Readable.from([bytes]), { inline: true, size: bytes.length });

export const videoOperations: OperationHandlers = {
  listLiveCameras: async (_input, ctx) => ({ items: await listLiveCameras(ctx.db) }),

  async getLivePlaylist(input, ctx) {
    const { id, stream } = input.params as StreamParams;
    const playlist = await ctx.live.playlist(await liveView(ctx.db, id, stream));
    return answer('index.m3u8', 'application/vnd.apple.mpegurl', Buffer.from(playlist, 'utf8'));
  },

  async getLiveSegment(input, ctx) {
    const { id, stream, segment } = input.params as SegmentParams;
    return answer(segment, 'video/mp2t', await ctx.live.segment(id, stream, segment));
  },
};

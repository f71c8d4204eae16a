import { Readable } from 'node:stream';
import { FileAnswer } from '../http/file-answer';
import type { SomeOperationHandlers } from '../operations/operation-handler';
import {
  checkedPeriod,
  recordedSegmentKey,
  recordingPlaylist,
  recordingTimeline,
  segmentGone,
} from './playback';

export const recordingOperations = {
  getRecordingTimeline: async (input, ctx) =>
    recordingTimeline(ctx.db, input.params.id, checkedPeriod(input.query), input.lang),

  async getRecordingPlaylist(input, ctx) {
    const playlist = Buffer.from(
      await recordingPlaylist(ctx.db, input.params.id, checkedPeriod(input.query)),
      'utf8',
    );
    return new FileAnswer('index.m3u8', 'application/vnd.apple.mpegurl', Readable.from([playlist]), {
      inline: true,
      size: playlist.length,
    });
  },

  async getRecordingSegment(input, ctx) {
    const { id, segment } = input.params;
    const key = await recordedSegmentKey(ctx.db, id, segment);
    try {
      return new FileAnswer(segment, 'video/mp2t', await ctx.recordings.store.read(key), { inline: true });
    } catch (error) {
      // The sweep removed it between the look-up and the read.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw segmentGone();
      throw error;
    }
  },
} satisfies SomeOperationHandlers;

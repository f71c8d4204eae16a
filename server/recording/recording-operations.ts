import { Readable } from 'node:stream';
import type { RecordingContext } from './recording-context';
import { FileAnswer } from '../operations/file-answer';
import { listLiveCameras } from '../live/live-cameras';
import { recordingUsage } from './recording-usage';
import type { SomeOperationHandlers } from '../operations/operation-handler';
import { alertClip, clipSegmentKey, recordedClip } from './alert-clip';
import { alertClipMp4 } from './clip-mp4';
import { recordingMp4 } from './recording-export';
import {
  checkedPeriod,
  recordedSegmentKey,
  recordingPlaylist,
  recordingTimeline,
  segmentGone,
  vodPlaylist,
} from './playback';

function playlistAnswer(text: string): FileAnswer {
  const playlist = Buffer.from(text, 'utf8');
  return new FileAnswer('index.m3u8', 'application/vnd.apple.mpegurl', Readable.from([playlist]), {
    inline: true,
    size: playlist.length,
  });
}

async function segmentAnswer(ctx: RecordingContext, name: string, key: string): Promise<FileAnswer> {
  try {
    return new FileAnswer(name, 'video/mp2t', await ctx.recordings.store.read(key), { inline: true });
  } catch (error) {
    // The sweep removed it between the look-up and the read.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw segmentGone();
    throw error;
  }
}

export const recordingOperations = {
  listRecordingCameras: async (_input, ctx) => ({ items: await listLiveCameras(ctx.db) }),

  getRecordingUsage: (_input, ctx) => recordingUsage(ctx.db, ctx.recordings, ctx.clock.now()),

  getRecordingTimeline: async (input, ctx) =>
    recordingTimeline(ctx.db, input.params.id, checkedPeriod(input.query), input.lang),

  getRecordingPlaylist: async (input, ctx) =>
    playlistAnswer(await recordingPlaylist(ctx.db, input.params.id, checkedPeriod(input.query))),

  async getRecordingSegment(input, ctx) {
    const { id, segment } = input.params;
    return segmentAnswer(ctx, segment, await recordedSegmentKey(ctx.db, id, segment));
  },

  async getAlertClip(input, ctx) {
    const clip = await alertClip(ctx, input.params.id);
    return {
      from: clip.from,
      to: clip.to,
      start: clip.segments[0]?.started_at ?? null,
      end: clip.segments.reduce<string | null>(
        (end, segment) => (end === null || segment.ended_at > end ? segment.ended_at : end),
        null,
      ),
      complete: clip.complete,
      readyAt: clip.readyAt,
      recordingMode: clip.recordingMode,
    };
  },

  getAlertClipPlaylist: async (input, ctx) =>
    playlistAnswer(vodPlaylist((await recordedClip(ctx, input.params.id)).segments)),

  async getAlertClipSegment(input, ctx) {
    const { id, segment } = input.params;
    return segmentAnswer(ctx, segment, await clipSegmentKey(ctx, id, segment));
  },

  downloadAlertClip: async (input, ctx) => alertClipMp4(ctx, input.params.id, input.audit),

  exportRecording: async (input, ctx) => recordingMp4(ctx, input.params.id, input.query, input.audit),
} satisfies SomeOperationHandlers<RecordingContext>;

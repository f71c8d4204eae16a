import { Readable } from 'node:stream';
import type { RecordingContext } from './recording-context';
import { FileAnswer } from '../operations/file-answer';
import { listLiveCameras } from '../live/live-cameras';
import { recordingUsage } from './recording-usage';
import type { SomeOperationHandlers } from '../operations/operation-handler';
import { alertClip, clipSegment, recordedClip } from './alert-clip';
import { alertClipMp4 } from './clip-mp4';
import { recordingMp4 } from './recording-export';
import {
  checkedPeriod,
  codecsOf,
  recordedSegment,
  type PlayedVideo,
  type ServedSegment,
  recordingPlaylist,
  recordingTimeline,
  segmentFileMissing,
  vodPlaylist,
} from './playback';
import { transcodingOff } from './segment-transcode';

function playlistAnswer(text: string): FileAnswer {
  const playlist = Buffer.from(text, 'utf8');
  return new FileAnswer('index.m3u8', 'application/vnd.apple.mpegurl', Readable.from([playlist]), {
    inline: true,
    size: playlist.length,
  });
}

/** The segment's MPEG-TS: as recorded, or as H.264 when asked and it is another codec. */
async function segmentAnswer(
  ctx: RecordingContext,
  name: string,
  segment: ServedSegment,
  video: PlayedVideo,
  signal: AbortSignal,
): Promise<FileAnswer> {
  try {
    if (video === 'h264' && segment.codec !== null && segment.codec !== 'h264') {
      const copy = await ctx.recordings.transcoder.h264(segment, signal);
      return new FileAnswer(name, 'video/mp2t', copy.body, { inline: true, size: copy.size });
    }
    return new FileAnswer(name, 'video/mp2t', await ctx.recordings.store.read(segment.store_key), {
      inline: true,
    });
  } catch (error) {
    // The sweep removed it between the look-up and the read, or it went by other hands.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw segmentFileMissing();
    throw error;
  }
}

const playedVideo = (query: { readonly video?: 'h264' }): PlayedVideo => query.video ?? 'as recorded';

/** How a playlist's segments are asked for; H.264 copies only from a server that makes them. */
function transcodable(ctx: RecordingContext, query: { readonly video?: 'h264' }): PlayedVideo {
  const video = playedVideo(query);
  if (video === 'h264' && !ctx.recordings.transcoder.enabled) throw transcodingOff();
  return video;
}

export const recordingOperations = {
  listRecordingCameras: async (_input, ctx) => ({ items: await listLiveCameras(ctx.db) }),

  getRecordingUsage: (_input, ctx) => recordingUsage(ctx.db, ctx.recordings, ctx.clock.now()),

  getRecordingTimeline: async (input, ctx) =>
    recordingTimeline(ctx.db, input.params.id, checkedPeriod(input.query), input.lang),

  async getRecordingPlaylist(input, ctx) {
    const video = transcodable(ctx, input.query);
    const period = checkedPeriod(input.query);
    return playlistAnswer(await recordingPlaylist(ctx.db, input.params.id, period, video));
  },

  async getRecordingSegment(input, ctx) {
    const { id, segment } = input.params;
    const served = await recordedSegment(ctx.db, id, segment);
    return segmentAnswer(ctx, segment, served, playedVideo(input.query), input.signal);
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
      codecs: codecsOf(clip.segments),
    };
  },

  async getAlertClipPlaylist(input, ctx) {
    const video = transcodable(ctx, input.query);
    return playlistAnswer(vodPlaylist((await recordedClip(ctx, input.params.id)).segments, video));
  },

  async getAlertClipSegment(input, ctx) {
    const { id, segment } = input.params;
    const served = await clipSegment(ctx, id, segment);
    return segmentAnswer(ctx, segment, served, playedVideo(input.query), input.signal);
  },

  downloadAlertClip: async (input, ctx) => alertClipMp4(ctx, input.params.id, input.audit),

  exportRecording: async (input, ctx) => recordingMp4(ctx, input.params.id, input.query, input.audit),
} satisfies SomeOperationHandlers<RecordingContext>;

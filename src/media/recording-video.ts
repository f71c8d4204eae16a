import type { LocalText } from '../generated/settings';

/** How the console asks for a recording's segments: as recorded, or as H.264 (transcoded where not). */
export type PlayedVideo = 'as recorded' | 'h264';

/** A codec as ffprobe names it, as an MSE type a browser may decode (H.264 is every MSE browser's). */
const mseTypes: Readonly<Record<string, readonly string[]>> = {
  h264: [],
  // Main profile, level 3.1: what a camera's H.265 stream is at the least; `hev1` as some browsers spell it.
  hevc: ['video/mp4; codecs="hvc1.1.6.L93.B0"', 'video/mp4; codecs="hev1.1.6.L93.B0"'],
};

/** Whether this browser decodes `codec` in Media Source Extensions: `isTypeSupported` is MediaSource's. */
export function browserDecodes(codec: string, isTypeSupported: (type: string) => boolean): boolean {
  const types = mseTypes[codec];
  if (types === undefined) return false;
  return types.length === 0 || types.some((type) => isTypeSupported(type));
}

/**
 * Recorded segments play as recorded when the browser decodes every codec the period holds
 * (those of segments recorded before codecs were kept are not known, and play as recorded),
 * else as H.264: the server transcodes those it cannot.
 */
export function playedVideo(codecs: readonly string[], decodes: (codec: string) => boolean): PlayedVideo {
  return codecs.every(decodes) ? 'as recorded' : 'h264';
}

/** This browser's MSE check; none without MSE (such a browser plays no recording at all). */
export const mseSupports = (type: string): boolean =>
  typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported(type);

const codecNames: Readonly<Record<string, string>> = { h264: 'H.264', hevc: 'H.265', mpeg4: 'MPEG-4' };

/**
 * What the player says when footage in a codec the browser cannot decode did not play transcoded
 * either (transcoding off, busy or failed): the codec by name, not '视频流中断'.
 */
export function undecodableText(codecs: readonly string[], decodes: (codec: string) => boolean): LocalText {
  const names = codecs
    .filter((codec) => !decodes(codec))
    .map((codec) => codecNames[codec] ?? codec.toUpperCase());
  const zh = names.join('、');
  const en = names.join(', ');
  return {
    zh: `该录像为 ${zh} 编码，本浏览器无法播放`,
    en: `This recording is ${en}, which this browser cannot decode`,
  };
}

const thisBrowserDecodes = (codec: string) => browserDecodes(codec, mseSupports);

/**
 * How a recording player in this browser asks for footage of `codecs`, and what it says when the
 * footage does not play: a browser that cannot decode one (H.265) is sent H.264 copies, and when
 * those do not play either (transcoding off or failing) it is told the codec, not '视频流中断'.
 */
export function footagePlay(codecs: readonly string[], decodes = thisBrowserDecodes) {
  const video = playedVideo(codecs, decodes);
  /** The playlist's query parameters for the video asked for. */
  const query: Readonly<Record<string, string>> = video === 'h264' ? { video } : {};
  return {
    query,
    failure: (reason: string | LocalText): string | LocalText =>
      video === 'h264' ? undecodableText(codecs, decodes) : reason,
  };
}

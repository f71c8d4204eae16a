import { describe, expect, it } from 'vitest';
import { browserDecodes, footagePlay, playedVideo, undecodableText } from './recording-video';

/** A browser whose MSE decodes these types only. */
const browser =
  (...types: string[]) =>
  (codec: string) =>
    browserDecodes(codec, (type) => types.includes(type));
const withoutHevc = browser();
const withHevc = browser('video/mp4; codecs="hvc1.1.6.L93.B0"');
const withHev1 = browser('video/mp4; codecs="hev1.1.6.L93.B0"');

describe('how the console asks for a recording', () => {
  it('plays H.264 as recorded, and H.265 as recorded where the browser decodes it', () => {
    expect(playedVideo(['h264'], withoutHevc)).toBe('as recorded');
    expect(playedVideo([], withoutHevc)).toBe('as recorded');
    expect(playedVideo(['hevc'], withHevc)).toBe('as recorded');
    expect(playedVideo(['h264', 'hevc'], withHev1)).toBe('as recorded');
  });

  it('asks for H.264 copies when the browser cannot decode a codec of the period', () => {
    expect(playedVideo(['hevc'], withoutHevc)).toBe('h264');
    expect(playedVideo(['h264', 'hevc'], withoutHevc)).toBe('h264');
    // A codec no MSE browser decodes (MPEG-4 part 2) is transcoded as well.
    expect(playedVideo(['mpeg4'], withHevc)).toBe('h264');
  });

  it('names the codec it cannot decode, Chinese first', () => {
    expect(undecodableText(['h264', 'hevc'], withoutHevc)).toEqual({
      zh: '该录像为 H.265 编码，本浏览器无法播放',
      en: 'This recording is H.265, which this browser cannot decode',
    });
  });

  it('asks a player for copies and says the codec when they fail, or passes the failure on', () => {
    const hevc = footagePlay(['hevc'], withoutHevc);
    expect(hevc.query).toEqual({ video: 'h264' });
    expect(hevc.failure('视频流中断')).toEqual(undecodableText(['hevc'], withoutHevc));
    const h264 = footagePlay(['h264'], withoutHevc);
    expect(h264.query).toEqual({});
    expect(h264.failure('视频流中断')).toBe('视频流中断');
  });
});

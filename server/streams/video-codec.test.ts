import { describe, expect, it } from 'vitest';
import { firstCodec } from './video-codec';

describe('firstCodec', () => {
  it("reads the first top-level stream of ffprobe's JSON, not the copy it lists under an MPEG-TS program", () => {
    const ts = '{"programs":[{"streams":[{"codec_name":"h264"}]}],"streams":[{"codec_name":"h264"}]}';
    expect(firstCodec(ts)).toBe('h264');
    expect(firstCodec('{"programs":[],"streams":[{"codec_name":"hevc"},{"codec_name":"h264"}]}')).toBe(
      'hevc',
    );
    expect(firstCodec('{"programs":[],"streams":[]}')).toBeNull();
    expect(firstCodec('h264\n\nh264')).toBeNull();
  });
});

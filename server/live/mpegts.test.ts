import { describe, expect, it } from 'vitest';
import { tsStartsAtKeyFrame, tsStreamTypes } from './mpegts';

/** A TS packet of `pid` whose payload starts a section: pointer field 0, then `section`. */
function packet(pid: number, section: number[]): Buffer {
  const bytes = Buffer.alloc(188, 0xff);
  Buffer.from([0x47, 0x40 | (pid >> 8), pid & 0xff, 0x10, 0x00, ...section]).copy(bytes);
  return bytes;
}

/** The first packet of a video PES on PID 0x100, with an adaptation field of `flags`. */
function videoStart(flags: number): Buffer {
  const bytes = Buffer.alloc(188, 0xff);
  Buffer.from([0x47, 0x41, 0x00, 0x30, 0x07, flags, 0, 0, 0, 0, 0, 0, 0x00, 0x00, 0x01, 0xe0]).copy(bytes);
  return bytes;
}

// PAT: program 1 in the PMT of PID 0x1000. PMT: H.264 (0x1b) on PID 0x100, then AAC (0x0f).
const pat = packet(0, [0x00, 0xb0, 0x0d, 0x00, 0x01, 0xc1, 0x00, 0x00, 0x00, 0x01, 0xf0, 0x00, 0, 0, 0, 0]);
const pmt = packet(0x1000, [
  ...[0x02, 0xb0, 0x17, 0x00, 0x01, 0xc1, 0x00, 0x00, 0xe1, 0x00, 0xf0, 0x00],
  ...[0x1b, 0xe1, 0x00, 0xf0, 0x00, 0x0f, 0xe1, 0x01, 0xf0, 0x00],
  ...[0, 0, 0, 0],
]);

describe('tsStreamTypes', () => {
  it("lists the program map's stream types in order", () => {
    expect(tsStreamTypes(Buffer.concat([pat, pmt]))).toEqual([0x1b, 0x0f]);
  });

  it('says nothing of what is not MPEG-TS or holds no program map', () => {
    expect(tsStreamTypes(Buffer.alloc(376, 0x20))).toBeNull();
    expect(tsStreamTypes(pat)).toBeNull();
  });

  it('tells a segment whose video starts with a key frame (the random access indicator) from one that does not', () => {
    expect(tsStartsAtKeyFrame(Buffer.concat([pat, pmt, videoStart(0x50)]))).toBe(true);
    expect(tsStartsAtKeyFrame(Buffer.concat([pat, pmt, videoStart(0x10)]))).toBe(false);
    expect(tsStartsAtKeyFrame(Buffer.concat([pat, pmt]))).toBe(false);
  });
});

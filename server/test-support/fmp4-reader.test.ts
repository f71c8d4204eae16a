import { describe, expect, it } from 'vitest';
import { h264Codec, startsWithKeyFrame } from './fmp4-reader';

const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};
const u32 = (...values: number[]) =>
  Buffer.concat(
    values.map((value) => {
      const bytes = Buffer.alloc(4);
      bytes.writeUInt32BE(value >>> 0);
      return bytes;
    }),
  );
/** A full box's version and flags, then its fields. */
const fullBox = (type: string, flags: number, ...fields: number[]) => box(type, u32(flags), u32(...fields));

const nonSync = 0x01010000;
const sync = 0x02000000;

describe('key frames', () => {
  const moof = (tfhd: Buffer, trun: Buffer) => box('moof', box('mfhd', u32(0, 1)), box('traf', tfhd, trun));

  it("reads the run's first-sample flags before the header's default (ffmpeg's fragments)", () => {
    const tfhd = fullBox('tfhd', 0x020038, 1, 512, 100, nonSync);
    expect(startsWithKeyFrame(moof(tfhd, fullBox('trun', 0x5, 1, 120, sync)))).toBe(true);
    expect(startsWithKeyFrame(moof(tfhd, fullBox('trun', 0x1, 1, 120)))).toBe(false);
  });

  it("reads the first sample's own flags, then the header's default after its optional fields", () => {
    const plainHeader = fullBox('tfhd', 0, 1);
    // data offset, then per sample: duration, size, flags.
    expect(startsWithKeyFrame(moof(plainHeader, fullBox('trun', 0x701, 1, 120, 512, 100, sync)))).toBe(true);
    expect(startsWithKeyFrame(moof(plainHeader, fullBox('trun', 0x701, 1, 120, 512, 100, nonSync)))).toBe(
      false,
    );
    // base data offset (8 bytes), sample description index, default duration, then default flags.
    const withOffsets = fullBox('tfhd', 0x2b, 1, 0, 0, 1, 512, sync);
    expect(startsWithKeyFrame(moof(withOffsets, fullBox('trun', 0x1, 1, 120)))).toBe(true);
    // Nothing said: not a place a player could start.
    expect(startsWithKeyFrame(moof(plainHeader, fullBox('trun', 0x1, 1, 120)))).toBe(false);
  });
});

describe('the codec of the init segment', () => {
  it("names H.264's profile, constraints and level, and nothing for another codec", () => {
    const avcC = box('avcC', Buffer.from([1, 0x64, 0x00, 0x1f, 0xff]));
    expect(h264Codec(box('moov', box('trak', box('avc1', Buffer.alloc(78), avcC))))).toBe('avc1.64001f');
    expect(h264Codec(box('moov', box('trak', box('hvc1', Buffer.alloc(78), box('hvcC')))))).toBeNull();
    expect(h264Codec(box('moov', box('trak', box('mp4v', Buffer.alloc(78), box('esds')))))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { children, firstChild, h264Codec, startsWithKeyFrame } from '../test-support/fmp4-reader';
import { initSegment, mediaFragment, timescale } from './fmp4-muxer';

/** The range of the box at `path` from the top, each step the first child of that type. */
function boxAt(bytes: Buffer, path: readonly string[], start = 0, end = bytes.length): [number, number] {
  const [type, ...rest] = path;
  const found = firstChild(bytes, start, end, type as string);
  if (!found) throw new Error(`no ${String(type)} box`);
  return rest.length === 0 ? [found[1], found[2]] : boxAt(bytes, rest, found[1] + 8, found[2]);
}

// A 320×240 High profile SPS (level 1.3) and a PPS, as x264 writes them.
const sps = Buffer.from('6764000dacd94141fb0110000003001000000303c0f1429960', 'hex');
const pps = Buffer.from('68ebe3cb22c0', 'hex');

describe('the init segment', () => {
  const init = initSegment({ width: 320, height: 240, sps: [sps], pps: [pps] });

  it('is ftyp then moov, a video track of the size given, timed in 90 kHz, fragmented', () => {
    expect([...children(init, 0, init.length)].map(([type]) => type)).toEqual(['ftyp', 'moov']);
    const [tkhd] = boxAt(init, ['moov', 'trak', 'tkhd']);
    expect([init.readUInt32BE(tkhd + 84), init.readUInt32BE(tkhd + 88)]).toEqual([320 << 16, 240 << 16]);
    const [mdhd] = boxAt(init, ['moov', 'trak', 'mdia', 'mdhd']);
    expect(init.readUInt32BE(mdhd + 20)).toBe(timescale);
    const [hdlr] = boxAt(init, ['moov', 'trak', 'mdia', 'hdlr']);
    expect(init.toString('latin1', hdlr + 16, hdlr + 20)).toBe('vide');
    const [trex] = boxAt(init, ['moov', 'mvex', 'trex']);
    expect(init.readUInt32BE(trex + 12)).toBe(1);
  });

  it('describes the stream by its avcC: profile and level, 4-byte lengths, the parameter sets', () => {
    const [stsd, stsdEnd] = boxAt(init, ['moov', 'trak', 'mdia', 'minf', 'stbl', 'stsd']);
    expect(init.readUInt32BE(stsd + 12)).toBe(1);
    // The sample entry's fields, then its avcC.
    const [avc1, avc1End] = boxAt(init, ['avc1'], stsd + 16, stsdEnd);
    expect([init.readUInt16BE(avc1 + 32), init.readUInt16BE(avc1 + 34)]).toEqual([320, 240]);
    const [avcC] = boxAt(init, ['avcC'], avc1 + 86, avc1End);
    const at = avcC + 8;
    expect([...init.subarray(at, at + 6)]).toEqual([1, 0x64, 0x00, 0x0d, 0xff, 0xe1]);
    expect(init.subarray(at + 8, at + 8 + init.readUInt16BE(at + 6))).toEqual(sps);
    const ppsAt = at + 8 + sps.length;
    expect(init[ppsAt]).toBe(1);
    expect(init.subarray(ppsAt + 3, ppsAt + 3 + init.readUInt16BE(ppsAt + 1))).toEqual(pps);
    const [moov, moovEnd] = boxAt(init, ['moov']);
    expect(h264Codec(init.subarray(moov, moovEnd))).toBe('avc1.64000d');
  });
});

describe('a fragment', () => {
  const units = [Buffer.from([0x65, 1, 2, 3]), Buffer.from([0x06, 9])];
  const fragment = (key: boolean, compositionOffset: number) =>
    mediaFragment(7, { decodeTime: 2 ** 33 + 3600, duration: 3600, compositionOffset, key, units });

  it('holds one sample: its decode time, duration, size, flags and signed composition offset', () => {
    const bytes = fragment(true, -3600);
    expect([...children(bytes, 0, bytes.length)].map(([type]) => type)).toEqual(['moof', 'mdat']);
    const [mfhd] = boxAt(bytes, ['moof', 'mfhd']);
    expect(bytes.readUInt32BE(mfhd + 12)).toBe(7);
    const [tfdt] = boxAt(bytes, ['moof', 'traf', 'tfdt']);
    expect(bytes[tfdt + 8]).toBe(1);
    expect(Number(bytes.readBigUInt64BE(tfdt + 12))).toBe(2 ** 33 + 3600);
    const [trun] = boxAt(bytes, ['moof', 'traf', 'trun']);
    expect(bytes[trun + 8]).toBe(1);
    expect(bytes.readUInt32BE(trun + 12)).toBe(1);
    const [mdat, mdatEnd] = boxAt(bytes, ['mdat']);
    // The data offset counts from the moof to the sample, inside the mdat.
    expect(bytes.readInt32BE(trun + 16)).toBe(mdat + 8);
    expect(bytes.readUInt32BE(trun + 20)).toBe(3600);
    expect(bytes.readUInt32BE(trun + 24)).toBe(mdatEnd - mdat - 8);
    expect(bytes.readInt32BE(trun + 32)).toBe(-3600);
    expect(bytes.subarray(mdat + 8, mdatEnd)).toEqual(
      Buffer.from([0, 0, 0, 4, 0x65, 1, 2, 3, 0, 0, 0, 2, 6, 9]),
    );
  });

  it('flags a key frame as a sync sample and any other as none', () => {
    const moofOf = (bytes: Buffer) => bytes.subarray(...boxAt(bytes, ['moof']));
    expect(startsWithKeyFrame(moofOf(fragment(true, 0)))).toBe(true);
    expect(startsWithKeyFrame(moofOf(fragment(false, 0)))).toBe(false);
  });
});

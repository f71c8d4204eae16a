import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { accessUnit, H264Error, nalType, nalTypes, nalUnits, readSps } from './h264-stream';

/** One key frame of ffmpeg's test pattern as raw H.264 (Annex B), with its parameter sets in-band. */
async function encodedFrame(size: string, profile: string): Promise<Buffer> {
  const { stdout } = await promisify(execFile)(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', `testsrc=size=${size}:rate=25`],
      ...['-frames:v', '1', '-c:v', 'libx264', '-profile:v', profile, '-pix_fmt', 'yuv420p'],
      ...['-x264-params', 'aud=1', '-f', 'h264', 'pipe:1'],
    ],
    { encoding: 'buffer' },
  );
  return stdout;
}

describe('H.264 NAL units', () => {
  it('splits at three- and four-byte start codes, leaving the zeros before a start code out', () => {
    const stream = Buffer.from([
      0, 0, 0, 1, 0x67, 1, 2, 0, 0, 1, 0x68, 3, 0, 0, 0, 0, 1, 0x65, 4, 0, 0, 3, 5,
    ]);
    expect(nalUnits(stream)).toEqual([
      Buffer.from([0x67, 1, 2]),
      Buffer.from([0x68, 3]),
      Buffer.from([0x65, 4, 0, 0, 3, 5]),
    ]);
    expect(nalUnits(Buffer.from([1, 2, 3]))).toEqual([]);
  });

  it('reads an access unit: a key frame by its IDR picture, its parameter sets, no delimiter', async () => {
    const unit = accessUnit(await encodedFrame('320x240', 'high'));
    expect(unit.key).toBe(true);
    expect(unit.sps.map(nalType)).toEqual([nalTypes.sps]);
    expect(unit.pps.map(nalType)).toEqual([nalTypes.pps]);
    expect(unit.units.map(nalType)).not.toContain(nalTypes.accessUnitDelimiter);
    expect(unit.units.map(nalType)).toContain(nalTypes.idr);
    const other = accessUnit(Buffer.from([0, 0, 1, 0x09, 0xf0, 0, 0, 1, 0x41, 0x9a]));
    expect(other).toEqual({ units: [Buffer.from([0x41, 0x9a])], key: false, sps: [], pps: [] });
  });
});

describe('the sequence parameter set', () => {
  it("reads the picture's size and the codec string of ffmpeg's own streams, cropping included", async () => {
    const cases = [
      { size: '320x240', profile: 'high', codec: /^avc1\.64..0d$/ },
      // Not a whole number of 16-pixel macroblocks either way: the SPS crops.
      { size: '330x250', profile: 'main', codec: /^avc1\.4d..0d$/ },
      { size: '1920x1080', profile: 'baseline', codec: /^avc1\.42..28$/ },
    ];
    for (const { size, profile, codec } of cases) {
      const [sps] = accessUnit(await encodedFrame(size, profile)).sps;
      const read = readSps(sps as Buffer);
      expect(`${read.width}x${read.height}`).toBe(size);
      expect(read.codec).toMatch(codec);
    }
  });

  it('refuses what is not one, or is cut short', async () => {
    const [sps] = accessUnit(await encodedFrame('320x240', 'high')).sps;
    expect(() => readSps(Buffer.from([0x68, 0xee, 0x3c, 0x80]))).toThrow(H264Error);
    expect(() => readSps((sps as Buffer).subarray(0, 6))).toThrow(/cut short/);
  });
});

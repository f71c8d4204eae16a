import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';
import { firstChild, startsWithKeyFrame } from '../test-support/fmp4-reader';
import { createTsRemuxer } from './ts-remuxer';

const run = promisify(execFile);

/** Two seconds of ffmpeg's 320×240 test pattern at 25 frames a second as MPEG-TS, a key frame each second. */
async function testStream(codec: 'libx264' | 'mpeg4', ...extra: string[]): Promise<Buffer> {
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25'],
      ...['-t', '2', '-c:v', codec, '-g', '25', '-pix_fmt', 'yuv420p', ...extra, '-f', 'mpegts', 'pipe:1'],
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}

/** Remuxes `stream` fed in chunks of `size`, as a pipe gives it. */
function remux(stream: Buffer, size: number) {
  const heard = {
    others: [] as number[],
    mimes: [] as string[],
    init: Buffer.alloc(0) as Buffer,
    fragments: [] as Buffer[],
  };
  const keys: boolean[] = [];
  const push = createTsRemuxer({
    otherCodec: (type) => heard.others.push(type),
    media(mime, init) {
      heard.mimes.push(mime);
      heard.init = init;
    },
    fragment(bytes, key) {
      heard.fragments.push(bytes);
      keys.push(key);
    },
  });
  for (let at = 0; at < stream.length; at += size) push(stream.subarray(at, at + size));
  return { ...heard, keys };
}

/** Each fragment's decode time (tfdt) and composition offset (trun). */
function times(fragment: Buffer) {
  const moof = firstChild(fragment, 0, fragment.length, 'moof') as [string, number, number];
  const traf = firstChild(fragment, moof[1] + 8, moof[2], 'traf') as [string, number, number];
  const tfdt = firstChild(fragment, traf[1] + 8, traf[2], 'tfdt') as [string, number, number];
  const trun = firstChild(fragment, traf[1] + 8, traf[2], 'trun') as [string, number, number];
  return {
    decodeTime: Number(fragment.readBigUInt64BE(tfdt[1] + 12)),
    duration: fragment.readUInt32BE(trun[1] + 20),
    compositionOffset: fragment.readInt32BE(trun[1] + 32),
  };
}

/** What ffprobe reads in the init segment and fragments written one after the other as a file. */
async function probe(init: Buffer, fragments: readonly Buffer[]) {
  const dir = await mkdtemp(join(tmpdir(), 'cfop-remux-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  const file = join(dir, 'live.mp4');
  await writeFile(file, Buffer.concat([init, ...fragments]));
  const { stdout } = await run('ffprobe', [
    ...['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-of', 'json'],
    ...['-show_entries', 'stream=codec_name,width,height,nb_read_frames', file],
  ]);
  return (JSON.parse(stdout) as { streams: Record<string, unknown>[] }).streams;
}

describe('remuxing the relay’s MPEG-TS to fragmented MP4', () => {
  it('gives an init segment and a fragment per frame that ffprobe reads back whole, B-frames included', async () => {
    const stream = await testStream('libx264');
    const { others, mimes, init, fragments, keys } = remux(stream, 1000);
    expect(others).toEqual([]);
    expect(mimes).toEqual([expect.stringMatching(/^video\/mp4; codecs="avc1\.64..0d"$/)]);
    // Every frame but the last, whose end (the next frame's start) never comes.
    expect(fragments).toHaveLength(49);
    expect(keys.flatMap((key, index) => (key ? [index] : []))).toEqual([0, 25]);
    expect(
      fragments.map((fragment) => startsWithKeyFrame(fragment.subarray(0, fragment.readUInt32BE(0)))),
    ).toEqual(keys);
    const timed = fragments.map(times);
    expect(timed.map(({ decodeTime }) => decodeTime)).toEqual(timed.map((_, index) => index * 3600));
    expect(timed.every(({ duration }) => duration === 3600)).toBe(true);
    // x264's B-frames are shown later than decoded.
    expect(timed.some(({ compositionOffset }) => compositionOffset > 3600)).toBe(true);
    expect(await probe(init, fragments)).toEqual([
      { codec_name: 'h264', width: 320, height: 240, nb_read_frames: '49' },
    ]);
  });

  it('starts at the first key frame of a stream joined between two, and keeps time across the 33-bit wrap', async () => {
    // Its clock wraps (2^33 at 90 kHz is 95,443.7 s) 1.6 s in: ffmpeg's MPEG-TS starts at 1.4 s.
    const stream = await testStream('libx264', '-output_ts_offset', '95440.8');
    // Joined at a packet mid-way into the first second: its tables come again within a tenth.
    const joined = stream.subarray(Math.floor(stream.length / 188 / 4) * 188);
    const { fragments, keys } = remux(joined, 4096);
    expect(keys[0]).toBe(true);
    expect(keys.filter(Boolean)).toHaveLength(1);
    expect(fragments).toHaveLength(24);
    const timed = fragments.map(times);
    expect(timed.map(({ decodeTime }) => decodeTime)).toEqual(timed.map((_, index) => index * 3600));
    expect(timed.every(({ duration }) => duration === 3600)).toBe(true);
    // B-frames shown at most a few frames after they are decoded, on either side of the wrap.
    expect(
      timed.every(({ compositionOffset }) => compositionOffset >= 0 && compositionOffset <= 5 * 3600),
    ).toBe(true);
  });

  it('sends a frame whose PES gives its length as soon as it is whole, lasting as the frames before it', async () => {
    // As the relay writes it (live-sessions.ts): every frame of this small picture fits a PES length.
    const stream = await testStream('libx264', '-bf', '0', '-omit_video_pes_length', '0');
    // Fed packet by packet: each frame leaves with its own last packet, the last one too.
    const { fragments, keys } = remux(stream, 188);
    expect(fragments).toHaveLength(50);
    expect(keys.flatMap((key, index) => (key ? [index] : []))).toEqual([0, 25]);
    const timed = fragments.map(times);
    // The first frame lasts the default (25 frames a second, this stream's pace too), the others the pace.
    expect(timed.map(({ decodeTime }) => decodeTime)).toEqual(timed.map((_, index) => index * 3600));
    expect(timed.every(({ duration }) => duration === 3600)).toBe(true);
  });

  it('tells a stream that is not H.264 by its type, and makes nothing of it', async () => {
    const { others, mimes, fragments } = remux(await testStream('mpeg4'), 1000);
    expect(others).toEqual([0x10]);
    expect(mimes).toEqual([]);
    expect(fragments).toEqual([]);
  });
});

import { execFile, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startTestStream, type TestStream } from '../../test-support/test-stream';
import { parseAllowedHosts, systemLookup } from '../streams/stream-address';
import { spawnPiped, type StreamSpawn } from '../streams/stream-process';
import { systemClock, type Clock } from '../kernel/clock';
import { capturedLog, testClock } from '../test-support/test-app';
import { waitUntil } from '../test-support/wait-until';
import { recordingWorld } from '../test-support/recording-test-kit';
import { defaultRecordingSettings, type RecordingSettings } from './recording-settings';
import { createRecordings } from './recordings';
import { everyCamera, type CameraClaims } from './camera-claims';
import { scaled } from '../../test-support/test-timeouts';

let stream: TestStream;
beforeAll(async () => {
  stream = await startTestStream();
});
afterAll(async () => {
  await stream.stop();
});

const iso = (ms: number) => new Date(ms).toISOString();

/** Starts ffmpeg as the recorders do, keeping each command line and process. */
function recordedSpawns() {
  const started: { args: readonly string[]; child: ChildProcess }[] = [];
  const spawn: StreamSpawn = (command, args) => {
    const child = spawnPiped(command, args);
    started.push({ args: [command, ...args], child });
    return child;
  };
  return { spawn, started };
}

type World = Awaited<ReturnType<typeof recordingWorld>>;

/** Recordings of `world`'s data folder reading the loopback test streams, 2-second segments. */
async function startRecordings(
  world: World,
  clock: Clock,
  change: Partial<RecordingSettings> = {},
  claims?: CameraClaims,
) {
  const spawns = recordedSpawns();
  const recordings = await createRecordings({
    ...world,
    clock,
    spoolDir: join(world.dataDir, 'recording-spool'),
    settings: { ...defaultRecordingSettings, segmentSeconds: 2, minFreeBytes: 0, ...change },
    policy: {
      allowed: parseAllowedHosts('127.0.0.1').allowed,
      lookup: systemLookup,
      writeLookupMs: 2000,
    },
    readTimeoutMs: 1000,
    backoff: { firstMs: 200, maxMs: 800 },
    log: Fastify({ logger: capturedLog().logger }).log,
    spawn: spawns.spawn,
    claims,
  });
  onTestFinished(() => recordings.close());
  return { recordings, ...spawns };
}

/** Recordings of a fresh data folder, by the system's clock, with its segments' rows at hand. */
async function recordingsOf(change: Partial<RecordingSettings> = {}) {
  const world = await recordingWorld(systemClock);
  const rows = () =>
    world.db.selectFrom('recording_segments').selectAll().orderBy('started_at').orderBy('id').execute();
  return { ...world, ...(await startRecordings(world, systemClock, change)), rows };
}

/** The codec of the file's first video track (ffprobe lists an MPEG-TS program's streams again after it). */
const ffprobe = async (path: string) =>
  (
    await promisify(execFile)('ffprobe', [
      ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name'],
      ...['-of', 'csv=p=0', path],
    ])
  ).stdout.split('\n')[0];

// Each case runs ffmpeg recorders against a real test stream.
describe('recorders', { timeout: scaled(60_000) }, () => {
  it("place a run's segments by the stream's timestamps: they meet though noticed seconds late", async () => {
    // From the second segment on, every other look at the clock is 3 s later than the truth, as a
    // busy server reads ffmpeg's segment list seconds after it was written (the first look names the run).
    let looks = 0;
    const lateClock: Clock = { now: () => new Date(Date.now() + (looks++ % 2 === 0 ? 3000 : 0)) };
    const world = await recordingWorld(lateClock);
    const { recordings } = await startRecordings(world, lateClock);
    const camera = await world.addCamera(stream.liveUrl, 'continuous');
    await recordings.sync();
    const rows = () =>
      world.db.selectFrom('recording_segments').selectAll().orderBy('started_at').orderBy('id').execute();
    await waitUntil(async () => (await rows()).length >= 5, 'five segments');

    const recorded = (await rows()).filter((row) => row.camera_id === camera).slice(0, 5);
    recorded.slice(1).forEach((row, n) => {
      // Two-second segments of a stream with a key frame each second (the first may be longer),
      // each starting where the one before ended.
      const seconds = (Date.parse(row.ended_at) - Date.parse(row.started_at)) / 1000;
      expect(seconds).toBeGreaterThan(1.5);
      expect(seconds).toBeLessThan(2.6);
      expect(row.started_at).toBe(recorded[n]?.ended_at);
    });
  });

  it('write copied segments, indexed as stored, until the mode is set to off', async () => {
    const world = await recordingsOf();
    const camera = await world.addCamera(stream.liveUrl, 'continuous');
    // An MPEG-4 camera is copied too: recording never encodes, whatever the codec.
    const mpeg4 = await world.addCamera(stream.liveMpeg4Url, 'continuous');
    await world.addCamera(stream.liveUrl, 'off');
    await world.recordings.sync();
    expect(world.recordings.recording()).toEqual([camera, mpeg4]);

    await waitUntil(async () => {
      const rows = await world.rows();
      return [camera, mpeg4].every((id) => rows.filter((row) => row.camera_id === id).length >= 2);
    }, 'two segments of each camera');

    // Every ffmpeg copies; none encodes.
    expect(world.started.length).toBe(2);
    for (const { args } of world.started) {
      expect(args.join(' ')).toContain('-map 0:v:0 -an -c:v copy -f segment');
      expect(args).not.toContain('libx264');
    }
    // Each row names a stored file of its size, holding the camera's own video.
    const rows = await world.rows();
    const stored = new Map((await world.store.list()).map((object) => [object.key, object.bytes]));
    for (const row of rows) {
      expect(stored.get(row.store_key)).toBe(row.bytes);
      expect(row.bytes).toBeGreaterThan(0);
      expect(row.store_key.startsWith(`${row.camera_id}/${row.started_at.slice(0, 10)}/`)).toBe(true);
      expect(Date.parse(row.ended_at)).toBeGreaterThan(Date.parse(row.started_at));
      expect(row.awaiting_alert).toBe(0);
    }
    const first = (id: number) => rows.find((row) => row.camera_id === id)?.store_key as string;
    const path = (key: string) => join(world.dataDir, 'recordings', ...key.split('/'));
    expect(await ffprobe(path(first(camera)))).toBe('h264');
    expect(await ffprobe(path(first(mpeg4)))).toBe('mpeg4');
    // Each row keeps its codec, as ffprobe names it: playback tells browsers what they must decode.
    expect(new Set(rows.filter((row) => row.camera_id === camera).map((row) => row.codec))).toEqual(
      new Set(['h264']),
    );
    expect(new Set(rows.filter((row) => row.camera_id === mpeg4).map((row) => row.codec))).toEqual(
      new Set(['mpeg4']),
    );

    // Off: the recorder stops, its ffmpeg ends, its last segment is stored, nothing more is written.
    await world.db.updateTable('cameras').set({ recording_mode: 'off' }).where('id', '=', camera).execute();
    await world.recordings.sync();
    expect(world.recordings.recording()).toEqual([mpeg4]);
    const recorder = world.started.find(({ args }) => args.includes(stream.liveUrl))?.child as ChildProcess;
    await waitUntil(() => recorder.exitCode !== null || recorder.signalCode !== null, 'the recorder to end');
    expect(world.recordings.state(camera)).toBeNull();
    // The run stores its last segment and clears its spool after its ffmpeg has exited.
    const spool = join(world.dataDir, 'recording-spool', String(camera));
    await waitUntil(() => readdirSync(spool).length === 0, 'the stopped run to clear its spool');

    // Deleted: the same.
    await world.db.deleteFrom('cameras').where('id', '=', mpeg4).execute();
    await world.recordings.sync();
    expect(world.recordings.recording()).toEqual([]);
    expect(world.started.length).toBe(2);
  });

  it('records around alerts only as segments awaiting an alert', async () => {
    const world = await recordingsOf();
    const camera = await world.addCamera(stream.liveUrl, 'alerts');
    await world.recordings.sync();
    await waitUntil(async () => (await world.rows()).length >= 1, 'a segment');
    expect((await world.rows()).map((row) => row.awaiting_alert)).toEqual([1]);
    expect(world.recordings.state(camera)?.running).toBe(true);
  });

  it('never removes the segment being written, however small the quota', async () => {
    const world = await recordingsOf({ quotaBytes: 1 });
    const camera = await world.addCamera(stream.liveUrl, 'continuous');
    await world.recordings.sync();
    await waitUntil(async () => (await world.rows()).length >= 2, 'two segments');

    // ffmpeg numbers its segments: the highest in the spool is the one it writes now.
    const spool = join(world.dataDir, 'recording-spool', String(camera));
    const writing = readdirSync(spool).sort().at(-1) as string;

    const result = await world.recordings.sweep();

    expect(result.removed.quota).toBeGreaterThanOrEqual(2);
    // It was not indexed, so not removed: it is stored once finished.
    await waitUntil(
      async () => (await world.rows()).some((row) => row.store_key.endsWith(`-${writing}`)),
      'the segment that was being written, stored',
    );
    expect(world.recordings.state(camera)?.restarts).toBe(0);
  });

  it('starts again with a doubling back-off while its source is silent, and records once it returns', async () => {
    const world = await recordingsOf();
    const camera = await world.addCamera(stream.liveUrl, 'continuous');
    await world.recordings.sync();
    await waitUntil(async () => (await world.rows()).length >= 1, 'a segment');

    stream.cut();
    try {
      await waitUntil(() => (world.recordings.state(camera)?.restarts ?? 0) >= 3, 'three restarts');
    } finally {
      stream.restore();
    }
    const before = (await world.rows()).length;
    await waitUntil(async () => (await world.rows()).length > before, 'segments after the source returned');

    const state = world.recordings.state(camera);
    // A run that stored segments waits the first step; each failed one after doubles it, up to the most.
    expect(state?.waits.slice(0, 3)).toEqual([200, 400, 800]);
    expect(state?.lastEnd).toBe('timeout');
    expect(world.started.length).toBe((state?.restarts ?? 0) + 1);
  });
});

describe('recordings at start', () => {
  it('remove a stored segment no row names (stored, then the server stopped), keeping indexed ones', async () => {
    const clock = testClock();
    const world = await recordingWorld(clock);
    const camera = await world.addCamera(stream.liveUrl, 'off');
    const now = clock.now().getTime();
    const indexed = await world.addStoredSegment(camera, iso(now - 20_000), iso(now - 10_000), 100);
    const orphan = await world.addStoredSegment(camera, iso(now - 10_000), iso(now), 100);
    await world.db.deleteFrom('recording_segments').where('store_key', '=', orphan).execute();
    expect((await world.store.list()).length).toBe(2);

    await startRecordings(world, clock);

    expect((await world.store.list()).map((object) => object.key)).toEqual([indexed]);
  });

  it('keep a fresh unindexed segment when servers share the storage: its row may be on its way', async () => {
    const clock = testClock();
    const world = await recordingWorld(clock);
    const camera = await world.addCamera(stream.liveUrl, 'off');
    const now = clock.now().getTime();
    const fresh = await world.addStoredSegment(camera, iso(now - 10_000), iso(now), 100);
    await world.db.deleteFrom('recording_segments').where('store_key', '=', fresh).execute();

    await startRecordings(world, clock, {}, everyCamera);

    expect((await world.store.list()).map((object) => object.key)).toEqual([fresh]);
  });
});

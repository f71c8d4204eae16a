import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';
import { clockBits, clockOffBy, clockOfGrey } from '../../test-support/clock-picture';
import { startSteppedCamera, steppedClockBlockPx } from '../../test-support/stepped-camera';
import { scaled } from '../../test-support/test-timeouts';
import type { Clock } from '../kernel/clock';
import { parseAllowedHosts } from '../streams/stream-address';
import { spawnPiped, type StreamSpawn } from '../streams/stream-process';
import { startTestApp, testAdminPassword, withSqlite } from '../test-support/test-app';
import { waitUntil } from '../test-support/wait-until';
import { parseListEntry } from './recorder';

const hourMs = 3_600_000;
const segmentSeconds = 10;

/**
 * A spawn for the recorders that counts the segments their ffmpeg listed, and waits for a count:
 * a count is told only after the recorder's own reader has taken the line (and the clock's time).
 */
function listedSegments() {
  let listed = 0;
  const waiting = new Set<() => void>();
  const spawn: StreamSpawn = (command, args) => {
    const child = spawnPiped(command, args);
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      if (parseListEntry(line) === null) return;
      listed += 1;
      setImmediate(() => waiting.forEach((check) => check()));
    });
    return child;
  };
  const reached = (count: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(check);
        reject(new Error(`ffmpeg listed ${listed} segments, never ${count}`));
      }, scaled(30_000));
      const check = () => {
        if (listed < count) return;
        clearTimeout(timer);
        waiting.delete(check);
        resolve();
      };
      waiting.add(check);
      check();
    });
  return { spawn, reached };
}

/** The time each frame of an MPEG-TS file carries in its picture, in order. */
async function pictureTimes(file: string): Promise<number[]> {
  const width = clockBits * steppedClockBlockPx;
  const { stdout } = await promisify(execFile)(
    'ffmpeg',
    [
      ...['-v', 'error', '-i', file, '-vf', `crop=${width}:${steppedClockBlockPx}:0:0,format=gray`],
      ...['-fps_mode', 'passthrough', '-f', 'rawvideo', 'pipe:1'],
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  const frameBytes = width * steppedClockBlockPx;
  return Array.from({ length: stdout.length / frameBytes }, (_, frame) =>
    clockOfGrey(stdout.subarray(frame * frameBytes), width, steppedClockBlockPx),
  );
}

describe('an hour of a camera recorded', () => {
  it(
    'meets segment to segment to the millisecond, at the times its picture carries',
    { timeout: scaled(240_000) },
    async () => {
      const hourStart = Date.parse('2030-01-01T08:00:00.000Z');
      const camera = await startSteppedCamera(hourMs / 1000, hourStart);
      onTestFinished(() => camera.stop());
      let now = hourStart;
      const clock: Clock = { now: () => new Date(now) };
      const { spawn, reached } = listedSegments();
      const t = await startTestApp({
        clock,
        cameraAllowedHosts: parseAllowedHosts('127.0.0.1').allowed,
        recording: { segmentSeconds, minFreeBytes: 0, spawn },
        // The stream pauses while the test steps it: only a stream lost for good may end the run.
        live: { readTimeoutMs: scaled(60_000) },
      });
      const admin = await t.signIn('admin', testAdminPassword);
      const created = await t.call('createCamera', {
        token: admin,
        body: {
          name: '北门',
          code: 'HOUR-1',
          mainStreamUrl: camera.url,
          vendor: 'hikvision',
          ip: '10.2.0.1',
          recordingMode: 'continuous',
        },
      });
      expect(created.body.success).toBe(true);

      const frameMs = 1000 / camera.frameRate;
      const framesPerSegment = segmentSeconds * camera.frameRate;
      const segments = camera.frames / framesPerSegment;
      // The clock, in whole milliseconds, reads when the newest frame sent was made. ffmpeg cuts a
      // segment at a key frame and lists it once the frame after is whole (its H.264 parser knows a
      // frame ended only when the next one begins): the recorder notices the first segment that
      // frame late, and later ones up to 5 s late, as a busy server does, while more frames come.
      for (let n = 1; n < segments; n += 1) {
        const lateFrames = n === 1 ? 0 : (n * 37) % (5 * camera.frameRate);
        const newest = n * framesPerSegment + 1 + lateFrames;
        now = Math.floor(hourStart + newest * frameMs);
        await camera.sendUntil(newest + 1);
        await reached(n);
      }
      // The camera goes away as the hour ends: its last segment ends with its last frame.
      now = hourStart + hourMs;
      await camera.end();
      await reached(segments);

      type Row = { started_at: string; ended_at: string; store_key: string };
      const rows = () =>
        withSqlite(
          t.dataDir,
          (sqlite) =>
            sqlite
              .prepare('select started_at, ended_at, store_key from recording_segments order by started_at')
              .all() as Row[],
        );
      await waitUntil(() => rows().length === segments, 'the last segment stored');
      const stored = rows().map((row) => ({
        start: Date.parse(row.started_at),
        end: Date.parse(row.ended_at),
        file: join(t.dataDir, 'recordings', ...row.store_key.split('/')),
      }));

      // No gap and no overlap: each starts where the one before ended, the first and last where the hour does.
      const misfits = stored.flatMap((segment, n) => {
        const previousEnd = n === 0 ? null : (stored[n - 1] as (typeof stored)[number]).end;
        const meets = previousEnd === null || segment.start === previousEnd;
        return meets && segment.end > segment.start ? [] : [{ n, ...segment, previousEnd }];
      });
      expect(misfits).toEqual([]);
      expect(Math.abs((stored[0]?.start ?? 0) - hourStart)).toBeLessThanOrEqual(frameMs);
      expect(Math.abs((stored.at(-1)?.end ?? 0) - (hourStart + hourMs))).toBeLessThanOrEqual(frameMs);

      // Every frame of the first, the last and one segment every five minutes carries the time the
      // segment's place says it was made, within a frame.
      const sampled = stored.filter((_, n) => n % 30 === 0 || n === segments - 1);
      for (const segment of sampled) {
        const times = await pictureTimes(segment.file);
        expect(times.length).toBe(framesPerSegment);
        const offBy = times.map((time, frame) => clockOffBy(time, segment.start + frame * frameMs));
        expect(offBy.filter((off) => Math.abs(off) > frameMs)).toEqual([]);
      }
    },
  );
});

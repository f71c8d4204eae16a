import { describe, expect, it } from 'vitest';
import { capturedLog, testClock } from '../test-support/test-app';
import { addAlert, recordingWorld } from '../test-support/recording-test-kit';
import { alertArrivalMs, defaultRecordingSettings, type RecordingSettings } from './recording-settings';
import { sweepRecordings } from './recording-sweep';
import { recordingUsage } from './recording-usage';
import Fastify from 'fastify';

const log = Fastify({ logger: capturedLog().logger }).log;
const iso = (ms: number) => new Date(ms).toISOString();
const second = 1000;

/** Settings where only what a test names bounds anything: no quota, no free-space floor. */
const settings = (change: Partial<RecordingSettings> = {}): RecordingSettings => ({
  ...defaultRecordingSettings,
  minFreeBytes: 0,
  ...change,
});

describe('the recording sweep', () => {
  it('removes segments past the retention, oldest ones only', async () => {
    const clock = testClock();
    const world = await recordingWorld(clock);
    const camera = await world.addCamera('rtsp://10.9.0.1/stream', 'continuous');
    const now = clock.now().getTime();
    const day = 86_400_000;
    // 3 days old, just over 2 days old, 1 day old, just now.
    for (const age of [3 * day, 2 * day + 60 * second, day, 10 * second]) {
      await world.addStoredSegment(camera, iso(now - age), iso(now - age + 10 * second), 1000);
    }
    const before = await world.segmentKeys();

    const result = await sweepRecordings({ ...world, clock, log, settings: settings({ retentionDays: 2 }) });

    expect(result.removed.retention).toBe(2);
    expect(await world.segmentKeys()).toEqual(before.slice(2));
    expect((await world.store.list()).map((stored) => stored.key)).toEqual(before.slice(2));
  });

  it('keeps all recordings within the quota by removing the oldest first', async () => {
    const clock = testClock();
    const world = await recordingWorld(clock);
    const [a, b] = [
      await world.addCamera('rtsp://10.9.0.1/a', 'continuous'),
      await world.addCamera('rtsp://10.9.0.2/b', 'continuous'),
    ];
    const now = clock.now().getTime();
    // Ten segments of 1,000 bytes, the two cameras' interleaved, oldest first.
    for (let n = 0; n < 10; n += 1) {
      const start = now - (10 - n) * 10 * second;
      await world.addStoredSegment(n % 2 === 0 ? a : b, iso(start), iso(start + 10 * second), 1000);
    }
    const before = await world.segmentKeys();

    const result = await sweepRecordings({ ...world, clock, log, settings: settings({ quotaBytes: 6500 }) });

    // 10,000 bytes over a 6,500-byte quota: the four oldest go (6,000 left).
    expect(result.removed.quota).toBe(4);
    expect(await world.segmentKeys()).toEqual(before.slice(4));
    expect((await world.store.list()).length).toBe(6);
  });

  it("removes an alert's footage last under the quota, and records what went and why", async () => {
    const clock = testClock();
    const world = await recordingWorld(clock);
    const camera = await world.addCamera('rtsp://10.9.0.1/stream', 'continuous');
    const now = clock.now().getTime();
    // Six segments of 1,000 bytes; an alert 3 s into the oldest makes it (alone) an alert's footage.
    const starts = Array.from({ length: 6 }, (_, n) => now - (6 - n) * 10 * second);
    const keys = [];
    for (const start of starts) {
      keys.push(await world.addStoredSegment(camera, iso(start), iso(start + 10 * second), 1000));
    }
    await addAlert(world.db, camera, iso((starts[0] as number) + 3 * second));
    const windows = { alertPreSeconds: 5, alertPostSeconds: 5 };

    // 6,000 bytes over a 3,500-byte quota: three go, the oldest others, not the alert's.
    const first = await sweepRecordings({
      ...world,
      clock,
      log,
      settings: settings({ ...windows, quotaBytes: 3500 }),
    });
    expect(first.removed.quota).toBe(3);
    expect(await world.segmentKeys()).toEqual([keys[0], keys[4], keys[5]]);
    expect(first.removals).toEqual([
      {
        cameraId: camera,
        reason: 'quota',
        kind: 'continuous',
        segments: 3,
        bytes: 3000,
        durationMs: 30 * second,
        oldestAt: iso(starts[1] as number),
        newestAt: iso((starts[3] as number) + 10 * second),
      },
    ]);

    // The home page's storage block reads what went.
    const usage = await recordingUsage(world.db, { ...world, settings: settings() }, clock.now());
    expect(usage.removals).toEqual([
      {
        reason: 'quota',
        kind: 'continuous',
        segments: 3,
        bytes: 3000,
        seconds: 30,
        oldestAt: iso(starts[1] as number),
        newestAt: iso((starts[3] as number) + 10 * second),
      },
    ]);

    // Only when nothing else is left does the alert's footage go; the hour's record adds up.
    await sweepRecordings({ ...world, clock, log, settings: settings({ ...windows, quotaBytes: 500 }) });
    expect(await world.segmentKeys()).toEqual([]);
    const recorded = await world.db
      .selectFrom('recording_removals')
      .select(['reason', 'kind', 'segments', 'bytes', 'oldest_at', 'newest_at'])
      .orderBy('kind')
      .execute();
    expect(recorded.map((row) => ({ ...row, bytes: Number(row.bytes) }))).toEqual([
      {
        reason: 'quota',
        kind: 'alert',
        segments: 1,
        bytes: 1000,
        oldest_at: iso(starts[0] as number),
        newest_at: iso((starts[0] as number) + 10 * second),
      },
      {
        reason: 'quota',
        kind: 'continuous',
        segments: 5,
        bytes: 5000,
        oldest_at: iso(starts[1] as number),
        newest_at: iso((starts[5] as number) + 10 * second),
      },
    ]);
  });

  it("keeps an alert's footage for its own retention", async () => {
    const clock = testClock();
    const world = await recordingWorld(clock);
    const camera = await world.addCamera('rtsp://10.9.0.1/stream', 'continuous');
    const other = await world.addCamera('rtsp://10.9.0.2/stream', 'continuous');
    const start = clock.now().getTime() - 3 * 86_400_000;
    const alertFootage = await world.addStoredSegment(camera, iso(start), iso(start + 10 * second), 1000);
    await world.addStoredSegment(other, iso(start), iso(start + 10 * second), 1000);
    await addAlert(world.db, camera, iso(start + 5 * second));

    const result = await sweepRecordings({
      ...world,
      clock,
      log,
      settings: settings({ retentionDays: 2, alertRetentionDays: 5 }),
    });

    expect(result.removals.map(({ reason, kind, segments }) => ({ reason, kind, segments }))).toEqual([
      { reason: 'retention', kind: 'continuous', segments: 1 },
    ]);
    expect(await world.segmentKeys()).toEqual([alertFootage]);
  });

  it('removes the oldest while the disk has less free than its floor, and says when none is left', async () => {
    const clock = testClock();
    const world = await recordingWorld(clock);
    const camera = await world.addCamera('rtsp://10.9.0.1/stream', 'continuous');
    const now = clock.now().getTime();
    await world.addStoredSegment(camera, iso(now - 20 * second), iso(now - 10 * second), 1000);
    await world.addStoredSegment(camera, iso(now - 10 * second), iso(now), 1000);
    // More free space than any disk has: everything goes and recording must pause.
    const result = await sweepRecordings({
      ...world,
      clock,
      log,
      settings: settings({ minFreeBytes: 2 ** 60 }),
    });

    expect(result.removed.disk).toBe(2);
    expect(result.diskLow).toBe(true);
    expect(await world.segmentKeys()).toEqual([]);
  });

  it('keeps segments recorded around alerts only when an alert is near, and decides none too early', async () => {
    const clock = testClock();
    const world = await recordingWorld(clock);
    const camera = await world.addCamera('rtsp://10.9.0.1/stream', 'alerts');
    const other = await world.addCamera('rtsp://10.9.0.2/stream', 'alerts');
    const alertAt = clock.now().getTime();
    // Segments of 10 s from 2 minutes before the alert to 2 minutes after.
    const starts = Array.from({ length: 24 }, (_, n) => alertAt - 120 * second + n * 10 * second);
    for (const start of starts) {
      await world.addStoredSegment(camera, iso(start), iso(start + 10 * second), 1000, 1);
    }
    // Another camera's alert at the same time keeps nothing of this one.
    await addAlert(world.db, other, iso(alertAt));
    await addAlert(world.db, camera, iso(alertAt));
    const aroundAlert = settings({ alertPreSeconds: 30, alertPostSeconds: 20 });

    // At the alert's time: the segments near it are kept at once; of the others, only those no
    // alert can keep any more go (ended over 30 s + the alert's way to the server ago), the rest wait.
    const early = await sweepRecordings({ ...world, clock, log, settings: aroundAlert });
    const near = (start: number) =>
      start + 10 * second > alertAt - 30 * second && start < alertAt + 20 * second;
    const pastChance = (start: number) => start + 10 * second + 30 * second + alertArrivalMs <= alertAt;
    expect(early.keptForAlerts).toBe(starts.filter(near).length);
    expect(early.removed.noAlert).toBe(starts.filter(pastChance).length);
    expect(starts.filter(pastChance).length).toBe(3);

    // Once no alert can arrive any more for the last segment, every one not kept has gone.
    clock.advance(120 * second + 30 * second + alertArrivalMs);
    const late = await sweepRecordings({ ...world, clock, log, settings: aroundAlert });
    expect(early.removed.noAlert + late.removed.noAlert).toBe(starts.filter((start) => !near(start)).length);
    const kept = await world.db
      .selectFrom('recording_segments')
      .select(['started_at', 'awaiting_alert'])
      .orderBy('started_at')
      .execute();
    expect(kept).toEqual(starts.filter(near).map((start) => ({ started_at: iso(start), awaiting_alert: 0 })));
    // [alert - 30 s, alert + 20 s] overlaps the segments starting from 30 s before to 10 s after it.
    expect(kept.length).toBe(5);
  });

  it("removes a deleted camera's segments with their files", async () => {
    const clock = testClock();
    const world = await recordingWorld(clock);
    const kept = await world.addCamera('rtsp://10.9.0.1/stream', 'continuous');
    const deleted = await world.addCamera('rtsp://10.9.0.2/stream', 'continuous');
    const now = clock.now().getTime();
    const keptKey = await world.addStoredSegment(kept, iso(now - 10 * second), iso(now), 1000);
    await world.addStoredSegment(deleted, iso(now - 10 * second), iso(now), 1000);
    await world.db.deleteFrom('cameras').where('id', '=', deleted).execute();

    const result = await sweepRecordings({ ...world, clock, log, settings: settings() });

    expect(result.removed.deletedCamera).toBe(1);
    expect(await world.segmentKeys()).toEqual([keptKey]);
    expect((await world.store.list()).map((stored) => stored.key)).toEqual([keptKey]);
  });
});

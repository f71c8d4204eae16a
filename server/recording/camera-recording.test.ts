import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStream, type TestStream } from '../../test-support/test-stream';
import { parseAllowedHosts } from '../cameras/stream-address';
import { spawnPiped, type StreamSpawn } from '../cameras/stream-process';
import {
  expectContractAnswer,
  fieldMessages,
  snapshotRows,
  startTestApp,
  testAdminPassword,
  withSqlite,
} from '../test-support/test-app';

let stream: TestStream;
beforeAll(async () => {
  stream = await startTestStream();
});
afterAll(async () => {
  await stream.stop();
});

const camera = (change: Record<string, unknown> = {}) => ({
  name: '北门',
  code: 'REC-1',
  mainStreamUrl: stream.liveUrl,
  vendor: 'hikvision',
  ip: '10.2.0.1',
  ...change,
});

async function waitFor(check: () => boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** An app whose recorders' ffmpeg are kept, reading the loopback test stream; and its administrator. */
async function recordingApp() {
  const recorders: ChildProcess[] = [];
  const spawn: StreamSpawn = (command, args) => {
    const child = spawnPiped(command, args);
    recorders.push(child);
    return child;
  };
  const t = await startTestApp({
    cameraAllowedHosts: parseAllowedHosts('127.0.0.1').allowed,
    recording: { segmentSeconds: 2, minFreeBytes: 0, spawn },
  });
  const admin = await t.signIn('admin', testAdminPassword);
  const running = () => recorders.filter((child) => child.exitCode === null && child.signalCode === null);
  return { t, admin, recorders, running };
}

describe('recording a camera', () => {
  it('starts when its mode is set and stops when it is set to off', async () => {
    const { t, admin, running } = await recordingApp();
    const created = await t.call('createCamera', {
      token: admin,
      body: camera({ recordingMode: 'continuous' }),
    });
    expect(created.body.success).toBe(true);
    expect(created.body.data).toMatchObject({ recordingMode: 'continuous', recordingMb: 0 });
    expectContractAnswer('createCamera', created.body);
    await waitFor(() => running().length === 1, 'the recorder');

    const { id } = created.body.data as { id: number };
    const off = await t.call('updateCamera', {
      token: admin,
      params: { id },
      body: camera({ recordingMode: 'off' }),
    });
    expect(off.body.data).toMatchObject({ recordingMode: 'off' });
    await waitFor(() => running().length === 0, 'the recorder to stop');
  });

  it("shows each camera's recorded megabytes, and off for a camera saved without a mode", async () => {
    const { t, admin } = await recordingApp();
    const created = await t.call('createCamera', { token: admin, body: camera() });
    const { id } = created.body.data as { id: number };
    expect(created.body.data).toMatchObject({ recordingMode: 'off', recordingMb: 0 });
    withSqlite(t.dataDir, (sqlite) => {
      const insert = sqlite.prepare(
        `insert into recording_segments (camera_id, started_at, ended_at, bytes, store_key, run)
         values (?, ?, ?, ?, ?, 'r')`,
      );
      insert.run(id, '2030-01-01T07:00:00.000Z', '2030-01-01T07:00:10.000Z', 2_000_000, `${id}/a.ts`);
      insert.run(id, '2030-01-01T07:00:10.000Z', '2030-01-01T07:00:20.000Z', 460_000, `${id}/b.ts`);
    });

    const list = await t.call('listCameras', { token: admin });
    expectContractAnswer('listCameras', list.body);
    expect(list.body.data.items).toEqual([expect.objectContaining({ id, recordingMb: 2.5 })]);
    const one = await t.call('getCamera', { token: admin, params: { id } });
    expect(one.body.data).toMatchObject({ recordingMb: 2.5 });
  });

  it('refuses an unknown mode with a 400 naming it, writing nothing and starting nothing', async () => {
    const { t, admin, recorders } = await recordingApp();
    const before = snapshotRows(t.dataDir);
    const bad = await t.call('createCamera', { token: admin, body: camera({ recordingMode: 'sometimes' }) });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, code: '400' });
    expect(Object.keys(fieldMessages(bad.body))).toEqual(['recordingMode']);
    expect(snapshotRows(t.dataDir)).toEqual(before);

    const created = await t.call('createCamera', { token: admin, body: camera() });
    const { id } = created.body.data as { id: number };
    const written = snapshotRows(t.dataDir);
    const badUpdate = await t.call('updateCamera', {
      token: admin,
      params: { id },
      body: camera({ recordingMode: 'always', name: '南门' }),
    });
    expect(badUpdate.status).toBe(400);
    expect(Object.keys(fieldMessages(badUpdate.body))).toEqual(['recordingMode']);

    expect(snapshotRows(t.dataDir)).toEqual(written);
    expect(recorders).toEqual([]);
  });
});

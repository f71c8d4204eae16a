import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStream, type TestStream } from '../../test-support/test-stream';
import { parseAllowedHosts } from '../streams/stream-address';
import { systemClock } from '../kernel/clock';
import { openTestDatabase } from '../test-support/test-database';
import {
  addRole,
  addUser,
  sendRequest,
  fieldMessages,
  snapshotRows,
  startTestApp,
  testAdminPassword,
  withSqlite,
} from '../test-support/test-app';
import { waitUntil } from '../test-support/wait-until';
import { addAlert, keptRecorders } from '../test-support/recording-test-kit';

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

/** An app whose recorders' ffmpeg are kept, reading the loopback test stream; and its administrator. */
async function recordingApp(options: Parameters<typeof startTestApp>[0] = {}) {
  const { recorders, spawn, running } = keptRecorders();
  const t = await startTestApp({
    cameraAllowedHosts: parseAllowedHosts('127.0.0.1').allowed,
    recording: { segmentSeconds: 2, minFreeBytes: 0, spawn },
    ...options,
  });
  const admin = await t.signIn('admin', testAdminPassword);
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
    await waitUntil(() => running().length === 1, 'the recorder');

    const { id } = created.body.data as { id: number };
    const off = await t.call('updateCamera', {
      token: admin,
      params: { id },
      body: camera({ recordingMode: 'off' }),
    });
    expect(off.body.data).toMatchObject({ recordingMode: 'off' });
    await waitUntil(() => running().length === 0, 'the recorder to stop');
  });

  it('records the main stream of a camera that has a sub stream too', async () => {
    const { t, admin, running } = await recordingApp();
    const body = camera({ recordingMode: 'continuous', subStreamUrl: stream.liveMpeg4Url });
    const created = await t.call('createCamera', { token: admin, body });
    expect(created.body.success).toBe(true);
    await waitUntil(() => running().length === 1, 'the recorder');
    const [recorder] = running();
    expect(recorder?.spawnargs).toContain(stream.liveUrl);
    expect(recorder?.spawnargs.join(' ')).not.toContain(stream.liveMpeg4Url);
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

  it('plays back from a VOD playlist of the recorded segments, fetched with the session headers', async () => {
    const { t, admin } = await recordingApp({ clock: systemClock });
    const created = await t.call('createCamera', {
      token: admin,
      body: camera({ recordingMode: 'continuous' }),
    });
    const { id } = created.body.data as { id: number };
    const other = await t.call('createCamera', { token: admin, body: camera({ code: 'REC-2' }) });
    await addRole(t.dataDir, 'playback', ['KEY.CENTER', 'KEY.CENTER.PLAYBACK']);
    await addUser(t.dataDir, { username: 'watcher', password: 'Watcher-2024', roles: ['playback'] });
    const token = await t.signIn('watcher', 'Watcher-2024');
    type Row = { id: number; started_at: string; ended_at: string; bytes: number };
    const rows = () =>
      withSqlite(t.dataDir, (sqlite) =>
        sqlite.prepare('select id, started_at, ended_at, bytes from recording_segments order by id').all(),
      ) as Row[];
    await waitUntil(() => rows().length >= 2, 'two recorded segments');
    const recorded = rows();
    const first = recorded[0] as Row;
    const period = {
      from: new Date(Date.parse(first.started_at) - 60_000).toISOString(),
      to: new Date(Date.now() + 60_000).toISOString(),
    };
    const db = await openTestDatabase(t.dataDir);
    const alertAt = new Date(Date.parse(first.started_at) + 500).toISOString();
    await addAlert(db, id, alertAt);
    await db.destroy();

    // The playback key alone chooses among the cameras, without the live video's key.
    const cameras = await t.call('listRecordingCameras', { token });
    expect(cameras.body.data.items.map((camera: { id: number }) => camera.id)).toEqual(
      expect.arrayContaining([id, (other.body.data as { id: number }).id]),
    );
    expect((await t.call('listLiveCameras', { token })).status).toBe(403);
    // What the recordings take, for the home page's storage block.
    const usage = await t.call('getRecordingUsage', { token });
    const counted = rows().filter((row) => row.id <= (recorded.at(-1) as Row).id);
    expect(usage.body.data.segments).toBeGreaterThanOrEqual(counted.length);
    expect(usage.body.data.bytes).toBeGreaterThanOrEqual(counted.reduce((sum, row) => sum + row.bytes, 0));
    expect(usage.body.data).toMatchObject({ oldestAt: first.started_at, quotaBytes: null, paused: false });
    expect(usage.body.data.freeBytes).toBeGreaterThan(0);

    const timeline = await t.call('getRecordingTimeline', { token, params: { id }, query: period });
    // One recorder run, segments one after the other: one span.
    expect(timeline.body.data.spans).toEqual([{ start: first.started_at, end: expect.any(String) }]);
    expect(timeline.body.data.spans[0].end >= (recorded[1] as Row).ended_at).toBe(true);
    expect(timeline.body.data.alerts).toEqual([
      { id: expect.any(Number), occurredAt: alertAt, level: 'high', label: '未戴安全帽' },
    ]);

    const path = `/cfop/recordings/cameras/${id}/index.m3u8?from=${period.from}&to=${period.to}`;
    const playlist = await sendRequest(t.app, 'GET', path, { token });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    const lines = playlist.body.split('\n');
    expect(lines.slice(0, 3)).toEqual(['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-PLAYLIST-TYPE:VOD']);
    expect(lines).toContain('#EXT-X-ENDLIST');
    expect(lines.filter((line) => line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')).slice(0, 2)).toEqual(
      recorded.slice(0, 2).map((row) => `#EXT-X-PROGRAM-DATE-TIME:${row.started_at}`),
    );
    expect(playlist.body).not.toContain('DISCONTINUITY');
    expect(playlist.body).not.toContain(token);
    const uris = lines.filter((line) => line !== '' && !line.startsWith('#'));
    expect(uris.slice(0, 2)).toEqual(recorded.slice(0, 2).map((row) => `segments/${row.id}.ts`));

    // Each relative URI, resolved against the playlist's, answers the stored MPEG-TS.
    for (const row of recorded.slice(0, 2)) {
      const url = new URL(`segments/${row.id}.ts`, `http://console.test${path}`).pathname;
      const segment = await sendRequest(t.app, 'GET', url, { token });
      expect(segment.statusCode).toBe(200);
      expect(segment.headers['content-type']).toBe('video/mp2t');
      expect(segment.rawPayload.length).toBe(row.bytes);
      expect(segment.rawPayload[0]).toBe(0x47);
    }
    // Not without a session; not as another camera's segment.
    const anonymous = await sendRequest(
      t.app,
      'GET',
      `/cfop/recordings/cameras/${id}/segments/${first.id}.ts`,
    );
    expect(anonymous.statusCode).toBe(401);
    const otherId = (other.body.data as { id: number }).id;
    const elsewhere = await sendRequest(
      t.app,
      'GET',
      `/cfop/recordings/cameras/${otherId}/segments/${first.id}.ts`,
      { token },
    );
    expect(elsewhere.statusCode).toBe(404);
    const none = await t.call('getRecordingPlaylist', { token, params: { id: otherId }, query: period });
    expect(none.body).toMatchObject({ success: false, code: '404' });
  });

  it('refuses a period that is reversed, too long or missing with a 400 naming it', async () => {
    const { t, admin } = await recordingApp();
    const created = await t.call('createCamera', { token: admin, body: camera() });
    const { id } = created.body.data as { id: number };
    const ask = (query: Record<string, string>) =>
      t.call('getRecordingTimeline', { token: admin, params: { id }, query });
    const reversed = await ask({ from: '2030-01-02T00:00:00Z', to: '2030-01-01T00:00:00Z' });
    expect(reversed.status).toBe(400);
    expect(Object.keys(fieldMessages(reversed.body))).toEqual(['query.to']);
    const long = await t.call('getRecordingPlaylist', {
      token: admin,
      params: { id },
      query: { from: '2030-01-01T00:00:00Z', to: '2030-01-03T00:00:01Z' },
    });
    expect(long.status).toBe(400);
    expect(fieldMessages(long.body)['query.to']).toContain('48');
    const missing = await ask({ from: '2030-01-01T00:00:00Z' });
    expect(missing.status).toBe(400);
    const badTime = await ask({ from: 'yesterday', to: '2030-01-01T00:00:00Z' });
    expect(badTime.status).toBe(400);
  });
});

import { once } from 'node:events';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { startTestStream, type TestStream } from '../../test-support/test-stream';
import { parseAllowedHosts } from '../streams/stream-address';
import { knownTestDatabaseUrl, openTestDatabase, testOnPostgres } from '../test-support/test-database';
import { startTestApp, testAdminPassword } from '../test-support/test-app';
import { waitUntil } from '../test-support/wait-until';
import { keptRecorders } from '../test-support/recording-test-kit';
import { scaled } from '../../test-support/test-timeouts';

let stream: TestStream;
beforeAll(async () => {
  stream = await startTestStream();
});
afterAll(async () => {
  await stream.stop();
});

/**
 * A server recording 2-second segments of the loopback test stream, resyncing every `syncEveryMs`
 * (and once at start); its recorders kept.
 */
async function recordingServer(databaseUrl?: string, syncEveryMs = 200) {
  const { recorders, spawn, running } = keptRecorders();
  const t = await startTestApp({
    databaseUrl,
    cameraAllowedHosts: parseAllowedHosts('127.0.0.1').allowed,
    recording: { segmentSeconds: 2, minFreeBytes: 0, spawn, syncEveryMs },
  });
  return { t, recorders, running };
}

// One server alone (SQLite) records every camera, as the recording tests show.
describe.runIf(testOnPostgres)('recording with two servers on one PostgreSQL database', () => {
  it(
    'records a camera on one server only, and the other takes it on once that one closes',
    async () => {
      const first = await recordingServer();
      const admin = await first.t.signIn('admin', testAdminPassword);
      const created = await first.t.call('createCamera', {
        token: admin,
        body: {
          name: '北门',
          code: 'REC-1',
          mainStreamUrl: stream.liveUrl,
          vendor: 'hikvision',
          ip: '10.2.0.1',
          recordingMode: 'continuous',
        },
      });
      expect(created.body.success).toBe(true);
      await waitUntil(() => first.running().length === 1, "the first server's recorder");

      // The second server syncs once at start and then not for ten minutes: only the first one's
      // notice on closing can make it take the camera within the test.
      const second = await recordingServer(knownTestDatabaseUrl(first.t.dataDir), 600_000);
      const db = await openTestDatabase(first.t.dataDir);
      onTestFinished(() => db.destroy());
      const segments = async () =>
        Number(
          (
            await db
              .selectFrom('recording_segments')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      // Two segments more: the second server's sync at start, with the camera claimed, took nothing.
      const before = await segments();
      await waitUntil(async () => (await segments()) >= before + 2, 'two more segments');
      expect(second.recorders).toHaveLength(0);
      expect(first.running()).toHaveLength(1);

      // The first server closes while a client is still sending it a request: its camera goes to the
      // second server without waiting for that request to end, nor for the second one's next sync.
      await first.t.app.listen({ port: 0, host: '127.0.0.1' });
      const client = connect((first.t.app.server.address() as AddressInfo).port, '127.0.0.1');
      await once(client, 'connect');
      client.write('GET /cfop/user/info HTTP/1.1\r\nHost: console\r\n');
      const closing = first.t.app.close();
      await waitUntil(() => second.running().length === 1, "the second server's recorder");
      client.destroy();
      await closing;
      expect(first.running()).toHaveLength(0);
      const handedOver = await segments();
      await waitUntil(async () => (await segments()) > handedOver, 'a segment recorded by the second server');
      expect(second.recorders).toHaveLength(1);
      // Two servers' start, ffmpeg runs and a hand-over: room for a loaded machine, not a measure.
    },
    scaled(120_000),
  );
});

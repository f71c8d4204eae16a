import { describe, expect, it, onTestFinished } from 'vitest';
import type { AppContext } from '../app-context';
import { alertWorld, testAlertHooks } from '../test-support/alert-world';
import { jpegBytes, multipartFile, pngBytes } from '../test-support/multipart';
import { clientHeaders, fieldMessages, snapshotRows, tokenHeader } from '../test-support/test-app';
import { openTestDatabase } from '../test-support/test-database';
import { defaultIngestLimits } from './ingest-limits';
import { storeAlert } from './reported-alerts';

describe('a reported alert', () => {
  it('is refused as an unknown key when its AI server was deleted after its call was authenticated', async () => {
    const world = await alertWorld();
    const report = world.report();
    const db = await openTestDatabase(world.t.dataDir);
    onTestFinished(() => db.destroy());
    const ctx = {
      db,
      clock: world.t.clock,
      ingest: defaultIngestLimits,
      alertHooks: testAlertHooks,
    } as unknown as AppContext;
    // The call authenticated the AI server; it is deleted (its cameras first) before its batch
    // writes the report.
    const caller = { id: world.serverId, name: 'AI-1' };
    for (const camera of world.cameras) {
      const gone = await world.t.call('deleteCamera', { token: world.token, params: { id: camera.id } });
      expect(gone.status).toBe(200);
    }
    const deleted = await world.t.call('deleteAiServer', {
      token: world.token,
      params: { id: world.serverId },
    });
    expect(deleted.status).toBe(200);
    await expect(storeAlert(ctx, caller, report as Parameters<typeof storeAlert>[2])).rejects.toMatchObject({
      httpStatus: 401,
    });
    expect(await db.selectFrom('alerts').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('ingest_quotas').select('kind').execute()).toEqual([]);
  });
});

type World = Awaited<ReturnType<typeof alertWorld>>;

/** Uploads a staff photo as the signed-in administrator; answers its file id. */
async function staffPhotoOf({ t, token }: World): Promise<number> {
  const { payload, headers } = multipartFile(pngBytes, { fileName: 'photo.png', contentType: 'image/png' });
  const answer = await t.app.inject({
    method: 'POST',
    url: '/cfop/files/staff-photos',
    headers: { ...clientHeaders, [tokenHeader]: token, ...headers },
    payload,
  });
  return (answer.json() as { data: { id: number } }).data.id;
}

describe('the snapshot an alert names', () => {
  it('is refused unless its own AI server uploaded it, and the refused report stores nothing', async () => {
    const world = await alertWorld();
    const { t, foreign, otherKey } = world;
    const staffPhoto = await staffPhotoOf(world);
    // The second server reports on its own camera, naming files it did not upload.
    const asOther = (snapshotId: number) =>
      world.ingest(
        'ingestAlert',
        { body: world.report({ cameraId: foreign.id, taskId: foreign.taskId, snapshotId }) },
        otherKey,
      );
    const before = snapshotRows(t.dataDir);
    for (const id of [world.snapshotId, staffPhoto, 999]) {
      const refused = await asOther(id);
      expect(refused.status).toBe(400);
      expect(fieldMessages(refused.body)).toEqual({ snapshotId: `文件 ${id} 不是本AI服务器上传的快照` });
    }
    expect(snapshotRows(t.dataDir)).toEqual(before);
    const own = await world.uploadSnapshot(jpegBytes, otherKey);
    expect((await asOther(own)).status).toBe(200);
    const back = await world.ingest('ingestAlert', { body: world.report({ snapshotId: own }) });
    expect(fieldMessages(back.body)).toEqual({ snapshotId: `文件 ${own} 不是本AI服务器上传的快照` });
  });

  it('is checked report by report in a batch: the others of the batch are stored', async () => {
    const world = await alertWorld();
    const theirs = await world.uploadSnapshot(jpegBytes, world.otherKey);
    const named = [world.snapshotId, theirs, world.snapshotId, theirs, world.snapshotId];
    const answers = await Promise.all(
      named.map((snapshotId) => world.ingest('ingestAlert', { body: world.report({ snapshotId }) })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 400, 200, 400, 200]);
    const db = await openTestDatabase(world.t.dataDir);
    onTestFinished(() => db.destroy());
    const stored = await db.selectFrom('alerts').select('snapshot_file_id').execute();
    expect(stored.map((row) => row.snapshot_file_id)).toEqual(Array(3).fill(world.snapshotId));
  });
});

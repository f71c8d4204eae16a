import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test-support/test-database';
import { alertWorld, testAlertHooks } from '../test-support/alert-world';
import { jpegBytes, multipartFile, pngBytes } from '../test-support/multipart';
import { clientHeaders, operationLog, snapshotRows, tokenHeader } from '../test-support/test-app';
import { removeExpiredAlerts } from './alert-tasks';
import { createFolderStorage } from '../storage/folder-storage';

const secret = Buffer.from('a test key for snapshot links, 32+ bytes long');
const hours = 72;

/** A link as the server should sign it, computed apart from the code under test. */
function link(fileId: number, expires: number, signedId = fileId): string {
  const signature = createHmac('sha256', secret)
    .update(`alert-snapshot\n${signedId}\n${expires}`)
    .digest('base64url');
  return `/cfop/shared/alert-snapshots/${fileId}?expires=${expires}&signature=${signature}`;
}

async function world() {
  const w = await alertWorld({ snapshotLinks: { secret, hours } });
  const alert = await w.raise();
  const now = Math.floor(w.t.clock.now().getTime() / 1000);
  /** Opened as a phone's browser does: no session, no console headers. */
  const open = (url: string) => w.t.app.inject({ method: 'GET', url });
  return { ...w, alert, expires: now + hours * 3600, open };
}

describe('signed snapshot links', () => {
  it('serve the snapshot without a session, cached privately until they expire', async () => {
    const { open, snapshotId, expires } = await world();
    const answer = await open(link(snapshotId, expires));
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.equals(jpegBytes)).toBe(true);
    expect(answer.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'cache-control': `private, max-age=${hours * 3600}`,
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    });
    expect(answer.headers['content-disposition']).toMatch(/^inline;/);
  });

  it('refuse a changed, moved, expired or malformed link, and write nothing', async () => {
    const { t, open, snapshotId, expires, uploadSnapshot } = await world();
    const good = link(snapshotId, expires);
    const logBefore = operationLog(t.dataDir);

    const signature = new URL(good, 'http://x').searchParams.get('signature') ?? '';
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const otherSnapshot = await uploadSnapshot();
    const afterUpload = snapshotRows(t.dataDir);
    const refusals = {
      changed: await open(good.replace(signature, flipped)),
      otherFile: await open(link(otherSnapshot, expires, snapshotId)),
      laterExpiry: await open(
        link(snapshotId, expires + 3600).replace(/signature=.*/, `signature=${signature}`),
      ),
      malformedSignature: await open(
        `/cfop/shared/alert-snapshots/${snapshotId}?expires=${expires}&signature=abc`,
      ),
      malformedExpiry: await open(
        `/cfop/shared/alert-snapshots/${snapshotId}?expires=soon&signature=${signature}`,
      ),
      noSignature: await open(`/cfop/shared/alert-snapshots/${snapshotId}?expires=${expires}`),
    };
    expect(Object.fromEntries(Object.entries(refusals).map(([name, r]) => [name, r.statusCode]))).toEqual({
      changed: 403,
      otherFile: 403,
      laterExpiry: 403,
      malformedSignature: 400,
      malformedExpiry: 400,
      noSignature: 400,
    });
    expect(refusals.changed.json()).toMatchObject({
      success: false,
      code: '403',
      msg: '快照链接无效（签名不符）',
    });
    expect(refusals.malformedSignature.json()).toMatchObject({ success: false, code: '400' });

    // A second before it expires the link still opens; at its expiry it is refused.
    t.clock.advance(hours * 3_600_000 - 1000);
    expect((await open(good)).headers['cache-control']).toBe('private, max-age=1');
    t.clock.advance(1000);
    const expired = await open(good);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ code: '403', msg: '快照链接已过期，请登录控制台查看该告警' });
    const english = await t.app.inject({ method: 'GET', url: good, headers: { 'accept-language': 'en-US' } });
    expect(english.json().msg).toBe('The snapshot link has expired; sign in to the console to see the alert');

    // Nothing was written by any of them (the upload in between aside), not even the operation log.
    expect(snapshotRows(t.dataDir)).toEqual(afterUpload);
    expect(operationLog(t.dataDir)).toEqual(logBefore);
  });

  it('serve alert snapshots only, and none that retention removed', async () => {
    const { t, token, open, expires, uploadSnapshot, raise } = await world();
    // A staff photo, with a link signed for its id as if it were a snapshot.
    const { payload, headers } = multipartFile(pngBytes, { fileName: 'face.png' });
    const photo = await t.app.inject({
      method: 'POST',
      url: '/cfop/files/staff-photos',
      headers: { ...clientHeaders, [tokenHeader]: token, ...headers },
      payload,
    });
    const photoId = (photo.json() as { data: { id: number } }).data.id;
    const notSnapshot = await open(link(photoId, expires));
    expect(notSnapshot.statusCode).toBe(404);
    expect(notSnapshot.json()).toMatchObject({ success: false, code: '404' });

    // An alert with its own snapshot, removed by a one-day retention while its link still lasts.
    const own = await uploadSnapshot();
    await raise({ snapshotId: own });
    const ownLink = link(own, expires);
    expect((await open(ownLink)).statusCode).toBe(200);
    t.clock.advance(25 * 3_600_000);
    const db = await openTestDatabase(t.dataDir);
    try {
      await removeExpiredAlerts(
        { db, clock: t.clock, storage: createFolderStorage(t.dataDir), alertHooks: testAlertHooks },
        1,
      );
    } finally {
      await db.destroy();
    }
    const gone = await open(ownLink);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ success: false, code: '404' });
  });
});

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  clientHeaders,
  startTestApp,
  tempDir,
  testAdminPassword,
  tokenHeader,
  type TestApp,
} from '../test-support/test-app';
import { multipartFile, pngBytes } from '../test-support/multipart';
import { knownTestDatabaseUrl, testOnPostgres } from '../test-support/test-database';

function upload(t: TestApp, token: string, path: string, bytes: Buffer) {
  const { payload, headers } = multipartFile(bytes, { fileName: 'file.bin' });
  return t.app.inject({
    method: 'POST',
    url: `/cfop/files/${path}`,
    headers: { ...clientHeaders, [tokenHeader]: token, ...headers },
    payload,
  });
}

function get(t: TestApp, token: string, path: string) {
  return t.app.inject({
    method: 'GET',
    url: `/cfop/files/${path}`,
    headers: { ...clientHeaders, [tokenHeader]: token },
  });
}

describe('stored files in STORAGE_DIR', () => {
  it('go to the storage folder, not the data folder, whether received in memory or streamed', async () => {
    const storageDir = tempDir();
    const t = await startTestApp({ storageDir });
    const token = await t.signIn('admin', testAdminPassword);
    const model = Buffer.from('\x08\x07\x12\x07model bytes');
    const photo = (await upload(t, token, 'staff-photos', pngBytes)).json().data as { id: number };
    const file = (await upload(t, token, 'model-files', model)).json().data as { id: number };

    expect(readFileSync(join(storageDir, 'files', String(photo.id)))).toEqual(pngBytes);
    expect(readFileSync(join(storageDir, 'files', String(file.id)))).toEqual(model);
    // The streamed upload passed through the storage's own incoming folder, and left nothing there.
    expect(readdirSync(join(storageDir, 'files', '.incoming'))).toEqual([]);
    expect(existsSync(join(t.dataDir, 'files'))).toBe(false);
    expect((await get(t, token, `staff-photos/${photo.id}`)).rawPayload).toEqual(pngBytes);
    expect((await get(t, token, `model-files/${file.id}`)).rawPayload).toEqual(model);
  });

  it.runIf(testOnPostgres)('are served by every server sharing the folder and the database', async () => {
    const storageDir = tempDir();
    const first = await startTestApp({ storageDir });
    const second = await startTestApp({ storageDir, databaseUrl: knownTestDatabaseUrl(first.dataDir) });
    const token = await first.signIn('admin', testAdminPassword);
    const photo = (await upload(first, token, 'staff-photos', pngBytes)).json().data as { id: number };

    const served = await get(second, token, `staff-photos/${photo.id}`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(pngBytes);
  });
});

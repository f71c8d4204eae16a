import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesDir } from '../files/file-store';
import { multipartFile, pngBytes } from '../test-support/multipart';
import {
  clientHeaders,
  startTestApp,
  testAdminPassword,
  tokenHeader,
  withSqlite,
} from '../test-support/test-app';
import { instanceIdFileName } from './instance-identity';

const databaseId = (dataDir: string) =>
  withSqlite(dataDir, (sqlite) => sqlite.prepare('select id from instance').pluck().all());
const folderId = (dataDir: string) => readFileSync(join(dataDir, instanceIdFileName), 'utf8').trim();

describe('the database of a data folder', () => {
  it('gets an id on its first open, which the folder keeps too', async () => {
    const t = await startTestApp();
    await t.app.close();
    const ids = databaseId(t.dataDir);
    expect(ids).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    expect(folderId(t.dataDir)).toBe(ids[0]);
  });

  it('claims a folder without an id (from before ids) when it knows every stored file there, not otherwise', async () => {
    const t = await startTestApp();
    const { payload, headers } = multipartFile(pngBytes, { fileName: 'face.png' });
    const token = await t.signIn('admin', testAdminPassword);
    await t.app.inject({
      method: 'POST',
      url: '/cfop/files/staff-photos',
      headers: { ...clientHeaders, [tokenHeader]: token, ...headers },
      payload,
    });
    await t.app.close();
    const idFile = join(t.dataDir, instanceIdFileName);

    rmSync(idFile);
    writeFileSync(join(filesDir(t.dataDir), '9999'), 'bytes the database does not know');
    await (await startTestApp({ dataDir: t.dataDir })).app.close();
    expect(() => readFileSync(idFile)).toThrow('ENOENT');

    rmSync(join(filesDir(t.dataDir), '9999'));
    await (await startTestApp({ dataDir: t.dataDir })).app.close();
    expect(folderId(t.dataDir)).toBe(databaseId(t.dataDir)[0]);
  });
});

import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseFileName } from '../db/open-database';
import { filesDir, incomingDir } from '../files/file-store';
import { multipartFile, pngBytes } from '../test-support/multipart';
import { smsOutboxFileName } from '../sms/log-sms-sender';
import { snapshotLinkKeyFileName } from '../data-folder/instance-secret';
import {
  addUser,
  capturedLog,
  clientHeaders,
  startTestApp,
  tempDir,
  testAdminPassword,
  tokenHeader,
} from '../test-support/test-app';
import { testOnPostgres } from '../test-support/test-database';

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe('what the server writes under DATA_DIR', () => {
  // The SQLite file and its -wal; a PostgreSQL database keeps no file in the folder.
  it.skipIf(testOnPostgres)(
    "is readable by the server's user only: the folder, the database, the SMS outbox, stored files",
    async () => {
      const dataDir = join(tempDir(), 'data');
      // The default log sender writes the outbox.
      const t = await startTestApp({ dataDir, smsSender: undefined });
      await addUser(dataDir, { username: 'dave', password: 'dave12345', phone: '13800138000' });
      expect((await t.call('sendSmsCode', { body: { phone: '13800138000' } })).status).toBe(200);
      const token = await t.signIn('admin', testAdminPassword);
      // A photo is received in memory; a model file streams through the folder of uploads in progress.
      const upload = async (path: string, fileName: string) => {
        const { payload, headers } = multipartFile(pngBytes, { fileName });
        const answer = await t.app.inject({
          method: 'POST',
          url: `/cfop/files/${path}`,
          headers: { ...clientHeaders, [tokenHeader]: token, ...headers },
          payload,
        });
        return (answer.json().data as { id: number }).id;
      };
      const id = await upload('staff-photos', 'face.png');
      await upload('model-files', 'model.onnx');
      // Closing removes the -wal file (SQLite).
      const wal = modeOf(join(dataDir, `${databaseFileName}-wal`));
      await t.app.close();

      expect({
        dataDir: modeOf(dataDir),
        database: modeOf(join(dataDir, databaseFileName)),
        wal,
        outbox: modeOf(join(dataDir, smsOutboxFileName)),
        files: modeOf(filesDir(dataDir)),
        incoming: modeOf(incomingDir(dataDir)),
        stored: modeOf(join(filesDir(dataDir), String(id))),
        snapshotLinkKey: modeOf(join(dataDir, snapshotLinkKeyFileName)),
      }).toEqual({
        dataDir: '700',
        database: '600',
        wal: '600',
        outbox: '600',
        files: '700',
        incoming: '700',
        stored: '600',
        snapshotLinkKey: '600',
      });
    },
  );

  it('is closed to other users where DATA_DIR was open to them, and the server says so', async () => {
    const dataDir = join(tempDir(), 'data');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o755);
    const log = capturedLog();
    await startTestApp({ dataDir, logger: log.logger });
    expect(modeOf(dataDir)).toBe('700');
    expect(log.lines.map((line) => line.msg)).toContain(
      `the data folder ${dataDir} was open to other users (mode 755): now 700`,
    );
  });
});

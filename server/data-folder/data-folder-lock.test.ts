import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { capturedLog, startTestApp, tempDir } from '../test-support/test-app';
import { testOnPostgres } from '../test-support/test-database';
import { DataFolderError } from '../kernel/data-folder-error';
import { lockHolderFileName } from './data-folder-lock';

// On PostgreSQL servers may share the folder (server/cluster/estate.test.ts).
describe.skipIf(testOnPostgres)('one server per data folder', () => {
  it('refuses a second server, naming the one that holds the folder, until that one closes', async () => {
    const dataDir = tempDir();
    const first = await startTestApp({ dataDir });
    const second = startTestApp({ dataDir });
    await expect(second).rejects.toBeInstanceOf(DataFolderError);
    await expect(second).rejects.toThrow(`pid ${process.pid} on host ${hostname()}`);
    // The refused server touched nothing: the first one still answers.
    expect((await first.call('getCurrentUser')).status).toBe(401);

    await first.app.close();
    const third = await startTestApp({ dataDir });
    expect((await third.call('getCurrentUser')).status).toBe(401);
  });

  it('lets one of two servers starting at the same moment have the folder', async () => {
    const dataDir = tempDir();
    const starts = await Promise.allSettled([startTestApp({ dataDir }), startTestApp({ dataDir })]);
    expect(starts.map((start) => start.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('takes over the lock of a server that ended without closing, and says so', async () => {
    const dataDir = tempDir();
    const gone = spawnSync(process.execPath, ['-e', '']).pid as number;
    writeFileSync(
      join(dataDir, lockHolderFileName),
      JSON.stringify({ pid: gone, host: hostname(), startedAt: '2030-01-01T00:00:00.000Z' }),
    );
    const log = capturedLog();
    const t = await startTestApp({ dataDir, logger: log.logger });
    expect((await t.call('getCurrentUser')).status).toBe(401);
    expect(log.lines.map((line) => line.msg)).toContainEqual(
      expect.stringContaining(`from server pid ${gone} on ${hostname()}`),
    );
  });
});

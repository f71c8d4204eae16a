import { describe, expect, it } from 'vitest';
import { startTestApp, withSqlite } from '../test-support/test-app';

describe('the resources at start', () => {
  it('refuse to start on a database lacking a stored field’s column, naming table, column and field', async () => {
    const t = await startTestApp();
    await t.app.close();
    withSqlite(t.dataDir, (sqlite) => sqlite.exec('alter table cameras drop column ip'));
    await expect(startTestApp({ dataDir: t.dataDir })).rejects.toThrow(
      'stored fields without their column in the database: cameras.ip (Camera.ip)',
    );
  });
});

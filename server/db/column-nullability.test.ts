import { describe, expect, it } from 'vitest';
import { startTestApp } from '../test-support/test-app';
import { openTestDatabase } from '../test-support/test-database';
import { columnMayBeNull } from './column-nullability';

describe('columnMayBeNull', () => {
  it("answers from the database's own catalog, a column it does not know as nullable", async () => {
    const db = await openTestDatabase((await startTestApp()).dataDir);
    try {
      expect(await columnMayBeNull(db, 'alerts', 'occurred_at')).toBe(false);
      expect(await columnMayBeNull(db, 'alerts', 'handled_at')).toBe(true);
      expect(await columnMayBeNull(db, 'ai_servers', 'last_heartbeat_at')).toBe(true);
      expect(await columnMayBeNull(db, 'alerts', 'no_such_column')).toBe(true);
    } finally {
      await db.destroy();
    }
  });
});

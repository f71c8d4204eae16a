import { sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startTestApp } from '../test-support/test-app';
import { openTestDatabase, testOnPostgres } from '../test-support/test-database';
import { revisionFunctionBodies } from './revision-triggers';

/** Bodies compared as PostgreSQL runs them: the same words, whatever their spacing. */
const words = (body: string) => body.replace(/\s+/g, ' ').trim();

describe.skipIf(!testOnPostgres)('the alerts’ revision triggers', () => {
  it('are, in the migrated database, the functions revision-triggers.ts states', async () => {
    const db = await openTestDatabase((await startTestApp()).dataDir);
    onTestFinished(() => db.destroy());
    const { rows } = await sql<{ name: string; body: string }>`select proname as name, prosrc as body
      from pg_proc where proname in (${sql.join(Object.keys(revisionFunctionBodies))})`.execute(db);
    const bodies = Object.fromEntries(rows.map(({ name, body }) => [name, words(body)]));
    expect(bodies).toEqual(
      Object.fromEntries(Object.entries(revisionFunctionBodies).map(([name, body]) => [name, words(body)])),
    );
  });
});

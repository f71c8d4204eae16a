import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../db/open-database';
import { defaultPostgresSettings } from '../db/postgres-settings';
import { tempDir } from '../test-support/test-app';
import { testDatabaseUrl, testOnPostgres } from '../test-support/test-database';
import { waitUntil } from '../test-support/wait-until';
import { openChangeChannel, type ChangeNotice } from './change-channel';

const quietLog = { info: () => undefined, warn: () => undefined };

/** Two servers' channels on one database, and the notices the second heard. */
async function twoChannels() {
  const dataDir = tempDir();
  const databaseUrl = await testDatabaseUrl(dataDir, onTestFinished);
  if (databaseUrl === undefined) throw new Error('the change channel needs PostgreSQL');
  const db = await openDatabase(dataDir, databaseUrl);
  onTestFinished(() => db.destroy());
  const open = async (serverName: string) => {
    const postgres = { url: databaseUrl, settings: defaultPostgresSettings, serverName };
    const channel = await openChangeChannel({ postgres, db, log: quietLog });
    onTestFinished(() => channel.close());
    return channel;
  };
  const a = await open('A');
  const b = await open('B');
  const heard: ChangeNotice[] = [];
  b.subscribe((notice) => heard.push(notice));
  return { a, heard };
}

/** A status notice whose arrival proves every notice published before it arrived: they go in order. */
const marker: ChangeNotice = {
  kind: 'status',
  events: [
    {
      event: 'aiServerStatus',
      data: {
        id: 0,
        status: 'online',
        lastHeartbeatAt: null,
        cpuLoad: null,
        memoryLoad: null,
        acceleratorLoad: null,
      },
    },
  ],
};

describe.skipIf(!testOnPostgres)('the change channel between servers', () => {
  it('sends one notice for the alerts changed while it waited to go, and another for a change after', async () => {
    const { a, heard } = await twoChannels();
    for (let n = 0; n < 50; n++) a.publish({ kind: 'alerts' });
    a.publish(marker);
    await waitUntil(() => heard.length >= 2, 'the first notice and the marker');
    // All 50 were published before the first went: it tells of them all.
    expect(heard).toEqual([{ kind: 'alerts' }, marker]);
    a.publish({ kind: 'alerts' });
    await waitUntil(() => heard.length === 3, 'the notice of the change after');
  });

  it('sends every status notice: each carries its own changes', async () => {
    const { a, heard } = await twoChannels();
    const event = (id: number) => ({
      event: 'aiServerStatus' as const,
      data: {
        id,
        status: 'online' as const,
        lastHeartbeatAt: null,
        cpuLoad: null,
        memoryLoad: null,
        acceleratorLoad: null,
      },
    });
    for (let id = 1; id <= 5; id++) a.publish({ kind: 'status', events: [event(id)] });
    await waitUntil(() => heard.length === 5, 'the five status notices');
    expect(heard.map((notice) => (notice.kind === 'status' ? notice.events[0]?.data.id : 0))).toEqual([
      1, 2, 3, 4, 5,
    ]);
  });
});

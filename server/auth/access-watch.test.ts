import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { ChangeChannel, ChangeNotice } from '../cluster/change-channel';
import { accessChangingOperations } from '../http/hooks/recheck-access';
import { openEventStream } from '../test-support/event-stream';
import {
  clientHeaders,
  contract,
  startTestApp,
  testAdminPassword,
  tokenHeader,
} from '../test-support/test-app';
import { knownTestDatabaseUrl, testOnPostgres } from '../test-support/test-database';
import { createAccessWatch } from './access-watch';
import type { ActiveSession } from '../operations/caller';

const wall: ActiveSession = { tokenHash: 'a'.repeat(64), userId: 2 };
const desk: ActiveSession = { tokenHash: 'b'.repeat(64), userId: 3 };

/** A watch whose sessions stand while `standing` holds them, counting the questions asked. */
function watchOf(standing: Set<ActiveSession>, channel: ChangeChannel | null = null) {
  const asked: string[] = [];
  const watch = createAccessWatch({
    stillGrants: async (session, key) => {
      asked.push(`${session.userId} ${key ?? ''}`);
      return standing.has(session);
    },
    recheckMs: 600_000,
    channel,
  });
  onTestFinished(() => watch.close());
  const ended: string[] = [];
  const open = (session: ActiveSession, accessKey: string | null, name: string) =>
    watch.watch({ session, accessKey, end: () => ended.push(name) });
  return { watch, asked, ended, open };
}

describe('the access watch', () => {
  it('asks once per session and key on a change, and ends only the answers no longer allowed', async () => {
    const { watch, asked, ended, open } = watchOf(new Set([desk]));
    for (let pane = 1; pane <= 16; pane += 1) open(wall, 'KEY.CENTER.VIDEO', `pane ${pane}`);
    open(wall, null, 'events');
    const unwatched = open(desk, 'KEY.CENTER.VIDEO', 'desk');
    await watch.changed();
    expect(asked.sort()).toEqual(['2 ', '2 KEY.CENTER.VIDEO', '3 KEY.CENTER.VIDEO']);
    expect(ended).toHaveLength(17);
    expect(ended).not.toContain('desk');
    unwatched();
    asked.length = 0;
    await watch.changed();
    expect(asked).not.toContain('3 KEY.CENTER.VIDEO');
  });

  it('tells the other servers of a change, and asks again when one of them tells of theirs', async () => {
    const published: ChangeNotice[] = [];
    let hear: (notice: ChangeNotice) => void = () => undefined;
    const channel: ChangeChannel = {
      publish: (notice) => void published.push(notice),
      subscribe: (listener) => {
        hear = listener;
        return () => undefined;
      },
      close: async () => undefined,
    };
    const { watch, asked, ended, open } = watchOf(new Set(), channel);
    await watch.changed();
    expect(published).toEqual([{ kind: 'access' }]);
    open(wall, 'KEY.CENTER.VIDEO', 'pane');
    hear({ kind: 'alerts' });
    expect(asked).toEqual([]);
    hear({ kind: 'access' });
    await expect.poll(() => ended).toEqual(['pane']);
  });

  it('names operations of the contract only', () => {
    const operationIds = new Set(contract.operations.map((operation) => operation.operationId));
    expect([...accessChangingOperations].filter((id) => !operationIds.has(id))).toEqual([]);
  });
});

describe.skipIf(!testOnPostgres)('the access watch across servers on one database', () => {
  it('ends a console event stream on one server at once when its user signs out through another', async () => {
    // No interval runs: neither the re-check nor the heartbeat can end the stream.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    onTestFinished(() => void vi.useRealTimers());
    const a = await startTestApp();
    const b = await startTestApp({ databaseUrl: knownTestDatabaseUrl(a.dataDir) });
    const token = await a.signIn('admin', testAdminPassword);
    const stream = await openEventStream(b.app, '/cfop/events/stream', {
      ...clientHeaders,
      [tokenHeader]: token,
    });
    expect(stream.status).toBe(200);
    await a.call('logout', { token });
    expect(await stream.nextEvents(1)).toEqual([]);
  });
});

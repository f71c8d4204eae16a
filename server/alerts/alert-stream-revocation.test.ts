import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { AppOptions } from '../app';
import { alertWorld } from '../test-support/alert-world';
import { openEventStream } from '../test-support/event-stream';
import { waitUntil } from '../test-support/wait-until';
import { addRole, addUser, clientHeaders, tokenHeader, withSqlite } from '../test-support/test-app';

const password = 'watcher1234';

/** The alert world with a wall operator (`watcher`, role `wall` holding the alert key) watching the stream. */
async function watchedWall(options: Partial<AppOptions>) {
  const world = await alertWorld(options);
  const { t } = world;
  const roleId = await addRole(t.dataDir, 'wall', ['KEY.CENTER.AIWARN', 'KEY.CENTER']);
  const userId = await addUser(t.dataDir, { username: 'watcher', password, roles: ['wall'] });
  const token = await t.signIn('watcher', password);
  const stream = await openEventStream(t.app, '/cfop/alerts/stream', {
    ...clientHeaders,
    [tokenHeader]: token,
  });
  expect(stream.status).toBe(200);
  const sql = (statement: string, ...values: unknown[]) =>
    withSqlite(t.dataDir, (db) => db.prepare(statement).run(...values));
  const revocations: Record<string, () => Promise<unknown>> = {
    'signing out': () => t.call('logout', { token }),
    'the session ended from another': async () =>
      t.call('endOtherSessions', { token: await t.signIn('watcher', password) }),
    'a new password': () =>
      t.call('changePassword', { token, body: { oldPassword: password, newPassword: 'watcher5678' } }),
    'the user disabled': async () => sql("update users set status = 'disabled' where id = ?", userId),
    'the key taken from the role': async () =>
      sql("delete from role_access_keys where role_id = ? and access_key = 'KEY.CENTER.AIWARN'", roleId),
    'the role taken from the user': async () => sql('delete from user_roles where user_id = ?', userId),
  };
  return { world, stream, revocations };
}

const revocationNames = [
  'signing out',
  'the session ended from another',
  'a new password',
  'the user disabled',
  'the key taken from the role',
  'the role taken from the user',
];

describe('an open alert stream after its access is revoked', () => {
  it.each(revocationNames)('delivers nothing more after %s, and ends', async (name) => {
    // Re-checks far apart: what is asked before each send must stop the alert.
    const { world, stream, revocations } = await watchedWall({ streamRecheckMs: 60_000 });
    const before = await world.raise({ label: '之前' });
    expect((await stream.nextEvents(1)).map((event) => event.id)).toEqual([String(before.revision)]);
    await revocations[name]?.();
    await world.raise({ label: '之后' });
    expect(await stream.nextEvents(1)).toEqual([]);
  });

  it.each(revocationNames)('ends by itself after %s while no alert comes', async (name) => {
    const { stream, revocations } = await watchedWall({ streamRecheckMs: 20 });
    await revocations[name]?.();
    expect(await stream.nextEvents(1)).toEqual([]);
  });

  it.each(['signing out', 'the session ended from another', 'a new password'])(
    'ends after %s through the console at once, not on its next re-check or heartbeat',
    async (name) => {
      // No interval runs: neither the re-check nor the heartbeat (whose chunk is checked) can end it.
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      onTestFinished(() => void vi.useRealTimers());
      const { stream, revocations } = await watchedWall({});
      await revocations[name]?.();
      expect(await stream.nextEvents(1)).toEqual([]);
    },
  );

  it('stays open and keeps its session from idling while access stands', async () => {
    const { world, stream } = await watchedWall({ streamRecheckMs: 20, sessionIdleMinutes: 30 });
    const lastActive = () =>
      withSqlite(world.t.dataDir, (db) =>
        new Date(
          db
            .prepare(
              "select last_active_at from sessions join users on users.id = sessions.user_id where username = 'watcher'",
            )
            .pluck()
            .get() as string,
        ).getTime(),
      );
    // An hour on the test clock, with the stream's re-checks as the only activity.
    for (let minute = 0; minute < 60; minute += 5) {
      world.t.clock.advance(5 * 60_000);
      const now = world.t.clock.now().getTime();
      await waitUntil(() => lastActive() > now - 60_000, 'a re-check that kept the session active');
    }
    const raised = await world.raise({ label: '仍在' });
    expect((await stream.nextEvents(1)).map((event) => event.id)).toEqual([String(raised.revision)]);
    stream.close();
  });
});

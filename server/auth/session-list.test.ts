import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { openEventStream } from '../test-support/event-stream';
import {
  addRole,
  addUser,
  clientHeaders,
  operationLog,
  startTestApp,
  testAdminPassword,
  tokenHeader,
  type TestApp,
} from '../test-support/test-app';

const chromeOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function signInFrom(
  t: TestApp,
  username: string,
  password: string,
  userAgent: string,
  remoteAddress: string,
) {
  const { body } = await t.call('loginByPassword', {
    body: { username, password },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
  return body.data.token as string;
}

describe('the session list', () => {
  it('lists open sessions with device, address and last use, and marks this one', async () => {
    const t = await startTestApp();
    const office = await signInFrom(t, 'admin', testAdminPassword, chromeOnWindows, '10.0.0.5');
    t.clock.advance(60_000);
    const phone = await signInFrom(t, 'admin', testAdminPassword, safariOnIphone, '10.0.0.6');
    const ended = await signInFrom(t, 'admin', testAdminPassword, chromeOnWindows, '10.0.0.7');
    await t.call('logout', { token: ended });

    const { body } = await t.call('listMySessions', { token: office });
    // This one first, then the others by last use.
    expect(body.data).toEqual([
      expect.objectContaining({
        device: 'Chrome · Windows',
        address: '10.0.0.5',
        clientType: 'PC',
        createdAt: '2030-01-01T08:00:00.000Z',
        current: true,
      }),
      expect.objectContaining({ device: 'Safari · iOS', address: '10.0.0.6', current: false }),
    ]);
    expect(body.data[0].id).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(body.data)).not.toContain(phone);
  });

  it('ends one session, then all others, and never another user’s', async () => {
    const t = await startTestApp();
    await addUser(t.dataDir, { username: 'carol', password: 'carol1234' });
    const mine = await signInFrom(t, 'admin', testAdminPassword, chromeOnWindows, '10.0.0.5');
    const second = await signInFrom(t, 'admin', testAdminPassword, safariOnIphone, '10.0.0.6');
    const third = await signInFrom(t, 'admin', testAdminPassword, safariOnIphone, '10.0.0.7');
    const carol = await t.signIn('carol', 'carol1234');
    const carolsId = (await t.call('listMySessions', { token: carol })).body.data[0].id as string;

    const refused = await t.call('endMySession', { token: mine, params: { sessionId: carolsId } });
    expect(refused.status).toBe(404);
    expect((await t.call('getCurrentUser', { token: carol })).status).toBe(200);

    const listed = (await t.call('listMySessions', { token: mine })).body.data as {
      id: string;
      address: string;
    }[];
    const secondId = listed.find((row) => row.address === '10.0.0.6')?.id as string;
    expect((await t.call('endMySession', { token: mine, params: { sessionId: secondId } })).status).toBe(200);
    expect((await t.call('getCurrentUser', { token: second })).status).toBe(401);
    expect((await t.call('getCurrentUser', { token: third })).status).toBe(200);

    const others = await t.call('endOtherSessions', { token: mine });
    expect(others.body.data).toEqual({ ended: 1 });
    expect((await t.call('getCurrentUser', { token: third })).status).toBe(401);
    expect((await t.call('getCurrentUser', { token: mine })).status).toBe(200);
    expect((await t.call('getCurrentUser', { token: carol })).status).toBe(200);
    const bad = await t.call('endMySession', { token: mine, params: { sessionId: 'nope' } });
    expect(bad.status).toBe(400);
  });

  it('lets an administrator end all of a user’s sessions, logged', async () => {
    const t = await startTestApp();
    const carolId = await addUser(t.dataDir, { username: 'carol', password: 'carol1234' });
    const carol = [await t.signIn('carol', 'carol1234'), await t.signIn('carol', 'carol1234')];
    const token = await t.signIn('admin', testAdminPassword);
    const answer = await t.call('endUserSessions', { token, params: { id: carolId } });
    expect(answer.body.data).toEqual({ ended: 2 });
    for (const session of carol)
      expect((await t.call('getCurrentUser', { token: session })).status).toBe(401);
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({
      action: 'endUserSessions',
      target: `#${carolId} carol`,
      result: 'success',
      detail_zh: '结束了该用户的 2 个会话',
    });
    expect((await t.call('endUserSessions', { token, params: { id: 1 } })).status).toBe(400);
    // Carol holds no user-admin key.
    const again = await t.signIn('carol', 'carol1234');
    expect((await t.call('endUserSessions', { token: again, params: { id: 1 } })).status).toBe(403);
  });

  it('lets an administrator list a user’s sessions and end one, logged with its device', async () => {
    const t = await startTestApp();
    const carolId = await addUser(t.dataDir, { username: 'carol', password: 'carol1234' });
    const daveId = await addUser(t.dataDir, { username: 'dave', password: 'dave12345' });
    const office = await signInFrom(t, 'carol', 'carol1234', chromeOnWindows, '10.0.0.5');
    t.clock.advance(60_000);
    const phone = await signInFrom(t, 'carol', 'carol1234', safariOnIphone, '10.0.0.6');
    const dave = await t.signIn('dave', 'dave12345');
    const token = await t.signIn('admin', testAdminPassword);

    const listed = await t.call('listUserSessions', { token, params: { id: carolId } });
    // As carol sees them herself, none of them the caller's.
    const carolSees = (await t.call('listMySessions', { token: phone })).body.data as { id: string }[];
    expect(listed.body.data).toEqual([
      expect.objectContaining({ device: 'Safari · iOS', address: '10.0.0.6', current: false }),
      expect.objectContaining({ device: 'Chrome · Windows', address: '10.0.0.5', current: false }),
    ]);
    const ids = (listed.body.data as { id: string }[]).map((row) => row.id);
    expect(ids).toEqual(carolSees.map((row) => row.id));

    // Another user's session named under carol ends nothing.
    const davesId = (await t.call('listMySessions', { token: dave })).body.data[0].id as string;
    const elsewhere = await t.call('endUserSession', { token, params: { id: carolId, sessionId: davesId } });
    expect(elsewhere.status).toBe(404);
    expect((await t.call('getCurrentUser', { token: dave })).status).toBe(200);
    expect(
      (await t.call('endUserSession', { token, params: { id: daveId, sessionId: ids[0] as string } })).status,
    ).toBe(404);

    const ended = await t.call('endUserSession', {
      token,
      params: { id: carolId, sessionId: ids[0] as string },
    });
    expect(ended.status).toBe(200);
    expect((await t.call('getCurrentUser', { token: phone })).status).toBe(401);
    expect((await t.call('getCurrentUser', { token: office })).status).toBe(200);
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({
      action: 'endUserSession',
      target: `#${carolId} carol`,
      result: 'success',
      detail_zh: '结束了该用户在 Safari · iOS 上的会话',
    });
    const again = await t.call('endUserSession', {
      token,
      params: { id: carolId, sessionId: ids[0] as string },
    });
    expect(again.status).toBe(404);
    expect((await t.call('listUserSessions', { token, params: { id: carolId } })).body.data).toEqual([
      expect.objectContaining({ address: '10.0.0.5' }),
    ]);
  });

  it('refuses an administrator’s own sessions, a stronger user’s, a bad id, and a caller without the key', async () => {
    const t = await startTestApp();
    await addRole(t.dataDir, 'user-admin', ['KEY.SYSTEM', 'KEY.SYSTEM.USER']);
    const opsId = await addUser(t.dataDir, { username: 'ops', password: 'ops123456', roles: ['user-admin'] });
    const carolId = await addUser(t.dataDir, { username: 'carol', password: 'carol1234' });
    const admin = await t.signIn('admin', testAdminPassword);
    const adminsId = (await t.call('listMySessions', { token: admin })).body.data[0].id as string;
    const ops = await t.signIn('ops', 'ops123456');
    const opsSessionId = (await t.call('listMySessions', { token: ops })).body.data[0].id as string;
    const carol = await t.signIn('carol', 'carol1234');
    const logged = operationLog(t.dataDir).length;

    // Not yourself: your own sessions are the personal centre's.
    const self = await t.call('listUserSessions', { token: ops, params: { id: opsId } });
    expect(self.status).toBe(400);
    expect(self.body.msg).toBe('不能在此查看自己的会话，请在个人中心查看');
    const endSelf = await t.call('endUserSession', {
      token: ops,
      params: { id: opsId, sessionId: opsSessionId },
    });
    expect(endSelf.status).toBe(400);
    // Not a user holding more than you: the administrator.
    expect((await t.call('listUserSessions', { token: ops, params: { id: 1 } })).status).toBe(400);
    const stronger = await t.call('endUserSession', { token: ops, params: { id: 1, sessionId: adminsId } });
    expect(stronger.status).toBe(400);
    expect((await t.call('getCurrentUser', { token: admin })).status).toBe(200);
    // A user holding no more than you is yours to look after.
    expect((await t.call('listUserSessions', { token: ops, params: { id: carolId } })).status).toBe(200);

    // Bad ids are told apart from missing ones.
    expect((await t.call('listUserSessions', { token: admin, params: { id: 0 } })).status).toBe(400);
    expect((await t.call('listUserSessions', { token: admin, params: { id: 999 } })).status).toBe(404);
    const badSession = await t.call('endUserSession', {
      token: admin,
      params: { id: carolId, sessionId: 'nope' },
    });
    expect(badSession.status).toBe(400);

    // Carol holds no user-admin key.
    expect((await t.call('listUserSessions', { token: carol, params: { id: opsId } })).status).toBe(403);
    const forbidden = await t.call('endUserSession', {
      token: carol,
      params: { id: opsId, sessionId: opsSessionId },
    });
    expect(forbidden.status).toBe(403);
    expect((await t.call('getCurrentUser', { token: ops })).status).toBe(200);
    // Each refused end is logged as a failure.
    expect(
      operationLog(t.dataDir)
        .slice(logged)
        .filter((entry) => entry.action === 'endUserSession')
        .map((entry) => entry.result),
    ).toEqual(['failure', 'failure', 'failure', 'failure']);
  });

  it('closes the event stream of the session an administrator ends, before answering', async () => {
    // No interval runs: only the end's own re-check of access can close the stream.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    onTestFinished(() => void vi.useRealTimers());
    const t = await startTestApp();
    const carolId = await addUser(t.dataDir, { username: 'carol', password: 'carol1234' });
    const carol = await t.signIn('carol', 'carol1234');
    const stream = await openEventStream(t.app, '/cfop/events/stream', {
      ...clientHeaders,
      [tokenHeader]: carol,
    });
    expect(stream.status).toBe(200);
    const token = await t.signIn('admin', testAdminPassword);
    const [session] = (await t.call('listUserSessions', { token, params: { id: carolId } })).body.data as {
      id: string;
    }[];
    const ended = await t.call('endUserSession', {
      token,
      params: { id: carolId, sessionId: session?.id as string },
    });
    expect(ended.status).toBe(200);
    expect(await stream.nextEvents(1)).toEqual([]);
  });
});

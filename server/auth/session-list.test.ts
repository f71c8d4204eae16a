import { describe, expect, it } from 'vitest';
import {
  addUser,
  operationLog,
  startTestApp,
  testAdminPassword,
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
});

import { describe, expect, it } from 'vitest';
import { alertWorld } from '../test-support/alert-world';
import { addRole, addUser, type CallOptions } from '../test-support/test-app';

const password = 'Jobs12345';

/** The alert world with a user holding `keys` (and the monitoring centre's group key) signed in. */
async function worldWithUser(keys: readonly string[]) {
  const world = await alertWorld();
  const alert = await world.raise();
  await addRole(world.t.dataDir, 'duty', ['KEY.CENTER', ...keys]);
  await addUser(world.t.dataDir, { username: 'duty', password, roles: ['duty'] });
  const token = await world.t.signIn('duty', password);
  const call = (operationId: string, options: Pick<CallOptions, 'params' | 'body'> = {}) =>
    world.t.call(operationId, { token, ...options });
  return { ...world, alert, call };
}

function expectRefused(answer: { status: number; body: { code: string; msg: string } }, key: string): void {
  expect(answer.status).toBe(403);
  expect(answer.body).toMatchObject({ code: '403' });
  expect(answer.body.msg).toContain(key);
}

describe('alert keys by job', () => {
  it('lets a user holding only the viewing key list and read alerts, and nothing more', async () => {
    const { alert, call } = await worldWithUser(['KEY.CENTER.AIWARN']);
    const list = await call('listAlerts');
    expect(list.body.data.items.map((item: { id: number }) => item.id)).toEqual([alert.id]);
    expect((await call('getAlert', { params: { id: alert.id } })).body.data.status).toBe('pending');

    const handling = { decision: 'confirm' };
    expectRefused(
      await call('handleAlert', { params: { id: alert.id }, body: handling }),
      'KEY.CENTER.AIWARN.HANDLE',
    );
    expectRefused(
      await call('bulkHandleAlerts', { body: { ids: [alert.id], ...handling } }),
      'KEY.CENTER.AIWARN.HANDLE',
    );
    expectRefused(await call('exportAlerts'), 'KEY.CENTER.AIWARN.EXPORT');
    expectRefused(await call('downloadAlertClip', { params: { id: alert.id } }), 'KEY.CENTER.VIDEO.EXPORT');
    expect((await call('getAlert', { params: { id: alert.id } })).body.data.status).toBe('pending');
  });

  it('lets a handler confirm alerts without exporting them', async () => {
    const { alert, call } = await worldWithUser(['KEY.CENTER.AIWARN', 'KEY.CENTER.AIWARN.HANDLE']);
    const handled = await call('handleAlert', { params: { id: alert.id }, body: { decision: 'confirm' } });
    expect(handled.body.data.status).toBe('confirmed');
    expectRefused(await call('exportAlerts'), 'KEY.CENTER.AIWARN.EXPORT');
  });
});

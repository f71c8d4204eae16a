import { describe, expect, it } from 'vitest';
import { alertWorld } from '../test-support/alert-world';
import { addRole, addUser, fieldMessages, operationLog } from '../test-support/test-app';

type World = Awaited<ReturnType<typeof alertWorld>>;

const statuses = async (world: World) => {
  const page = await world.ok('listAlerts', { query: { pageSize: 100, sort: 'receivedAt' } });
  return (page.items as { id: number; status: string; handlingNote: string }[]).map((alert) => [
    alert.id,
    alert.status,
  ]);
};

describe('handling by filter', () => {
  it('handles exactly the pending alerts the filters select, and logs the action once', async () => {
    const world = await alertWorld();
    const camera = world.cameras[0]?.id as number;
    const other = world.cameras[1];
    const matching = [await world.raise(), await world.raise(), await world.raise()];
    const handledBefore = await world.raise();
    await world.ok('handleAlert', { params: { id: handledBefore.id }, body: { decision: 'dismiss' } });
    const otherLevel = await world.raise({ level: 'low' });
    const otherCamera = await world.raise({ cameraId: other?.id, taskId: other?.taskId });

    const { body } = await world.t.call('handleAlertsByFilter', {
      token: world.token,
      query: { cameraId: camera, level: 'high' },
      body: { decision: 'confirm', note: '已通知班组长' },
    });
    expect(body.data).toEqual({ handled: 3, skipped: 0, capped: false });
    expect(await statuses(world)).toEqual([
      ...matching.map((alert) => [alert.id, 'confirmed']),
      [handledBefore.id, 'dismissed'],
      [otherLevel.id, 'pending'],
      [otherCamera.id, 'pending'],
    ]);
    const logged = operationLog(world.t.dataDir).filter((row) => row.action === 'handleAlertsByFilter');
    expect(logged.map((row) => [row.result, row.target, row.detail_zh])).toEqual([
      ['success', `cameraId=${camera} level=high`, '确认：已通知班组长（按筛选处理 3 条，跳过已处理 0 条）'],
    ]);
  });

  it('handles only pending alerts whatever the status filter; no filter is every pending one', async () => {
    const world = await alertWorld();
    const [a, b] = [await world.raise(), await world.raise({ level: 'low' })];
    await world.ok('handleAlert', { params: { id: a.id }, body: { decision: 'confirm' } });
    const none = await world.ok('handleAlertsByFilter', {
      query: { status: 'confirmed' },
      body: { decision: 'dismiss' },
    });
    expect(none).toEqual({ handled: 0, skipped: 0, capped: false });
    const all = await world.ok('handleAlertsByFilter', { query: {}, body: { decision: 'dismiss' } });
    expect(all).toEqual({ handled: 1, skipped: 0, capped: false });
    expect(await statuses(world)).toEqual([
      [a.id, 'confirmed'],
      [b.id, 'dismissed'],
    ]);
  });

  it('counts an alert handled at the same moment by another operator once', async () => {
    const world = await alertWorld();
    const alerts = [await world.raise(), await world.raise(), await world.raise()];
    const [single, byFilter] = await Promise.all([
      world.t.call('handleAlert', {
        token: world.token,
        params: { id: alerts[1]?.id as number },
        body: { decision: 'dismiss' },
      }),
      world.ok('handleAlertsByFilter', { query: {}, body: { decision: 'confirm' } }),
    ]);
    const singleHandled = single.status === 200 ? 1 : 0;
    expect(byFilter.handled + singleHandled).toBe(alerts.length);
    expect((await statuses(world)).filter(([, status]) => status === 'pending')).toEqual([]);
  });

  it('refuses bad filters naming the field, and callers without the handle key', async () => {
    const world = await alertWorld();
    await world.raise();
    const bad = await world.t.call('handleAlertsByFilter', {
      token: world.token,
      query: { level: 'urgent' },
      body: { decision: 'confirm' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(fieldMessages(bad.body))).toEqual(['query.level']);
    const noDecision = await world.t.call('handleAlertsByFilter', {
      token: world.token,
      query: {},
      body: {},
    });
    expect(Object.keys(fieldMessages(noDecision.body))).toEqual(['decision']);

    await addRole(world.t.dataDir, 'alerts-only', ['KEY.CENTER', 'KEY.CENTER.AIWARN']);
    await addUser(world.t.dataDir, { username: 'guard', password: 'Guard-2024', roles: ['alerts-only'] });
    const guard = await world.t.signIn('guard', 'Guard-2024');
    const refused = await world.t.call('handleAlertsByFilter', {
      token: guard,
      query: {},
      body: { decision: 'confirm' },
    });
    expect(refused.status).toBe(403);
    expect(await statuses(world)).toEqual([[expect.any(Number), 'pending']]);
  });
});

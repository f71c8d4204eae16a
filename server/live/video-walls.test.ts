import { describe, expect, it } from 'vitest';
import {
  addRole,
  addUser,
  fieldMessages,
  operationLog,
  startTestApp,
  testAdminPassword,
  type TestApp,
} from '../test-support/test-app';

const camera = (n: number) => ({
  name: `画面测试-${n}`,
  code: `WALL-${n}`,
  mainStreamUrl: `rtsp://10.3.0.${n}:554/main`,
  vendor: 'dahua',
  ip: `10.3.0.${n}`,
  aiServerId: null,
});

const password = 'Watcher#12345';

/** An app with two cameras and two video operators, `li` and `wang`, signed in. */
async function wallWorld() {
  const t = await startTestApp();
  const admin = await t.signIn('admin', testAdminPassword);
  const cameras: number[] = [];
  for (const n of [1, 2]) {
    cameras.push((await t.call('createCamera', { token: admin, body: camera(n) })).body.data.id as number);
  }
  await addRole(t.dataDir, 'watcher', ['KEY.CENTER', 'KEY.CENTER.VIDEO']);
  for (const username of ['lili', 'wangwu'])
    await addUser(t.dataDir, { username, password, roles: ['watcher'] });
  const li = await t.signIn('lili', password);
  const wang = await t.signIn('wangwu', password);
  return { t, admin, li, wang, cameras: cameras as [number, number] };
}

const wall = (name: string, change: Record<string, unknown> = {}) => ({
  name,
  layout: 4,
  cameras: [],
  shared: false,
  ...change,
});

async function save(t: TestApp, token: string, body: Record<string, unknown>) {
  const answer = await t.call('createVideoWall', { token, body });
  if (!answer.body.success) throw new Error(answer.body.msg);
  return answer.body.data as { id: number; name: string };
}

const names = async (t: TestApp, token: string) =>
  ((await t.call('listVideoWalls', { token })).body.data.items as { name: string }[]).map((w) => w.name);

describe('saved video walls', () => {
  it('keeps a private wall its owner’s and shows a shared one to every video operator, read-only', async () => {
    const { t, li, wang, cameras } = await wallWorld();
    const [a, b] = cameras;
    const own = await save(t, li, wall('A 李的画面', { cameras: [a, null, b, null] }));
    expect(own).toMatchObject({
      layout: 4,
      cameras: [a, null, b],
      shared: false,
      mine: true,
      isDefault: false,
    });
    const shared = await save(t, li, wall('B 值班大屏', { layout: 9, cameras: [b], shared: true }));

    expect(await names(t, li)).toEqual(['A 李的画面', 'B 值班大屏']);
    expect(await names(t, wang)).toEqual(['B 值班大屏']);
    const seen = (await t.call('listVideoWalls', { token: wang })).body.data.items[0];
    expect(seen).toMatchObject({ mine: false, ownerName: 'lili', shared: true });

    const changed = await t.call('updateVideoWall', {
      token: wang,
      params: { id: shared.id },
      body: wall('改'),
    });
    expect(changed.status).toBe(403);
    expect((await t.call('deleteVideoWall', { token: wang, params: { id: shared.id } })).status).toBe(403);
    const hidden = { token: wang, params: { id: own.id } };
    expect((await t.call('updateVideoWall', { ...hidden, body: wall('改') })).status).toBe(404);
    expect((await t.call('deleteVideoWall', hidden)).status).toBe(404);
    expect((await t.call('setDefaultVideoWall', { token: wang, params: { id: own.id } })).status).toBe(404);
    expect(await names(t, li)).toEqual(['A 李的画面', 'B 值班大屏']);

    // Unshared, it leaves the others' list, and their default with it.
    await t.call('setDefaultVideoWall', { token: wang, params: { id: shared.id } });
    await t.call('updateVideoWall', { token: li, params: { id: shared.id }, body: wall('B 值班大屏') });
    expect(await names(t, wang)).toEqual([]);
    const again = { token: li, params: { id: shared.id }, body: wall('B 值班大屏', { shared: true }) };
    await t.call('updateVideoWall', again);
    const back = (await t.call('listVideoWalls', { token: wang })).body.data.items;
    expect(back).toMatchObject([{ id: shared.id, isDefault: false }]);
  });

  it('marks one default per user, the last marked, even when several are marked at once', async () => {
    const { t, li, wang } = await wallWorld();
    const walls = [];
    for (const n of [1, 2, 3, 4, 5, 6]) walls.push(await save(t, li, wall(`画面${n}`, { shared: true })));
    await Promise.all(
      walls.map((one) => t.call('setDefaultVideoWall', { token: li, params: { id: one.id } })),
    );
    const marked = (await t.call('listVideoWalls', { token: li })).body.data.items.filter(
      (one: { isDefault: boolean }) => one.isDefault,
    );
    expect(marked).toHaveLength(1);

    // Another user's default is theirs alone.
    const first = walls[0] as { id: number };
    const last = walls[5] as { id: number };
    await t.call('setDefaultVideoWall', { token: wang, params: { id: first.id } });
    const saved = await save(t, li, wall('新默认', { isDefault: true }));
    const liDefaults = (await t.call('listVideoWalls', { token: li })).body.data.items.filter(
      (one: { isDefault: boolean }) => one.isDefault,
    );
    expect(liDefaults.map((one: { id: number }) => one.id)).toEqual([saved.id]);
    const wangDefaults = (await t.call('listVideoWalls', { token: wang })).body.data.items.filter(
      (one: { isDefault: boolean }) => one.isDefault,
    );
    expect(wangDefaults.map((one: { id: number }) => one.id)).toEqual([first.id]);

    // Deleted, a wall is nobody's default any more.
    await t.call('deleteVideoWall', { token: li, params: { id: first.id } });
    const after = (await t.call('listVideoWalls', { token: wang })).body.data.items;
    expect(after.some((one: { isDefault: boolean }) => one.isDefault)).toBe(false);
    expect(after.map((one: { id: number }) => one.id)).toContain(last.id);
  });

  it('saves one wall of a name per owner, even when both are sent at once', async () => {
    const { t, li, wang } = await wallWorld();
    const answers = await Promise.all(
      [1, 2, 3].map(() => t.call('createVideoWall', { token: li, body: wall('同名') })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
    const refused = answers.find((answer) => answer.status === 400);
    expect(refused && fieldMessages(refused.body)).toHaveProperty('name');
    expect((await t.call('createVideoWall', { token: wang, body: wall('同名') })).status).toBe(200);
  });

  it('refuses hostile and inconsistent walls with a 400 naming the field', async () => {
    const { t, li, cameras } = await wallWorld();
    const refusals = [
      [wall('  '), 'name'],
      [wall('x'.repeat(65)), 'name'],
      [wall('布局', { layout: 5 }), 'layout'],
      [wall('过多', { layout: 1, cameras: [cameras[0], cameras[1]] }), 'cameras'],
      [wall('不存在', { cameras: [999999] }), 'cameras'],
      [wall('注入', { cameras: ['1; drop table cameras'] }), 'cameras'],
      [wall('太长', { layout: 16, cameras: Array.from({ length: 17 }, () => null) }), 'cameras'],
      [{ ...wall('多余'), ownerId: 1 }, 'ownerId'],
    ] as const;
    for (const [body, field] of refusals) {
      const answer = await t.call('createVideoWall', { token: li, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.body), JSON.stringify(body)).toContain(field);
    }
    expect(await names(t, li)).toEqual([]);
  });

  it('needs the video key, and logs each change with the wall', async () => {
    const { t, li } = await wallWorld();
    await addRole(t.dataDir, 'clerk', ['KEY.CENTER', 'KEY.CENTER.AIWARN']);
    await addUser(t.dataDir, { username: 'clerk', password, roles: ['clerk'] });
    const clerk = await t.signIn('clerk', password);
    expect((await t.call('listVideoWalls', { token: clerk })).status).toBe(403);
    expect((await t.call('createVideoWall', { token: clerk, body: wall('无权') })).status).toBe(403);
    expect((await t.call('listLiveCameraGroups', { token: clerk })).status).toBe(403);

    const saved = await save(t, li, wall('北门'));
    await t.call('setDefaultVideoWall', { token: li, params: { id: saved.id } });
    await t.call('updateVideoWall', { token: li, params: { id: saved.id }, body: wall('北门二') });
    await t.call('deleteVideoWall', { token: li, params: { id: saved.id } });
    const logged = operationLog(t.dataDir)
      .filter((row) => /VideoWall/.test(row.action))
      .map((row) => [row.action, row.username, row.target, row.result]);
    expect(logged).toEqual([
      ['createVideoWall', 'clerk', '', 'failure'],
      ['createVideoWall', 'lili', `#${saved.id} 北门`, 'success'],
      ['setDefaultVideoWall', 'lili', `#${saved.id} 北门`, 'success'],
      ['updateVideoWall', 'lili', `#${saved.id} 北门二`, 'success'],
      ['deleteVideoWall', 'lili', `#${saved.id} 北门二`, 'success'],
    ]);
  });
});

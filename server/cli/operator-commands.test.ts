import { describe, expect, it, onTestFinished } from 'vitest';
import { testPasswordCost } from '../auth/password-hash';
import { snapshotRows, startTestApp, tempDir, testAdminPassword } from '../test-support/test-app';
import { testDatabaseUrl } from '../test-support/test-database';
import { runOperatorCommand } from './operator-commands';

async function cli(dataDir: string, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOperatorCommand(
    args,
    {
      dataDir,
      databaseUrl: await testDatabaseUrl(dataDir, onTestFinished),
      admin: { password: testAdminPassword, phone: undefined },
      passwordCost: testPasswordCost,
    },
    {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('operator CLI', () => {
  it('creates a role and a user holding only its keys, who can then sign in', async () => {
    const dataDir = tempDir();
    const role = await cli(
      dataDir,
      'role:create',
      '--code',
      'watch',
      '--name',
      '值班',
      '--keys',
      'KEY.CENTER.VIDEO,KEY.CENTER',
    );
    expect(role).toEqual({
      code: 0,
      out: '已创建角色 watch（2 个权限） / Created role watch (2 access keys)',
      err: '',
    });
    const user = await cli(
      dataDir,
      'user:create',
      '--username',
      'watcher',
      '--name',
      '值班员',
      '--phone',
      '13500135000',
      '--password',
      'Watch1234',
      '--roles',
      'watch',
    );
    expect(user.code).toBe(0);
    expect(user.out).toContain('watcher');

    const t = await startTestApp({ dataDir });
    const { body } = await t.call('getCurrentUser', { token: await t.signIn('watcher', 'Watch1234') });
    expect(body.data).toMatchObject({
      userName: 'watcher',
      name: '值班员',
      phone: '13500135000',
      roles: [{ code: 'watch', name: '值班' }],
      permissionInfos: [{ code: 'KEY.CENTER' }, { code: 'KEY.CENTER.VIDEO' }],
    });
  });

  it('creates a user who may only view alerts: listed, but refused handling and export', async () => {
    const dataDir = tempDir();
    const keys = 'KEY.CENTER,KEY.CENTER.AIWARN';
    expect(
      (await cli(dataDir, 'role:create', '--code', 'look', '--name', '看告警', '--keys', keys)).code,
    ).toBe(0);
    const user = ['--username', 'looker', '--name', '查看员', '--password', 'Look12345', '--roles', 'look'];
    expect((await cli(dataDir, 'user:create', ...user)).code).toBe(0);

    const t = await startTestApp({ dataDir });
    const token = await t.signIn('looker', 'Look12345');
    expect((await t.call('listAlerts', { token })).body).toMatchObject({ success: true });
    const handling = await t.call('bulkHandleAlerts', { token, body: { ids: [1], decision: 'confirm' } });
    expect(handling.body).toMatchObject({ code: '403' });
    expect((await t.call('exportAlerts', { token })).body).toMatchObject({ code: '403' });
  });

  it('sets a password of the user a name means, ending their sessions', async () => {
    const dataDir = tempDir();
    const t = await startTestApp({ dataDir });
    const token = await t.signIn('admin', testAdminPassword);
    // The name in any case is the user's, as at sign-in.
    const result = await cli(dataDir, 'user:password', '--username', 'ADMIN', '--password', 'Fresh12345');
    expect(result.code).toBe(0);
    expect(result.out).toContain('已为 admin 设置新密码');
    expect((await t.call('getCurrentUser', { token })).status).toBe(401);
    expect(await t.signIn('admin', 'Fresh12345')).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    [['role:create', '--code', 'r', '--name', 'R', '--keys', 'KEY.NOPE'], '--keys KEY.NOPE：必须是以下之一'],
    [['role:create', '--code', 'admin', '--name', 'R', '--keys', 'KEY.MODEL'], '--code：已存在'],
    [['role:create', '--name', 'R'], '--code：必填'],
    [
      ['user:create', '--username', 'x', '--name', 'X', '--password', 'short', '--roles', 'admin'],
      '--username：长度不能少于 3 个字符',
    ],
    [
      ['user:create', '--username', 'xy z', '--name', 'X', '--password', 'Long12345', '--roles', 'admin'],
      '--username：格式不正确',
    ],
    [
      [
        'user:create',
        '--username',
        'xyz',
        '--name',
        'X',
        '--password',
        'Long12345',
        '--roles',
        'admin',
        '--phone',
        '1',
      ],
      '--phone：格式不正确',
    ],
    [
      ['user:create', '--username', 'xyz', '--name', 'X', '--password', 'Long12345', '--roles', 'ghosts'],
      '--roles：角色不存在：ghosts',
    ],
    [
      ['user:create', '--username', 'admin', '--name', 'X', '--password', 'Long12345', '--roles', 'admin'],
      '--username：已存在',
    ],
    [['user:password', '--username', 'nobody', '--password', 'Long12345'], '--username：用户 nobody 不存在'],
    [['user:password', '--username', 'admin', '--password', 'letters-only'], '--password：格式不正确'],
    [['user:password', '--username', 'admin', '--pasword', 'x'], "Unknown option '--pasword'"],
    [['user:delete', '--username', 'admin'], '未知命令：user:delete'],
  ])('refuses %j, exiting 1, writing nothing', async (args, message) => {
    const dataDir = tempDir();
    await cli(dataDir, 'role:create', '--code', 'seed', '--name', 'S', '--keys', 'KEY.MODEL');
    const before = snapshotRows(dataDir);
    const result = await cli(dataDir, ...args);
    expect(result.code).toBe(1);
    expect(result.out).toBe('');
    expect(result.err).toContain(message);
    expect(snapshotRows(dataDir)).toEqual(before);
  });
});

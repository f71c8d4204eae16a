import { describe, expect, it } from 'vitest';
import { contract, startTestApp, tempDir, testAdminPassword, withSqlite } from '../test-support/test-app';

describe('first start', () => {
  it('creates admin with the password from the environment and announces nothing', async () => {
    const t = await startTestApp({ admin: { password: testAdminPassword, phone: '13600136000' } });
    expect(t.announced).toEqual([]);
    const { body } = await t.call('getCurrentUser', { token: await t.signIn('admin', testAdminPassword) });
    expect(body.data).toMatchObject({ userName: 'admin', name: '系统管理员', phone: '13600136000' });
  });

  it('generates a strong password, announces it once in a box, and never again', async () => {
    const dataDir = tempDir();
    const first = await startTestApp({ dataDir, admin: {} });
    expect(first.announced).toHaveLength(1);
    const notice = first.announced[0] as string;
    expect(notice).toMatch(/^={20,}\n[\s\S]*\n={20,}\n$/);
    const password = /Password: (\S+)/.exec(notice)?.[1] as string;
    expect(password).toMatch(/^(?=.*[A-Za-z])(?=.*\d).{20}$/);
    expect(await first.signIn('admin', password)).toMatch(/^[0-9a-f]{64}$/);
    await first.app.close();

    const second = await startTestApp({ dataDir, admin: {} });
    expect(second.announced).toEqual([]);
    expect(await second.signIn('admin', password)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses to start with a weak or malformed administrator setting, naming the variable', async () => {
    await expect(startTestApp({ admin: { password: 'short' } })).rejects.toThrow(
      'CFOP_ADMIN_PASSWORD：长度不能少于 8 个字符',
    );
    await expect(startTestApp({ admin: { password: testAdminPassword, phone: '12345' } })).rejects.toThrow(
      'CFOP_ADMIN_PHONE：格式不正确',
    );
  });
});

describe('every start', () => {
  it('gives the built-in administrator role exactly the access keys of the contract', async () => {
    const dataDir = tempDir();
    const first = await startTestApp({ dataDir });
    await first.app.close();
    withSqlite(dataDir, (db) => {
      db.prepare("delete from role_access_keys where access_key like 'KEY.SYSTEM%'").run();
      db.prepare("insert into role_access_keys (role_id, access_key) values (1, 'KEY.RETIRED')").run();
    });

    await startTestApp({ dataDir });
    const held = withSqlite(dataDir, (db) =>
      db
        .prepare(
          "select access_key from role_access_keys join roles on roles.id = role_id where code = 'admin' and builtin = ?",
        )
        .pluck()
        .all(1),
    );
    expect([...held].sort()).toEqual([...contract.accessKeys].sort());
  });
});

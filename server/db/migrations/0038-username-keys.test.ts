import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/password-hash';
import { dataDirBefore } from '../../test-support/migrations';
import { operationLog, startTestApp, testAdminPassword, withSqlite } from '../../test-support/test-app';
import { testOnPostgres } from '../../test-support/test-database';
import { openDatabase } from '../open-database';

const name = '0038-username-keys';
const now = '2030-01-01T08:00:00.000Z';
const lookAlikePassword = 'Lookalike123';

/** A data folder upgraded by the migration from users `admin`, `Carol` and a later `Admin`. */
async function upgraded(): Promise<string> {
  const hashes = [await hashPassword(testAdminPassword), await hashPassword(lookAlikePassword)];
  return dataDirBefore(name, (sqlite) => {
    const insert = sqlite.prepare(
      `insert into users (username, name, status, password_hash, created_at) values (?, ?, 'enabled', ?, ?)`,
    );
    insert.run('admin', '系统管理员', hashes[0], now);
    insert.run('Carol', 'Carol', hashes[0], now);
    insert.run('Admin', '仿冒者', hashes[1], now);
    sqlite
      .prepare(
        `insert into roles (code, name, description, builtin, created_at, updated_at) values ('admin', '系统管理员', '', 1, ?, ?)`,
      )
      .run(now, now);
    sqlite.prepare('insert into user_roles (user_id, role_id) values (1, 1)').run();
    sqlite
      .prepare(
        `insert into sign_in_attempts (method, principal, address, at, cleared) values (?, ?, ?, ?, 0)`,
      )
      .run('password', 'ADMIN', '10.0.0.9', now);
  });
}

describe(`migration ${name}`, () => {
  it('keys every user, keeps a later look-alike with a key of its own and logs it', async () => {
    const dataDir = await upgraded();
    const db = await openDatabase(dataDir);
    try {
      expect(
        await db.selectFrom('users').select(['id', 'username', 'username_key']).orderBy('id').execute(),
      ).toEqual([
        { id: 1, username: 'admin', username_key: 'admin' },
        { id: 2, username: 'Carol', username_key: 'carol' },
        { id: 3, username: 'Admin', username_key: 'admin#3' },
      ]);
      expect(await db.selectFrom('sign_in_attempts').select('principal').execute()).toEqual([
        { principal: 'admin' },
      ]);
      await expect(
        db.updateTable('users').set({ username_key: 'carol' }).where('id', '=', 1).execute(),
      ).rejects.toThrow(/UNIQUE/);
    } finally {
      await db.destroy();
    }
    expect(operationLog(dataDir)).toEqual([
      expect.objectContaining({
        user_id: null,
        area: 'KEY.SYSTEM.USER',
        action: name,
        target: '#3 Admin',
        result: 'success',
        detail_zh: expect.stringContaining('与更早的用户 #1「admin」只差大小写或全角半角'),
        detail_en: expect.stringContaining('differs from the older user #1 “admin” only in case or width'),
      }),
    ]);
  });

  // The test app's database on PostgreSQL is a fresh one, not the upgraded SQLite file.
  it.skipIf(testOnPostgres)(
    'lets the look-alike sign in typed exactly, and keep its name until renamed',
    async () => {
      const dataDir = await upgraded();
      // Every other spelling is the older user's.
      const t = await startTestApp({ dataDir });
      const lookAlike = await t.signIn('Admin', lookAlikePassword);
      expect((await t.call('getCurrentUser', { token: lookAlike })).body.data.id).toBe(3);
      const admin = await t.signIn('ADMIN', testAdminPassword);
      expect((await t.call('getCurrentUser', { token: admin })).body.data.id).toBe(1);
      // Kept through an edit that keeps the name; a new name gets its own key.
      const body = (username: string) => ({
        username,
        name: '仿冒者',
        phone: null,
        email: null,
        status: 'disabled',
        roleIds: [1],
      });
      expect(
        (await t.call('updateUser', { token: admin, params: { id: 3 }, body: body('Admin') })).body.success,
      ).toBe(true);
      expect(
        (await t.call('updateUser', { token: admin, params: { id: 3 }, body: body('eve') })).body.success,
      ).toBe(true);
      expect(
        withSqlite(dataDir, (sqlite) => sqlite.prepare('select username_key from users where id = 3').get()),
      ).toEqual({ username_key: 'eve' });
    },
  );
});

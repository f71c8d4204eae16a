import { describe, expect, it } from 'vitest';
import {
  addRole,
  addUser,
  fieldMessages,
  operationLog,
  startTestApp,
  testAdminPassword,
  userBody,
} from '../test-support/test-app';

const password = 'Names12345';

/** An app with `ops`, who may manage users but is no administrator. */
async function withOperator() {
  const t = await startTestApp();
  const roleId = await addRole(t.dataDir, 'useradmin', ['KEY.SYSTEM', 'KEY.SYSTEM.USER']);
  const id = await addUser(t.dataDir, { username: 'ops', password, roles: ['useradmin'] });
  return { t, roleId, id, token: await t.signIn('ops', password) };
}

describe('user names regardless of case and width', () => {
  it('refuses a user renaming themself to a look-alike of another, naming the field in both languages', async () => {
    const { t, roleId, id, token } = await withOperator();
    const renamed = await t.call('updateUser', { token, params: { id }, body: userBody('Admin', [roleId]) });
    expect(renamed.status).toBe(400);
    expect(fieldMessages(renamed.body)).toEqual({
      username: '与已有用户「admin」只差大小写或全角半角，请换一个用户名',
    });
    const english = await t.call('updateUser', {
      token,
      params: { id },
      body: userBody('ADMIN', [roleId]),
      lang: 'en-US',
    });
    expect(fieldMessages(english.body)).toEqual({
      username:
        'differs from the existing user “admin” only in letter case or width; choose another user name',
    });
    const created = await t.call('createUser', { token, body: { ...userBody('OPS', [roleId]), password } });
    expect(fieldMessages(created.body)).toEqual({
      username: '与已有用户「ops」只差大小写或全角半角，请换一个用户名',
    });
    const kept = await t.call('updateUser', { token, params: { id }, body: userBody('ops', [roleId]) });
    expect(kept.body.success).toBe(true);
    // A change of case of one's own name is no look-alike of anyone else.
    const recased = await t.call('updateUser', { token, params: { id }, body: userBody('Ops', [roleId]) });
    expect(recased.body.success).toBe(true);
    expect(operationLog(t.dataDir).filter((row) => row.username === 'Admin')).toEqual([]);
  });

  it('signs in whatever the case and width of the name, as the user of that name', async () => {
    const t = await startTestApp();
    for (const spelling of ['ADMIN', 'ａｄｍｉｎ', 'Ａｄｍｉｎ']) {
      const token = await t.signIn(spelling, testAdminPassword);
      const me = await t.call('getCurrentUser', { token });
      expect(me.body.data).toMatchObject({ id: 1, userName: 'admin' });
      expect(operationLog(t.dataDir).at(-1)).toMatchObject({
        action: 'loginByPassword',
        user_id: 1,
        username: 'admin',
        target: spelling,
      });
    }
  });

  it('locks a name against wrong passwords spread over its spellings', async () => {
    const t = await startTestApp();
    const attempt = (username: string, typed = 'wrong-1234') =>
      t.call('loginByPassword', { body: { username, password: typed } });
    for (const spelling of ['admin', 'Admin', 'ADMIN', 'ａｄｍｉｎ']) {
      expect((await attempt(spelling)).body.code).toBe('1001');
    }
    expect((await attempt('admiN')).status).toBe(423);
    expect((await attempt('admin', testAdminPassword)).status).toBe(423);
  });
});

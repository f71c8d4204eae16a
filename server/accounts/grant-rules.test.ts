import { beforeAll, describe, expect, it } from 'vitest';
import {
  addRole,
  addUser,
  afterSuite,
  contract,
  fieldMessages,
  snapshotRows,
  startTestApp,
  type CallOptions,
  type TestApp,
  userBody,
} from '../test-support/test-app';
import { scaled } from '../../test-support/test-timeouts';

// Computed from the contract's access keys, so a new key is covered as it is added: for every key,
// a caller who manages roles or users but lacks the key cannot grant it, nor touch what holds it;
// the caller holding it can.

const roleKey = 'KEY.SYSTEM.ROLE';
const userKey = 'KEY.SYSTEM.USER';
const adminRoleId = 1;
const adminUserId = 1;
const password = 'Grant12345';
const keyIndex = (key: string) => contract.accessKeys.indexOf(key);

describe('grant rules', () => {
  const cleanup = afterSuite();
  let t: TestApp;
  /** Role and user per key: `holds<i>` holding only key i, held by user `user<i>`; `spare<i>` held by none. */
  const roleOf = new Map<string, number>();
  const spareOf = new Map<string, number>();
  const userOf = new Map<string, number>();
  let roleManager: { token: string; roleId: number };
  let userManager: { token: string; id: number; roleId: number };
  /** Holds every key through a role of their own, but not the built-in administrator role. */
  let everyKey: { token: string; id: number; roleId: number };

  beforeAll(async () => {
    t = await startTestApp({}, cleanup);
    for (const key of contract.accessKeys) {
      roleOf.set(key, await addRole(t.dataDir, `holds${keyIndex(key)}`, [key]));
      spareOf.set(key, await addRole(t.dataDir, `spare${keyIndex(key)}`, [key]));
      userOf.set(
        key,
        await addUser(t.dataDir, {
          username: `user${keyIndex(key)}`,
          password,
          roles: [`holds${keyIndex(key)}`],
        }),
      );
    }
    const signedIn = async (username: string, keys: readonly string[]) => {
      const roleId = await addRole(t.dataDir, username, keys);
      const id = await addUser(t.dataDir, { username, password, roles: [username] });
      return { token: await t.signIn(username, password), id, roleId };
    };
    roleManager = await signedIn('roleManager', [roleKey]);
    userManager = await signedIn('userManager', [userKey]);
    everyKey = await signedIn('everyKey', contract.accessKeys);
  }, scaled(60_000));

  /** A refused call: a 400 naming exactly `fields`, and nothing written. */
  async function refused(operationId: string, options: CallOptions, fields: readonly string[]) {
    const before = snapshotRows(t.dataDir);
    const { status, body } = await t.call(operationId, options);
    expect(status, JSON.stringify(body)).toBe(400);
    expect(Object.keys(fieldMessages(body)).sort()).toEqual([...fields].sort());
    expect(snapshotRows(t.dataDir)).toEqual(before);
    return body.msg as string;
  }

  async function allowed(operationId: string, options: CallOptions) {
    const { status, body } = await t.call(operationId, options);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data as Record<string, unknown>;
  }

  const role = (code: string, accessKeys: readonly string[]) => ({ code, name: code, accessKeys });

  describe.each(contract.accessKeys.map((key) => [key]))('%s', (key) => {
    const index = keyIndex(key);

    it(`a holder of ${roleKey} alone grants it only if it is that key`, async () => {
      const token = roleManager.token;
      const create = { token, body: role(`new${index}`, [key]) };
      if (key === roleKey) await allowed('createRole', create);
      else expect(await refused('createRole', create, ['accessKeys'])).toContain(key);
    });

    it(`a holder of ${roleKey} alone cannot add it to their own role`, async () => {
      const body = role('roleManager', [...new Set([roleKey, key])]);
      const update = { token: roleManager.token, params: { id: roleManager.roleId }, body };
      // Adding the key they hold already changes nothing: allowed, as renaming is.
      if (key === roleKey) await allowed('updateRole', update);
      else expect(await refused('updateRole', update, ['accessKeys'])).toContain(key);
    });

    it(`a holder of ${roleKey} alone edits and deletes a role holding it only if it is that key`, async () => {
      const token = roleManager.token;
      const rename = { token, params: { id: roleOf.get(key) as number }, body: role(`holds${index}`, [key]) };
      const remove = { token, body: { ids: [spareOf.get(key) as number] } };
      if (key === roleKey) {
        await allowed('updateRole', rename);
        await allowed('bulkDeleteRoles', remove);
      } else {
        expect(await refused('updateRole', rename, ['id'])).toContain(key);
        expect(await refused('bulkDeleteRoles', remove, ['ids'])).toContain(key);
        expect(
          await refused('deleteRole', { token, params: { id: spareOf.get(key) as number } }, ['id']),
        ).toContain(key);
      }
    });

    it(`a holder of ${userKey} alone assigns a role holding it only if it is that key`, async () => {
      const { token, id, roleId } = userManager;
      const create = { token, body: { ...userBody(`new${index}`, [roleOf.get(key) as number]), password } };
      const assignSelf = {
        token,
        params: { id },
        body: userBody('userManager', [roleId, roleOf.get(key) as number]),
      };
      if (key === userKey) {
        await allowed('createUser', create);
        await allowed('updateUser', assignSelf);
      } else {
        expect(await refused('createUser', create, ['roleIds'])).toContain(key);
        expect(await refused('updateUser', assignSelf, ['roleIds'])).toContain(key);
      }
    });

    it(`a holder of ${userKey} alone manages a user holding it only if it is that key`, async () => {
      const token = userManager.token;
      const id = userOf.get(key) as number;
      const username = `user${index}`;
      const roleIds = [roleOf.get(key) as number];
      const edit = { token, params: { id }, body: userBody(username, roleIds, { phone: '13800138000' }) };
      const disable = { token, params: { id }, body: userBody(username, roleIds, { status: 'disabled' }) };
      const reset = { token, params: { id } };
      const remove = { token, params: { id } };
      if (key === userKey) {
        await allowed('updateUser', edit);
        await allowed('updateUser', disable);
        expect(await allowed('resetUserPassword', reset)).toHaveProperty('password');
        await allowed('deleteUser', remove);
      } else {
        expect(await refused('updateUser', edit, ['id'])).toContain(key);
        expect(await refused('updateUser', disable, ['status'])).toContain(key);
        expect(await refused('resetUserPassword', reset, ['id'])).toContain(key);
        expect(await refused('deleteUser', remove, ['id'])).toContain(key);
        expect(await refused('bulkDeleteUsers', { token, body: { ids: [id] } }, ['ids'])).toContain(key);
      }
    });

    it('a caller holding every key manages the user and the role holding it', async () => {
      const token = everyKey.token;
      const id = userOf.get(key) as number;
      await allowed('updateRole', {
        token,
        params: { id: roleOf.get(key) as number },
        body: role(`holds${index}`, [key]),
      });
      if (key !== userKey) await allowed('resetUserPassword', { token, params: { id } });
    });
  });

  it(`a holder of ${userKey} alone cannot take over the administrator`, async () => {
    const { token, id, roleId } = userManager;
    expect(await refused('resetUserPassword', { token, params: { id: adminUserId } }, ['id'])).toContain(
      '用户「admin」是管理员',
    );
    await refused(
      'updateUser',
      { token, params: { id: adminUserId }, body: userBody('admin', [adminRoleId]) },
      ['id'],
    );
    await refused(
      'updateUser',
      { token, params: { id }, body: userBody('userManager', [roleId, adminRoleId]) },
      ['roleIds'],
    );
    await refused('createUser', { token, body: { ...userBody('mole', [adminRoleId]), password } }, [
      'roleIds',
    ]);
  });

  it('only administrators touch administrators and the built-in role, even for a holder of every key', async () => {
    const { token, id, roleId } = everyKey;
    await allowed('createRole', { token, body: role('everything', contract.accessKeys) });
    await refused('resetUserPassword', { token, params: { id: adminUserId } }, ['id']);
    const admin = userBody('admin', [adminRoleId]);
    await refused('updateUser', { token, params: { id: adminUserId }, body: admin }, ['id']);
    await refused('deleteUser', { token, params: { id: adminUserId } }, ['id']);
    await refused(
      'updateUser',
      { token, params: { id }, body: userBody('everyKey', [roleId, adminRoleId]) },
      ['roleIds'],
    );
    const builtin = { code: 'admin', name: '超级管理员', accessKeys: contract.accessKeys };
    await refused('updateRole', { token, params: { id: adminRoleId }, body: builtin }, ['id']);
  });

  it('nobody changes the keys of a role they hold, even to fewer; renaming it is fine', async () => {
    const { token, roleId } = everyKey;
    const fewer = role('everyKey', contract.accessKeys.slice(1));
    expect(
      await refused('updateRole', { token, params: { id: roleId }, body: fewer }, ['accessKeys']),
    ).toMatch(/自己所持角色/);
    await allowed('updateRole', {
      token,
      params: { id: roleId },
      body: { ...role('everyKey', contract.accessKeys), name: '全部权限' },
    });
  });

  it('answers the refusal in English too', async () => {
    const key = contract.accessKeys.find((other) => other !== roleKey) as string;
    const { body } = await t.call('createRole', {
      token: roleManager.token,
      body: role('english', [key]),
      lang: 'en-US',
    });
    expect(body.msg).toBe(`accessKeys: you cannot grant access keys you do not hold: ${key}`);
  });
});

import { describe, expect, it } from 'vitest';
import {
  addRole,
  addUser,
  startTestApp,
  testAdminPassword,
  type CallOptions,
  type CallResult,
  type TestApp,
  userBody,
} from '../test-support/test-app';
import { knownTestDatabaseUrl, testOnPostgres } from '../test-support/test-database';
import { scaled } from '../../test-support/test-timeouts';

// The account guards judge what is stored, so two writes judged at the same moment must not both
// pass on a state that neither leaves. Each pair below is sent at once, on PostgreSQL through two
// servers on one database (the estate's case), on SQLite through the one server it allows.

const rounds = 20;
const adminRoleId = 1;
const adminUserId = 1;
const password = 'Racing1234';

type Call = (operationId: string, options?: CallOptions) => Promise<CallResult>;

/** The app, and a call through a second server on the same database where there may be one. */
async function twoServers(): Promise<{ t: TestApp; callA: Call; callB: Call }> {
  const t = await startTestApp();
  const b = testOnPostgres ? await startTestApp({ databaseUrl: knownTestDatabaseUrl(t.dataDir) }) : t;
  return { t, callA: t.call, callB: b.call };
}

/** A refusal may come from the guards or, once the caller lost their role, from the access check. */
const outcome = ({ status, body }: CallResult) =>
  body.success ? 'done' : status >= 400 && status < 500 ? 'refused' : `${status} ${body.msg}`;

describe('account guards under concurrency', () => {
  it(
    'keeps an administrator when two administrators demote each other at the same moment',
    async () => {
      const { t, callA, callB } = await twoServers();
      const watch = await addRole(t.dataDir, 'watch', ['KEY.CENTER']);
      const ids = {
        x: await addUser(t.dataDir, { username: 'xavier', password, roles: ['admin'] }),
        y: await addUser(t.dataDir, { username: 'yvonne', password, roles: ['admin'] }),
      };
      const tokens = { x: await t.signIn('xavier', password), y: await t.signIn('yvonne', password) };
      // Only xavier and yvonne stay administrators.
      const admin = await t.signIn('admin', testAdminPassword);
      const demoted = await t.call('updateUser', {
        token: admin,
        params: { id: adminUserId },
        body: userBody('admin', [watch]),
      });
      expect(demoted.body.success).toBe(true);

      const outcomes: string[][] = [];
      for (let round = 0; round < rounds; round += 1) {
        const answers = await Promise.all([
          callA('updateUser', { token: tokens.x, params: { id: ids.y }, body: userBody('yvonne', [watch]) }),
          callB('updateUser', { token: tokens.y, params: { id: ids.x }, body: userBody('xavier', [watch]) }),
        ]);
        const [first, second] = answers.map(outcome) as [string, string];
        outcomes.push([first, second].sort());
        // Whoever is still administrator makes the other one again.
        const [survivor, other] = first === 'done' ? (['x', 'y'] as const) : (['y', 'x'] as const);
        const restored = await t.call('updateUser', {
          token: tokens[survivor],
          params: { id: ids[other] },
          body: userBody(other === 'x' ? 'xavier' : 'yvonne', [adminRoleId]),
        });
        if (!restored.body.success) break;
      }
      expect(outcomes).toEqual(Array.from({ length: rounds }, () => ['done', 'refused']));
    },
    scaled(60_000),
  );

  it(
    'keeps a key an administrator gives a role that a manager lacking it edits at the same moment',
    async () => {
      const { t, callA, callB } = await twoServers();
      await addRole(t.dataDir, 'manager', ['KEY.SYSTEM', 'KEY.SYSTEM.ROLE', 'KEY.CENTER']);
      const role = await addRole(t.dataDir, 'viewer', ['KEY.CENTER']);
      await addUser(t.dataDir, { username: 'mallory', password, roles: ['manager'] });
      const token = await t.signIn('mallory', password);
      const admin = await t.signIn('admin', testAdminPassword);
      const roleBody = (accessKeys: string[], description = '') => ({
        code: 'viewer',
        name: 'viewer',
        description,
        accessKeys,
      });

      const outcomes: unknown[] = [];
      for (let round = 0; round < rounds; round += 1) {
        const answers = await Promise.all([
          callA('updateRole', {
            token: admin,
            params: { id: role },
            body: roleBody(['KEY.CENTER', 'KEY.CENTER.VIDEO']),
          }),
          callB('updateRole', {
            token,
            params: { id: role },
            body: roleBody(['KEY.CENTER'], `round ${round}`),
          }),
        ]);
        const keys = (await t.call('getRole', { token: admin, params: { id: role } })).body.data.accessKeys;
        outcomes.push([...answers.map(outcome), keys.join(' ')]);
        await t.call('updateRole', { token: admin, params: { id: role }, body: roleBody(['KEY.CENTER']) });
      }
      // The manager's edit came first and the administrator's after it, or came second and was refused.
      expect(outcomes).toEqual(
        Array.from({ length: rounds }, () => [
          'done',
          expect.stringMatching(/^(done|refused)$/),
          'KEY.CENTER KEY.CENTER.VIDEO',
        ]),
      );
    },
    scaled(60_000),
  );
});

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { defaultOpenApiPath } from '../contract/load-contract';
import {
  addRole,
  addUser,
  clientHeaders,
  contract,
  startTestApp,
  tempDir,
  testAdminPassword,
  tokenHeader,
  withSqlite,
  type TestApp,
} from '../test-support/test-app';

const fixturePath = '/fixture/audit-log';

/** The real contract plus one operation guarded by KEY.SYSTEM.LOG, written to a temp file. */
function fixtureContract(change: (operation: Record<string, unknown>) => void = () => undefined): string {
  const document = parse(readFileSync(defaultOpenApiPath, 'utf8')) as { paths: Record<string, unknown> };
  const operation: Record<string, unknown> = {
    operationId: 'readAuditLog',
    summary: '审计日志 / Read the audit log',
    'x-access': 'KEY.SYSTEM.LOG',
    responses: { '200': { description: 'ok' } },
  };
  change(operation);
  document.paths[fixturePath] = { get: operation };
  const file = join(tempDir(), 'openapi.yaml');
  writeFileSync(file, stringify(document));
  return file;
}

const handlers = { readAuditLog: async () => ({ entries: 3 }) };

function readAuditLog(t: TestApp, token?: string) {
  return t.app.inject({
    method: 'GET',
    url: contract.basePath + fixturePath,
    headers: { ...clientHeaders, ...(token === undefined ? {} : { [tokenHeader]: token }) },
  });
}

describe('x-access', () => {
  it('lets through exactly the users whose roles hold the key', async () => {
    const t = await startTestApp({ openApiPath: fixtureContract(), handlers });
    withSqlite(t.dataDir, (db) => {
      db.prepare("insert into roles (code, name) values ('auditor', '审计'), ('operator', '运维')").run();
      const grant = db.prepare(
        'insert into role_access_keys (role_id, access_key) select id, ? from roles where code = ?',
      );
      grant.run('KEY.SYSTEM.LOG', 'auditor');
      grant.run('KEY.SYSTEM', 'operator');
    });
    await addUser(t.dataDir, { username: 'auditor', password: 'auditor123', roles: ['auditor'] });
    await addUser(t.dataDir, { username: 'operator', password: 'operator123', roles: ['operator'] });

    for (const [username, password] of [
      ['admin', testAdminPassword],
      ['auditor', 'auditor123'],
    ] as const) {
      const allowed = await readAuditLog(t, await t.signIn(username, password));
      expect(allowed.statusCode).toBe(200);
      expect(allowed.json()).toEqual({ success: true, code: '0', msg: 'ok', data: { entries: 3 } });
    }

    const denied = await readAuditLog(t, await t.signIn('operator', 'operator123'));
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ success: false, code: '403', data: null });
    expect(denied.json().msg).toContain('KEY.SYSTEM.LOG');

    expect((await readAuditLog(t)).statusCode).toBe(401);
  });
});

describe('the order of the checks', () => {
  it('answers 401, then 403, before the body is read', async () => {
    const t = await startTestApp();
    await addRole(t.dataDir, 'viewer', ['KEY.DEVICE']);
    await addUser(t.dataDir, { username: 'viewer', password: 'viewer1234', roles: ['viewer'] });
    const viewer = await t.signIn('viewer', 'viewer1234');
    const unreadable = [
      { rawBody: '{"name": ' },
      { rawBody: JSON.stringify({ name: 'x'.repeat(70 * 1024) }) },
      { rawBody: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    ];
    for (const body of unreadable) {
      expect((await t.call('createAiServer', body)).status).toBe(401);
      const denied = await t.call('createAiServer', { ...body, token: viewer });
      expect(denied.status).toBe(403);
      expect(denied.body.msg).toContain('KEY.DEVICE.AISERVER');
    }
  });
});

describe('binding the contract', () => {
  it.each([
    [
      'an x-access key outside AccessKey',
      (op: Record<string, unknown>) => (op['x-access'] = 'KEY.NOPE'),
      /KEY\.NOPE/,
    ],
    [
      'an x-access operation without the session token',
      (op: Record<string, unknown>) => (op.security = [{ clientType: [], clientHost: [] }]),
      /x-access but does not require sessionToken/,
    ],
    [
      'two security alternatives',
      (op: Record<string, unknown>) => (op.security = [{ sessionToken: [] }, { clientType: [] }]),
      /2 security alternatives/,
    ],
  ])('refuses to start with %s', async (_case, change, message) => {
    await expect(startTestApp({ openApiPath: fixtureContract(change), handlers })).rejects.toThrow(message);
  });

  it('refuses to start with an operation nobody handles, or a handler for no operation', async () => {
    await expect(startTestApp({ openApiPath: fixtureContract() })).rejects.toThrow(
      'openapi.yaml operations without a server handler: readAuditLog (server/<room>/read-audit-log-operations.ts exporting readAuditLogOperations)',
    );
    await expect(startTestApp({ handlers })).rejects.toThrow(
      'server handlers for operations openapi.yaml lacks: readAuditLog',
    );
  });
});

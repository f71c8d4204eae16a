import { answersEventStream } from '../test-support/event-stream';
import { describe, expect, it } from 'vitest';
import { createSampler } from '../test-support/contract-samples';
import {
  addRole,
  addUser,
  clientHeaders,
  contract,
  operationLog,
  startTestApp,
  testAdminPassword,
  tokenHeader,
} from '../test-support/test-app';
import { accessKeyOf } from '../../contract/operation-access';
import { isLoggedOperation } from './operation-log';

const server = {
  name: '边缘盒子-01',
  serialNumber: 'SN-0001',
  ip: '10.0.0.1',
  port: 8000,
  acceleratorType: 'NPU',
  channelCapacity: 16,
};
const sampler = createSampler(contract);

describe('operation log', () => {
  it('records sign-in successes and failures under the name tried, never the password', async () => {
    const t = await startTestApp();
    await t.call('loginByPassword', { body: { username: 'admin', password: 'Wrong-secret-1' } });
    await t.signIn('admin', testAdminPassword);
    const log = operationLog(t.dataDir);
    expect(log).toEqual([
      expect.objectContaining({
        user_id: null,
        username: null,
        ip: '127.0.0.1',
        area: null,
        action: 'loginByPassword',
        action_name_zh: '密码登录',
        action_name_en: 'Sign in with password',
        target: 'admin',
        result: 'failure',
        code: '1001',
        detail_zh: '用户名或密码错误',
        detail_en: 'Wrong user name or password',
      }),
      expect.objectContaining({
        user_id: 1,
        username: 'admin',
        target: 'admin',
        result: 'success',
        code: '0',
      }),
    ]);
    expect(JSON.stringify(log)).not.toMatch(/Wrong-secret-1|Admin12345/);
  });

  it('records sign-out and password changes, failed or not, without passwords', async () => {
    const t = await startTestApp();
    const token = await t.signIn('admin', testAdminPassword);
    await t.call('changePassword', { token, body: { oldPassword: 'Not-it-123', newPassword: 'Better1234' } });
    await t.call('changePassword', {
      token,
      body: { oldPassword: testAdminPassword, newPassword: 'Better1234' },
    });
    const again = await t.signIn('admin', 'Better1234');
    await t.call('logout', { token: again });
    const log = operationLog(t.dataDir).slice(1);
    expect(log.map((entry) => [entry.action, entry.username, entry.result, entry.code])).toEqual([
      ['changePassword', 'admin', 'failure', '1003'],
      ['changePassword', 'admin', 'success', '0'],
      ['loginByPassword', 'admin', 'success', '0'],
      ['logout', 'admin', 'success', '0'],
    ]);
    expect(JSON.stringify(log)).not.toMatch(/Not-it-123|Better1234|Admin12345/);
  });

  it('records refused mutations: not signed in, lacking the key, unreadable body', async () => {
    const t = await startTestApp();
    await addRole(t.dataDir, 'viewer', ['KEY.DEVICE']);
    const viewerId = await addUser(t.dataDir, {
      username: 'viewer',
      password: 'viewer1234',
      roles: ['viewer'],
    });
    const viewer = await t.signIn('viewer', 'viewer1234');
    const admin = await t.signIn('admin', testAdminPassword);
    await t.call('createAiServer', { body: server });
    await t.call('createAiServer', { token: viewer, body: server });
    await t.call('createAiServer', { token: admin, rawBody: '{"name": ' });
    const log = operationLog(t.dataDir).slice(2);
    expect(log).toEqual([
      expect.objectContaining({
        user_id: null,
        action: 'createAiServer',
        area: 'KEY.DEVICE.AISERVER',
        result: 'failure',
        code: '401',
      }),
      expect.objectContaining({ user_id: viewerId, username: 'viewer', result: 'failure', code: '403' }),
      expect.objectContaining({
        user_id: 1,
        username: 'admin',
        result: 'failure',
        code: '400',
        detail_zh: 'body：不是合法的 JSON',
      }),
    ]);
  });

  it('leaves reads out (lists, details, exports, the current user) but those of recorded video', async () => {
    const t = await startTestApp();
    const token = await t.signIn('admin', testAdminPassword);
    const logged = operationLog(t.dataDir).length;
    // An event stream never ends (app.inject would wait for ever); its GET is left out like any other.
    const reads = contract.operations.filter((op) => op.method === 'GET' && !answersEventStream(op));
    for (const operation of reads) {
      await t.app.inject({
        method: 'GET',
        url: sampler.url(operation),
        headers: { ...clientHeaders, [tokenHeader]: token },
      });
    }
    // Only a read marked `x-oplog: true` (an MP4 of recorded video, evidence handed on) writes its entry.
    const marked = reads.filter(isLoggedOperation).map((operation) => operation.operationId);
    expect(marked).toEqual(['exportRecording', 'downloadAlertClip']);
    expect(
      operationLog(t.dataDir)
        .slice(logged)
        .map((entry) => entry.action),
    ).toEqual(marked);
  });

  it('writes one entry for a call of every operation but GET, computed from openapi.yaml', async () => {
    const t = await startTestApp();
    const mutations = contract.operations.filter(isLoggedOperation);
    expect(mutations.length).toBeGreaterThan(0);
    for (const operation of mutations) {
      // A fresh session each time: logout and password changes end it.
      const token = await t.signIn('admin', testAdminPassword);
      const before = operationLog(t.dataDir).length;
      const body = sampler.body(operation);
      const response = await t.app.inject({
        method: operation.method,
        url: sampler.url(operation),
        headers: {
          ...clientHeaders,
          [tokenHeader]: token,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      const added = operationLog(t.dataDir).slice(before);
      expect(added).toEqual([
        expect.objectContaining({
          action: operation.operationId,
          action_name_zh: operation.summary.zh,
          action_name_en: operation.summary.en,
          area: accessKeyOf(operation.access),
          result: response.json().success ? 'success' : 'failure',
          code: response.json().code,
        }),
      ]);
    }
  });
});

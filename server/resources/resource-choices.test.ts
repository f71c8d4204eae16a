import { describe, expect, it } from 'vitest';
import {
  addRole,
  addUser,
  contract,
  creator,
  startTestApp,
  testAdminPassword,
  type TestApp,
} from '../test-support/test-app';
import { choiceLimit } from './resource-choices';

const choiceOperations = contract.operations.filter((operation) => operation.operationId.endsWith('Choices'));

const fieldsOf = (operationId: string): string[] => {
  const field = choiceOperations
    .find((operation) => operation.operationId === operationId)
    ?.parameters.find((parameter) => parameter.name === 'field');
  return (field?.schema?.enum as string[] | undefined) ?? [];
};

async function adminApp(): Promise<{ t: TestApp; token: string }> {
  const t = await startTestApp();
  return { t, token: await t.signIn('admin', testAdminPassword) };
}

const box = (n: number, name: string) => ({
  name,
  serialNumber: `SN-${n}`,
  ip: `10.0.0.${n}`,
  port: 8000,
  acceleratorType: 'NPU',
  channelCapacity: 4,
});

describe('choices of reference fields', () => {
  it('exist for every resource with reference fields, each field answering under the resource key', async () => {
    expect(choiceOperations.length).toBeGreaterThan(0);
    const { t, token } = await adminApp();
    for (const operation of choiceOperations) {
      for (const field of fieldsOf(operation.operationId)) {
        const { status } = await t.call(operation.operationId, { token, query: { field } });
        expect(status, `${operation.operationId} ${field}`).toBe(200);
      }
    }
  });

  it('offer a camera operator the AI servers by name, searched and looked up by id, without the AI server key', async () => {
    const { t, token } = await adminApp();
    const addServer = creator(t, 'createAiServer', token);
    const idOf = (created: Record<string, unknown>) => (created.server as { id: number }).id;
    const north = idOf(await addServer(box(1, '北门盒子')));
    const south = idOf(await addServer(box(2, '南门盒子')));
    await addServer(box(3, '100%_盒子'));
    await addRole(t.dataDir, 'camera-only', ['KEY.DEVICE', 'KEY.DEVICE.CAMERA']);
    await addUser(t.dataDir, { username: 'watcher', password: 'Watcher-2024', roles: ['camera-only'] });
    const watcher = await t.signIn('watcher', 'Watcher-2024');

    const denied = await t.call('listAiServers', { token: watcher });
    expect(denied.status).toBe(403);

    const all = await t.call('listCameraChoices', { token: watcher, query: { field: 'aiServerId' } });
    expect(all.body.data.items.map((item: { label: string }) => item.label)).toEqual([
      '100%_盒子',
      '北门盒子',
      '南门盒子',
    ]);
    expect(Object.keys(all.body.data.items[0]).sort()).toEqual(['id', 'label']);

    const searched = await t.call('listCameraChoices', {
      token: watcher,
      query: { field: 'aiServerId', q: '北门' },
    });
    expect(searched.body.data.items).toEqual([{ id: north, label: '北门盒子' }]);
    // `%` and `_` are letters to search for, not patterns.
    const literal = await t.call('listCameraChoices', {
      token: watcher,
      query: { field: 'aiServerId', q: '%_' },
    });
    expect(literal.body.data.items.map((item: { label: string }) => item.label)).toEqual(['100%_盒子']);

    const byIds = await t.call('listCameraChoices', {
      token: watcher,
      query: { field: 'aiServerId', ids: `${south},${north},999` },
    });
    expect(byIds.body.data.items).toEqual([
      { id: north, label: '北门盒子' },
      { id: south, label: '南门盒子' },
    ]);
  });

  it('answer at most a page of choices, and refuse callers without the resource key', async () => {
    const { t, token } = await adminApp();
    const addServer = creator(t, 'createAiServer', token);
    for (let n = 1; n <= choiceLimit + 5; n += 1)
      await addServer(box(n, `盒子-${String(n).padStart(2, '0')}`));
    const { body } = await t.call('listCameraChoices', { token, query: { field: 'aiServerId' } });
    expect(body.data.items).toHaveLength(choiceLimit);

    await addRole(t.dataDir, 'visitors-only', ['KEY.ACCESS', 'KEY.ACCESS.VISITOR']);
    await addUser(t.dataDir, { username: 'desk', password: 'Desk-2024-ok', roles: ['visitors-only'] });
    const desk = await t.signIn('desk', 'Desk-2024-ok');
    const refused = await t.call('listCameraChoices', { token: desk, query: { field: 'aiServerId' } });
    expect(refused.status).toBe(403);
    const own = await t.call('listVisitorChoices', { token: desk, query: { field: 'hostStaffId' } });
    expect(own.status).toBe(200);
  });

  it('offer a user admin the roles by name', async () => {
    const { t, token } = await adminApp();
    await addRole(t.dataDir, 'gate', ['KEY.ACCESS']);
    const { body } = await t.call('listUserChoices', { token, query: { field: 'roleIds', q: 'gate' } });
    expect(body.data.items).toEqual([{ id: expect.any(Number), label: 'gate' }]);
  });

  it('answer a 400 naming the field for a field the resource does not reference, or malformed ids', async () => {
    const { t, token } = await adminApp();
    const unknown = await t.call('listCameraChoices', { token, query: { field: 'name' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.errors[0].field).toBe('query.field');
    const badIds = await t.call('listCameraChoices', { token, query: { field: 'aiServerId', ids: '1,,2' } });
    expect(badIds.status).toBe(400);
    expect(badIds.body.data.errors[0].field).toBe('query.ids');
  });
});

import { describe, expect, it } from 'vitest';
import {
  clientHeaders,
  operationLog,
  startTestApp,
  testAdminPassword,
  tokenHeader,
  type TestApp,
} from '../test-support/test-app';

interface Entry {
  id: number;
  time: string;
  username: string | null;
  area: string | null;
  action: string;
  actionName: string;
  target: string;
  result: string;
  code: string;
  detail: string;
}

const server = (n: number, change: Record<string, unknown> = {}) => ({
  name: `边缘盒子-${n}`,
  serialNumber: `SN-${n}`,
  ip: `10.0.0.${n}`,
  port: 8000,
  acceleratorType: 'NPU',
  channelCapacity: 16,
  ...change,
});

/**
 * A log of five entries a minute apart from 08:00Z: admin signs in, adds servers 1 and 2, fails to add
 * a duplicate of 1, and changes server 2.
 */
async function loggedDay() {
  const t = await startTestApp();
  const token = await t.signIn('admin', testAdminPassword);
  const step = async (operationId: string, options: Record<string, unknown>) => {
    t.clock.advance(60_000);
    return t.call(operationId, { token, ...options });
  };
  await step('createAiServer', { body: server(1) });
  const second = await step('createAiServer', { body: server(2) });
  await step('createAiServer', { body: server(1) });
  t.clock.advance(60_000);
  const updated = await t.app.inject({
    method: 'PUT',
    url: `/cfop/aiservers/${String(second.body.data.server.id)}`,
    headers: { ...clientHeaders, [tokenHeader]: token, 'content-type': 'application/json' },
    payload: JSON.stringify(server(2, { location: '二号机房' })),
  });
  expect(updated.statusCode).toBe(200);
  return { t, token };
}

function get(t: TestApp, token: string, path: string, language = 'zh-CN') {
  return t.app.inject({
    method: 'GET',
    url: `/cfop${path}`,
    headers: { ...clientHeaders, [tokenHeader]: token, 'accept-language': language },
  });
}

async function list(t: TestApp, token: string, search = '', language?: string) {
  const response = await get(t, token, `/operation-logs${search}`, language);
  expect(response.statusCode).toBe(200);
  return response.json().data as { items: Entry[]; total: number; page: number; pageSize: number };
}

const at = (minutes: number) =>
  new Date(Date.parse('2030-01-01T08:00:00.000Z') + minutes * 60_000).toISOString();

describe('listOperationLogs', () => {
  it('answers the entries newest first, paged, with action name and detail in the caller’s language', async () => {
    const { t, token } = await loggedDay();
    const all = await list(t, token);
    expect(all.total).toBe(5);
    expect(all.items.map((e) => [e.time, e.action, e.actionName, e.result])).toEqual([
      [at(4), 'updateAiServer', '编辑AI服务器', 'success'],
      [at(3), 'createAiServer', '新增AI服务器', 'failure'],
      [at(2), 'createAiServer', '新增AI服务器', 'success'],
      [at(1), 'createAiServer', '新增AI服务器', 'success'],
      [at(0), 'loginByPassword', '密码登录', 'success'],
    ]);
    const english = await list(t, token, '', 'en-US,en;q=0.9');
    expect(english.items.map((e) => e.actionName)).toEqual([
      'Change an AI server',
      'Add an AI server',
      'Add an AI server',
      'Add an AI server',
      'Sign in with password',
    ]);
    expect(all.items[0]).toMatchObject({
      username: 'admin',
      area: 'KEY.DEVICE.AISERVER',
      target: '#2 边缘盒子-2',
    });
    // The changed fields by their manifest labels, in the reader's language.
    expect(all.items[0]?.detail).toBe('修改：安装位置');
    expect(english.items[0]?.detail).toBe('changed: Location');
    expect(all.items[4]?.area).toBeNull();

    const second = await list(t, token, '?page=2&pageSize=2&sort=time');
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(second.items.map((e) => e.time)).toEqual([at(2), at(3)]);
  });

  it('filters by user, area, result, action name and a time range, combined', async () => {
    const { t, token } = await loggedDay();
    const times = async (search: string) => (await list(t, token, search)).items.map((e) => e.time);
    expect(await times('?username=ADM')).toHaveLength(5);
    expect(await times('?username=nobody')).toEqual([]);
    expect(await times('?area=KEY.DEVICE.AISERVER')).toEqual([at(4), at(3), at(2), at(1)]);
    expect(await times('?result=failure')).toEqual([at(3)]);
    expect(await times(`?actionName=${encodeURIComponent('新增')}&result=success`)).toEqual([at(2), at(1)]);
    // Both ends are inclusive; an offset is read as the instant it names.
    expect(await times(`?timeFrom=${encodeURIComponent(at(1))}&timeTo=${encodeURIComponent(at(3))}`)).toEqual(
      [at(3), at(2), at(1)],
    );
    expect(await times(`?timeFrom=${encodeURIComponent('2030-01-01T16:02:00+08:00')}`)).toEqual([
      at(4),
      at(3),
      at(2),
    ]);
    expect(await times(`?timeTo=${encodeURIComponent('2030-01-01T08:00:30Z')}`)).toEqual([at(0)]);
    expect(
      await times(
        `?actionName=AI${encodeURIComponent('服务器')}&timeFrom=${encodeURIComponent(at(2))}&timeTo=${encodeURIComponent(at(3))}`,
      ),
    ).toEqual([at(3), at(2)]);
  });

  it('searches the action name in the caller’s language, the one the table shows', async () => {
    const { t, token } = await loggedDay();
    const times = async (search: string, language?: string) =>
      (await list(t, token, search, language)).items.map((e) => e.time);
    expect(await times('?actionName=add')).toEqual([]);
    expect(await times('?actionName=add', 'en-US')).toEqual([at(3), at(2), at(1)]);
    expect(await times(`?actionName=${encodeURIComponent('新增')}`, 'en-US')).toEqual([]);
    expect(await times('?actionName=createAiServer')).toEqual([]);
  });

  it('refuses a time that is not a date-time, naming the parameter', async () => {
    const { t, token } = await loggedDay();
    const response = await get(t, token, '/operation-logs?timeFrom=yesterday');
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json().data)).toContain('timeFrom');
  });

  it('writes no entry for reading the log', async () => {
    const { t, token } = await loggedDay();
    const before = operationLog(t.dataDir).length;
    await list(t, token);
    await get(t, token, '/operation-logs/1');
    await get(t, token, '/operation-logs/export');
    expect(operationLog(t.dataDir)).toHaveLength(before);
  });
});

describe('getOperationLog', () => {
  it('answers one entry, or 404', async () => {
    const { t, token } = await loggedDay();
    const response = await get(t, token, '/operation-logs/4', 'en');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id: 4,
      action: 'createAiServer',
      actionName: 'Add an AI server',
      result: 'failure',
      code: '400',
    });
    expect(response.json().data.detail).toMatch(/serialNumber/);
    expect((await get(t, token, '/operation-logs/99')).statusCode).toBe(404);
  });
});

describe('exportOperationLogs', () => {
  it('streams the selected entries as a CSV attachment in the list order', async () => {
    const { t, token } = await loggedDay();
    const response = await get(
      t,
      token,
      `/operation-logs/export?actionName=AI%20server&timeTo=${encodeURIComponent(at(2))}&sort=time`,
      'en',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="operation-logs-start_2030-01-01-\d{8}-\d{4}\.csv"/,
    );
    const lines = response.rawPayload.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'ID,Time (UTC),User,User ID,IP address,Area,Action,Operation ID,Target,Result,Code,Detail',
    );
    expect(lines.slice(1).map((line) => line.split(',').slice(1, 2)[0])).toEqual([
      '2030-01-01 08:01:00',
      '2030-01-01 08:02:00',
      undefined,
    ]);
    expect(lines[1]).toContain(
      ',admin,1,127.0.0.1,AI servers,Add an AI server,createAiServer,#1 边缘盒子-1,Success,0,',
    );
  });

  it('writes the headers, area, result and times for a Chinese reader in their zone', async () => {
    const { t, token } = await loggedDay();
    const response = await t.app.inject({
      method: 'GET',
      url: `/cfop/operation-logs/export?result=failure`,
      headers: {
        ...clientHeaders,
        [tokenHeader]: token,
        'accept-language': 'zh-CN',
        'x-time-zone': 'Asia/Shanghai',
      },
    });
    expect(response.statusCode).toBe(200);
    const lines = response.rawPayload.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe(
      '编号,时间 (Asia/Shanghai),用户,用户编号,IP地址,功能区域,操作内容,接口标识,对象,结果,返回码,详情',
    );
    expect(lines[1]).toMatch(
      /^4,2030-01-01 16:03:00,admin,1,127\.0\.0\.1,AI服务器,新增AI服务器,createAiServer,[^,]*,失败,400,/,
    );
  });
});

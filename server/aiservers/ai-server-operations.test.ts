import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../kernel/session-token';
import {
  clientHeaders,
  operationLog,
  snapshotRows,
  startTestApp,
  testAdminPassword,
  tokenHeader,
  withSqlite,
  type TestApp,
} from '../test-support/test-app';
import { testOnPostgres } from '../test-support/test-database';

const input = (n: number, change: Record<string, unknown> = {}) => ({
  name: `边缘盒子-${String(n).padStart(2, '0')}`,
  serialNumber: `SN-${String(n).padStart(4, '0')}`,
  ip: `10.0.0.${n}`,
  port: 8000,
  acceleratorType: 'NPU',
  channelCapacity: 16,
  ...change,
});

async function signedIn() {
  const t = await startTestApp();
  const token = await t.signIn('admin', testAdminPassword);
  const create = async (body: Record<string, unknown>) => {
    const { body: answer } = await t.call('createAiServer', { token, body });
    if (!answer.success) throw new Error(answer.msg);
    t.clock.advance(1000);
    return answer.data.server as { id: number; [field: string]: unknown };
  };
  return { t, token, create };
}

function query(t: TestApp, token: string, path: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'GET',
    url: `/cfop${path}`,
    headers: { ...clientHeaders, [tokenHeader]: token, ...headers },
  });
}

async function list(t: TestApp, token: string, search = '') {
  const response = await query(t, token, `/aiservers${search}`);
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    items: { name: string; id: number }[];
    total: number;
    page: number;
    pageSize: number;
  };
}

describe('createAiServer', () => {
  it('answers the new server, offline with no loads, and its ingest key once; stores only the key digest', async () => {
    const { t, token } = await signedIn();
    const { status, body } = await t.call('createAiServer', {
      token,
      body: input(1, { hardwareModel: 'Atlas 500', location: '一号机房' }),
    });
    expect(status).toBe(200);
    const now = t.clock.now().toISOString();
    expect(body.data.server).toEqual({
      id: 1,
      ...input(1),
      hardwareModel: 'Atlas 500',
      softwareVersion: '',
      location: '一号机房',
      status: 'offline',
      lastHeartbeatAt: null,
      cpuLoad: null,
      memoryLoad: null,
      acceleratorLoad: null,
      cameraCount: 0,
      createdAt: now,
      updatedAt: now,
    });
    const key = body.data.ingestKey as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = withSqlite(t.dataDir, (db) => db.prepare('select * from ai_servers').all());
    expect(JSON.stringify(stored)).not.toContain(key);
    expect(stored).toEqual([expect.objectContaining({ ingest_key_hash: sha256Hex(key) })]);
    const got = await query(t, token, '/aiservers/1');
    expect(JSON.stringify(got.json())).not.toContain(key);
    expect(got.json().data).toEqual(body.data.server);
  });

  it.each([
    ['the serial number', input(2, { serialNumber: 'SN-0001' }), { serialNumber: '已存在' }],
    ['ip and port', input(2, { ip: '10.0.0.1' }), { ip: '与 port 的组合已存在', port: '与 ip 的组合已存在' }],
  ])('refuses a second server with %s, naming the fields, writing nothing', async (_case, body, errors) => {
    const { t, token, create } = await signedIn();
    await create(input(1));
    const before = snapshotRows(t.dataDir);
    const answer = await t.call('createAiServer', { token, body });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('400');
    expect(
      Object.fromEntries(
        answer.body.data.errors.map((e: { field: string; message: string }) => [e.field, e.message]),
      ),
    ).toEqual(errors);
    expect(snapshotRows(t.dataDir)).toEqual(before);
    const english = await t.call('createAiServer', {
      token,
      body: input(3, { serialNumber: 'SN-0001' }),
      lang: 'en-US',
    });
    expect(english.body.msg).toBe('serialNumber: already exists');
  });

  it('allows the same ip on another port', async () => {
    const { create } = await signedIn();
    await create(input(1));
    await expect(create(input(2, { ip: '10.0.0.1', port: 8001 }))).resolves.toMatchObject({ id: 2 });
  });
});

describe('listAiServers', () => {
  it('pages with a total, newest first by default', async () => {
    const { t, token, create } = await signedIn();
    for (let n = 1; n <= 25; n += 1) await create(input(n));
    const first = await list(t, token);
    expect(first).toMatchObject({ total: 25, page: 1, pageSize: 20 });
    expect(first.items.map((item) => item.id)).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i));
    const third = await list(t, token, '?page=3&pageSize=10');
    expect(third).toMatchObject({ total: 25, page: 3, pageSize: 10 });
    expect(third.items.map((item) => item.id)).toEqual([5, 4, 3, 2, 1]);
    expect((await list(t, token, '?page=9')).items).toEqual([]);
  });

  it('sorts by any field of the sort enum, both ways, ties by id', async () => {
    const { t, token, create } = await signedIn();
    await create(input(1, { name: 'b', channelCapacity: 8 }));
    await create(input(2, { name: 'a', channelCapacity: 32 }));
    await create(input(3, { name: 'c', channelCapacity: 8 }));
    const ids = async (sort: string) => (await list(t, token, `?sort=${sort}`)).items.map((item) => item.id);
    expect(await ids('name')).toEqual([2, 1, 3]);
    expect(await ids('-name')).toEqual([3, 1, 2]);
    expect(await ids('channelCapacity')).toEqual([1, 3, 2]);
    expect(await ids('-channelCapacity')).toEqual([2, 3, 1]);
    expect(await ids('createdAt')).toEqual([1, 2, 3]);
  });

  it('filters: contains (any case, wildcards taken literally) and equals, combined', async () => {
    const { t, token, create } = await signedIn();
    await create(input(1, { name: 'Gate_A 100%', location: '北门' }));
    await create(input(2, { name: 'gateB', acceleratorType: 'GPU' }));
    await create(input(3, { name: 'Yard', acceleratorType: 'GPU', location: '北门仓库' }));
    withSqlite(t.dataDir, (db) => db.prepare("update ai_servers set status = 'online' where id = 3").run());
    const names = async (search: string) =>
      (await list(t, token, search)).items.map((item) => item.name).sort();
    expect(await names('?name=GATE')).toEqual(['Gate_A 100%', 'gateB']);
    expect(await names('?name=_')).toEqual(['Gate_A 100%']);
    expect(await names(`?name=${encodeURIComponent('0%')}`)).toEqual(['Gate_A 100%']);
    expect(await names('?acceleratorType=GPU')).toEqual(['Yard', 'gateB']);
    expect(await names('?status=online')).toEqual(['Yard']);
    expect(await names(`?location=${encodeURIComponent('北门')}&acceleratorType=GPU`)).toEqual(['Yard']);
    expect(await names('?serialNumber=0002&ip=10.0.0')).toEqual(['gateB']);
    expect((await list(t, token, '?name=nothing')).total).toBe(0);
  });

  it('filters "contains" by the names as they are now: created, renamed, deleted', async () => {
    const { t, token, create } = await signedIn();
    const north = await create(input(1, { name: 'Gate "North" 100%' }));
    const south = await create(input(2, { name: 'gate-south' }));
    await create(input(3, { name: 'Yard' }));
    // The total is counted through the filter's index where the page, of most rows, is read in order.
    const names = async (text: string) => {
      const { items, total } = await list(t, token, `?name=${encodeURIComponent(text)}`);
      expect(total).toBe(items.length);
      return items.map((item) => item.name).sort();
    };
    expect(await names('GATE')).toEqual(['Gate "North" 100%', 'gate-south']);
    expect(await names('"north"')).toEqual(['Gate "North" 100%']);
    expect(await names('100%')).toEqual(['Gate "North" 100%']);
    expect(await names('e-s')).toEqual(['gate-south']);
    expect(await names('1_0')).toEqual([]);

    const { body } = await t.call('updateAiServer', {
      token,
      params: { id: south.id },
      body: input(2, { name: 'Yard-South' }),
    });
    expect(body.success).toBe(true);
    expect(await names('gate')).toEqual(['Gate "North" 100%']);
    expect(await names('yard')).toEqual(['Yard', 'Yard-South']);
    expect(await names('d-s')).toEqual(['Yard-South']);

    expect((await t.call('deleteAiServer', { token, params: { id: north.id } })).body.success).toBe(true);
    expect(await names('gate')).toEqual([]);
    expect(await names('ar')).toEqual(['Yard', 'Yard-South']);
  });

  // PostgreSQL's ilike folds other letters' case as its locale says.
  it.runIf(!testOnPostgres)('ignores only ASCII case on SQLite, in the total as on the page', async () => {
    const { t, token, create } = await signedIn();
    await create(input(1, { name: 'École-Nord' }));
    await create(input(2, { name: 'école-sud' }));
    const { items, total } = await list(t, token, `?name=${encodeURIComponent('ÉCOLE')}`);
    expect(items.map((item) => item.name)).toEqual(['École-Nord']);
    expect(total).toBe(1);
  });
});

describe('getAiServer, updateAiServer, deleteAiServer', () => {
  it('answers 404 for an id that does not exist', async () => {
    const { t, token } = await signedIn();
    for (const [operationId, body] of [
      ['getAiServer', undefined],
      ['updateAiServer', input(1)],
      ['deleteAiServer', undefined],
      ['rotateAiServerKey', undefined],
    ] as const) {
      const method =
        operationId === 'getAiServer'
          ? 'GET'
          : operationId === 'updateAiServer'
            ? 'PUT'
            : operationId === 'deleteAiServer'
              ? 'DELETE'
              : 'POST';
      const url = `/cfop/aiservers/42${operationId === 'rotateAiServerKey' ? '/ingest-key' : ''}`;
      const response = await t.app.inject({
        method,
        url,
        headers: {
          ...clientHeaders,
          [tokenHeader]: token,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { payload: JSON.stringify(body) } : {}),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        success: false,
        code: '404',
        msg: '记录不存在（id 42）',
        data: null,
      });
    }
  });

  it('replaces the input fields (absent optional ones become empty), keeps createdAt, logs what changed', async () => {
    const { t, token, create } = await signedIn();
    const created = await create(input(1, { location: '北门', softwareVersion: '1.0' }));
    await create(input(2));
    const response = await t.app.inject({
      method: 'PUT',
      url: '/cfop/aiservers/1',
      headers: { ...clientHeaders, [tokenHeader]: token, 'content-type': 'application/json' },
      payload: JSON.stringify(input(1, { name: '新名字', port: 9000, softwareVersion: '1.0' })),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      ...created,
      name: '新名字',
      port: 9000,
      location: '',
      updatedAt: t.clock.now().toISOString(),
    });
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({
      action: 'updateAiServer',
      area: 'KEY.DEVICE.AISERVER',
      username: 'admin',
      target: '#1 边缘盒子-01',
      result: 'success',
      detail_zh: '修改：名称、端口、安装位置',
      detail_en: 'changed: Name, Port, Location',
    });
  });

  it('lets an update keep its own unique values but not take another server’s', async () => {
    const { t, token, create } = await signedIn();
    await create(input(1));
    await create(input(2));
    const put = (id: number, body: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/cfop/aiservers/${id}`,
        headers: { ...clientHeaders, [tokenHeader]: token, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    expect((await put(1, input(1, { name: 'same serial' }))).statusCode).toBe(200);
    const before = snapshotRows(t.dataDir);
    const clash = await put(2, input(2, { serialNumber: 'SN-0001' }));
    expect(clash.statusCode).toBe(400);
    expect(clash.json().msg).toBe('serialNumber：已存在');
    expect(snapshotRows(t.dataDir)).toEqual(before);
  });

  it('deletes one server', async () => {
    const { t, token, create } = await signedIn();
    await create(input(1));
    await create(input(2));
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/cfop/aiservers/1',
      headers: { ...clientHeaders, [tokenHeader]: token },
    });
    expect(response.statusCode).toBe(200);
    expect((await list(t, token)).items.map((item) => item.id)).toEqual([2]);
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({
      action: 'deleteAiServer',
      target: '#1 边缘盒子-01',
      result: 'success',
    });
  });
});

describe('bulkDeleteAiServers', () => {
  it('deletes the listed servers that exist, in one go, and says how many', async () => {
    const { t, token, create } = await signedIn();
    for (let n = 1; n <= 4; n += 1) await create(input(n));
    const { status, body } = await t.call('bulkDeleteAiServers', { token, body: { ids: [1, 3, 99] } });
    expect(status).toBe(200);
    expect(body.data).toEqual({ deleted: 2 });
    expect((await list(t, token)).items.map((item) => item.id)).toEqual([4, 2]);
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({
      action: 'bulkDeleteAiServers',
      target: '#1 边缘盒子-01，#3 边缘盒子-03',
      detail_zh: '删除 2 项（请求 3 项）',
    });
  });
});

describe('exportAiServers', () => {
  it('streams a UTF-8 CSV with a BOM, labels, RFC 4180 quoting and a formula guard, as an attachment', async () => {
    const { t, token, create } = await signedIn();
    await create(input(1, { name: '北门, "主"', location: '=HYPERLINK("x")' }));
    await create(input(2, { name: '@cmd', location: '第一行\n第二行' }));
    await create(input(3, { name: 'skip me', acceleratorType: 'GPU' }));
    const response = await query(t, token, '/aiservers/export?acceleratorType=NPU&sort=name');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="aiservers-20300101-0800.csv"; filename*=UTF-8''aiservers-20300101-0800.csv`,
    );
    const text = response.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    // No zone named: times in UTC, and the headers say so.
    expect(lines[0]).toBe(
      '编号,名称,序列号,IP地址,端口,状态,加速卡类型,算力路数,接入摄像头,CPU负载,内存负载,加速卡负载,硬件型号,软件版本,安装位置,最近心跳 (UTC),创建时间 (UTC),更新时间 (UTC)',
    );
    expect(lines.slice(1)).toEqual([
      `2,'@cmd,SN-0002,10.0.0.2,8000,离线,NPU,16,0,,,,,,"第一行\n第二行",,2030-01-01 08:00:01,2030-01-01 08:00:01`,
      `1,"北门, ""主""",SN-0001,10.0.0.1,8000,离线,NPU,16,0,,,,,,"'=HYPERLINK(""x"")",,2030-01-01 08:00:00,2030-01-01 08:00:00`,
      '',
    ]);
  });

  it('speaks the reader’s language and writes times and the file’s date on the reader’s clocks', async () => {
    const { t, token, create } = await signedIn();
    await create(input(1));
    const exported = async (headers: Record<string, string>) => {
      const response = await query(t, token, '/aiservers/export', headers);
      expect(response.statusCode).toBe(200);
      const [head, row] = response.rawPayload.toString('utf8').slice(1).split('\r\n');
      return { head, row, file: response.headers['content-disposition'] };
    };
    const shanghai = await exported({ 'accept-language': 'en-US', 'x-time-zone': 'Asia/Shanghai' });
    expect(shanghai.head).toBe(
      'ID,Name,Serial number,IP address,Port,Status,Accelerator,Channels,Cameras,CPU load,Memory load,Accelerator load,Hardware model,Software version,Location,Last heartbeat (Asia/Shanghai),Created (Asia/Shanghai),Updated (Asia/Shanghai)',
    );
    expect(shanghai.row).toBe(
      '1,边缘盒子-01,SN-0001,10.0.0.1,8000,Offline,NPU,16,0,,,,,,,,2030-01-01 16:00:00,2030-01-01 16:00:00',
    );
    expect(shanghai.file).toMatch(/filename="aiservers-20300101-1600\.csv"/);
    const honolulu = await exported({ 'x-time-zone': 'Pacific/Honolulu' });
    expect(honolulu.head).toMatch(/,创建时间 \(Pacific\/Honolulu\),/);
    expect(honolulu.row).toMatch(/,离线,.*,2029-12-31 22:00:00,2029-12-31 22:00:00$/);
    expect(honolulu.file).toMatch(/filename="aiservers-20291231-2200\.csv"/);
  });

  it('refuses a time zone the server does not know, naming the header', async () => {
    const { t, token, create } = await signedIn();
    await create(input(1));
    for (const zone of ['Mars/Olympus_Mons', 'not a zone']) {
      const response = await query(t, token, '/aiservers/export', { 'x-time-zone': zone });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: '400' });
      expect(JSON.stringify(response.json().data)).toContain('X-Time-Zone');
    }
  });

  it('holds every selected row exactly once, in the list order, across batches and null sort values', async () => {
    const { t, token } = await signedIn();
    withSqlite(t.dataDir, (db) => {
      const insert = db.prepare(
        `insert into ai_servers (name, serial_number, ip, port, accelerator_type, channel_capacity, ingest_key_hash,
           last_heartbeat_at, created_at, updated_at) values (?, ?, '10.1.0.1', ?, 'NPU', ?, ?, ?, ?, ?)`,
      );
      for (let n = 1; n <= 1234; n += 1) {
        const heartbeat = n % 3 === 0 ? null : `2030-01-0${(n % 5) + 1}T00:00:00.000Z`;
        insert.run(
          `s${n}`,
          `SN-${n}`,
          n,
          (n % 7) + 1,
          `hash${n}`,
          heartbeat,
          '2030-01-01T00:00:00.000Z',
          '2030-01-01T00:00:00.000Z',
        );
      }
    });
    // The last search keeps under 1/20 of the rows, so the list sorts its matches without the index.
    const searches = [
      'sort=lastHeartbeatAt',
      'sort=-lastHeartbeatAt',
      'sort=channelCapacity',
      'sort=-createdAt',
      'sort=-lastHeartbeatAt&name=s12',
    ];
    for (const search of searches) {
      const csv = (await query(t, token, `/aiservers/export?${search}`)).rawPayload.toString('utf8');
      const exported = csv
        .split('\r\n')
        .slice(1, -1)
        .map((line) => Number(line.split(',')[0]));
      const listed: number[] = [];
      for (let page = 1; page <= 13; page += 1) {
        listed.push(
          ...(await list(t, token, `?${search}&pageSize=100&page=${page}`)).items.map((item) => item.id),
        );
      }
      const expected = search.includes('name=') ? 46 : 1234;
      expect(exported).toHaveLength(expected);
      expect(new Set(exported).size).toBe(expected);
      expect(exported).toEqual(listed);
    }
  });
});

describe('rotateAiServerKey', () => {
  it('answers a new key once and keeps only its digest, so the old key stops working', async () => {
    const { t, token } = await signedIn();
    const created = await t.call('createAiServer', { token, body: input(1) });
    const oldKey = created.body.data.ingestKey as string;
    const response = await t.app.inject({
      method: 'POST',
      url: '/cfop/aiservers/1/ingest-key',
      headers: { ...clientHeaders, [tokenHeader]: token },
    });
    expect(response.statusCode).toBe(200);
    const newKey = response.json().data.ingestKey as string;
    expect(newKey).not.toBe(oldKey);
    const hash = withSqlite(t.dataDir, (db) =>
      db.prepare('select ingest_key_hash from ai_servers').pluck().get(),
    );
    expect(hash).toBe(sha256Hex(newKey));
    const entry = operationLog(t.dataDir).at(-1);
    expect(entry).toMatchObject({ action: 'rotateAiServerKey', target: '#1 边缘盒子-01', result: 'success' });
    expect(JSON.stringify(operationLog(t.dataDir))).not.toContain(newKey);
    expect(JSON.stringify(operationLog(t.dataDir))).not.toContain(oldKey);
  });
});

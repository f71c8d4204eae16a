import { describe, expect, it } from 'vitest';
import {
  clientHeaders,
  operationLog,
  snapshotRows,
  startTestApp,
  testAdminPassword,
  tokenHeader,
  type TestApp,
  sendRequest,
  resultOf,
} from '../test-support/test-app';
import { multipartFile, pngBytes } from '../test-support/multipart';

const staffInput = (n: number, change: Record<string, unknown> = {}) => ({
  employeeNo: `E${String(n).padStart(4, '0')}`,
  name: `员工${n}`,
  gender: 'male',
  ...change,
});

const visitorInput = (hostStaffId: number, change: Record<string, unknown> = {}) => ({
  name: '张访客',
  phone: '13900139000',
  idNumber: '11010519491231002X',
  hostStaffId,
  visitFrom: '2030-01-01T09:00:00+08:00',
  visitTo: '2030-01-01T18:00:00+08:00',
  ...change,
});

const vehicleInput = (change: Record<string, unknown> = {}) => ({
  plate: '京A12345',
  plateColor: 'blue',
  ownerType: 'none',
  vehicleType: 'car',
  listType: 'whitelist',
  ...change,
});

type Answer = Awaited<ReturnType<TestApp['call']>>;

async function signedIn() {
  // Visits span hours of the test clock: the session outlasts them without a call.
  const t = await startTestApp({ sessionIdleMinutes: 24 * 60 });
  const token = await t.signIn('admin', testAdminPassword);
  const send = (method: string, path: string, body?: unknown, lang?: 'zh-CN' | 'en-US') =>
    sendRequest(t.app, method, `/cfop${path}`, { token, body, ...(lang ? { lang } : {}) }).then(resultOf);
  const created = async (path: string, body: unknown) => {
    const answer = await send('POST', path, body);
    if (answer.status !== 200) throw new Error(`${path}: ${answer.body.msg}`);
    t.clock.advance(1000);
    return answer.body.data as { id: number; [field: string]: unknown };
  };
  return { t, token, send, created };
}

/** The 400's errors as field → message. */
const errorsOf = (answer: { body: Answer['body'] }) =>
  Object.fromEntries(
    (answer.body.data.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
  );

describe('staff', () => {
  it('creates with defaults, answers the contract, and refuses a taken employee number or card', async () => {
    const { t, send, created } = await signedIn();
    const first = await created('/staff', staffInput(1, { cardNo: 'C0001', phone: '13800138000' }));
    expect(first).toMatchObject({
      employeeNo: 'E0001',
      department: '',
      position: '',
      cardNo: 'C0001',
      validFrom: null,
      validTo: null,
      status: 'active',
    });
    // Two staff without a card do not clash.
    await created('/staff', staffInput(2));
    await created('/staff', staffInput(3, { cardNo: null }));
    const before = snapshotRows(t.dataDir);
    const clash = await send('POST', '/staff', staffInput(1, { cardNo: 'C0001' }));
    expect(clash.status).toBe(400);
    expect(errorsOf(clash)).toEqual({ employeeNo: '已存在', cardNo: '已存在' });
    expect(snapshotRows(t.dataDir)).toEqual(before);
  });

  it.each([['E'], ['-E01'], ['E 01'], ['员工01']])('refuses the employee number %s', async (employeeNo) => {
    const { send } = await signedIn();
    const answer = await send('POST', '/staff', staffInput(1, { employeeNo }));
    expect(answer.status).toBe(400);
    expect(Object.keys(errorsOf(answer))).toEqual(['employeeNo']);
  });

  it('checks validTo against validFrom: the same day passes, an earlier one is a 400 on validTo', async () => {
    const { t, send, created } = await signedIn();
    await created('/staff', staffInput(1, { validFrom: '2030-03-01', validTo: '2030-03-01' }));
    const before = snapshotRows(t.dataDir);
    const answer = await send(
      'POST',
      '/staff',
      staffInput(2, { validFrom: '2030-03-01', validTo: '2030-02-28' }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('validTo：不能早于生效日期 2030-03-01');
    expect(snapshotRows(t.dataDir)).toEqual(before);
    const update = await send(
      'PUT',
      '/staff/1',
      staffInput(1, { validFrom: '2030-03-02', validTo: '2030-03-01' }),
    );
    expect(errorsOf(update)).toEqual({ validTo: '不能早于生效日期 2030-03-02' });
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({
      action: 'updateStaff',
      result: 'failure',
      code: '400',
    });
  });

  it('lists, filters and sorts', async () => {
    const { send, created } = await signedIn();
    await created('/staff', staffInput(1, { name: '李雷', department: '研发部', status: 'suspended' }));
    await created('/staff', staffInput(2, { name: '韩梅梅', department: '研发二部' }));
    await created('/staff', staffInput(3, { name: '王五', department: '行政部' }));
    const names = async (search: string) =>
      ((await send('GET', `/staff${search}`)).body.data.items as { name: string }[]).map((item) => item.name);
    expect(await names('')).toEqual(['王五', '韩梅梅', '李雷']);
    expect(await names(`?department=${encodeURIComponent('研发')}&sort=employeeNo`)).toEqual([
      '李雷',
      '韩梅梅',
    ]);
    expect(await names('?status=suspended')).toEqual(['李雷']);
    expect(await names('?employeeNo=0003')).toEqual(['王五']);
  });
});

describe('staff face photos', () => {
  async function uploaded(t: TestApp, token: string, path: string, bytes: Buffer): Promise<number> {
    const { payload, headers } = multipartFile(bytes, { fileName: 'face.png' });
    const response = await t.app.inject({
      method: 'POST',
      url: `/cfop/files/${path}`,
      headers: { ...clientHeaders, [tokenHeader]: token, ...headers },
      payload,
    });
    expect(response.statusCode).toBe(200);
    return response.json().data.id as number;
  }

  it('keeps the id of an uploaded photo, and refuses a missing file or one of another kind', async () => {
    const { t, token, send, created } = await signedIn();
    const photo = await uploaded(t, token, 'staff-photos', pngBytes);
    const member = await created('/staff', staffInput(1, { facePhotoId: photo }));
    expect(member.facePhotoId).toBe(photo);
    expect((await send('GET', `/staff/${member.id}`)).body.data.facePhotoId).toBe(photo);
    const modelFile = await uploaded(t, token, 'model-files', pngBytes);
    const before = snapshotRows(t.dataDir);
    expect(errorsOf(await send('POST', '/staff', staffInput(2, { facePhotoId: 999 })))).toEqual({
      facePhotoId: '文件不存在（id 999）',
    });
    expect(errorsOf(await send('POST', '/staff', staffInput(2, { facePhotoId: modelFile })))).toEqual({
      facePhotoId: `文件 ${modelFile} 不是此处可用的文件`,
    });
    expect(snapshotRows(t.dataDir)).toEqual(before);
    // Saving without the photo clears it, as every absent optional field is.
    expect((await send('PUT', `/staff/${member.id}`, staffInput(1))).body.data.facePhotoId).toBe(null);
  });
});

describe('visitors', () => {
  async function withHost() {
    const app = await signedIn();
    const host = await app.created('/staff', staffInput(1, { name: '接待人' }));
    return { ...app, host };
  }

  it('registers a visitor pending, with times in UTC and the ID number whole in its own answers', async () => {
    const { send, created, host } = await withHost();
    const visitor = await created(
      '/visitors',
      visitorInput(host.id, { idNumber: '11010519491231002x', plate: '粤B12345D' }),
    );
    expect(visitor).toMatchObject({
      status: 'pending',
      idNumber: '11010519491231002X',
      visitFrom: '2030-01-01T01:00:00.000Z',
      visitTo: '2030-01-01T10:00:00.000Z',
      plate: '粤B12345D',
      companions: 0,
      passCode: null,
    });
    const got = await send('GET', `/visitors/${visitor.id}`);
    expect(got.body.data.idNumber).toBe('11010519491231002X');
  });

  it('masks the ID number in the list and the CSV export, and finds a visitor by the whole number', async () => {
    const { send, created, host } = await withHost();
    await created('/visitors', visitorInput(host.id));
    const listed = await send('GET', '/visitors');
    expect(listed.body.data.items[0].idNumber).toBe('110105********002X');
    expect(JSON.stringify(listed.body)).not.toContain('19491231');
    const csv = await send('GET', '/visitors/export');
    expect(csv.status).toBe(200);
    expect(csv.text).toContain('110105********002X');
    expect(csv.text).not.toContain('19491231');
    const found = await send('GET', '/visitors?idNumber=11010519491231002X');
    expect(found.body.data.total).toBe(1);
    expect((await send('GET', '/visitors?idNumber=110101199003074477')).body.data.total).toBe(0);
  });

  it('refuses a wrong check digit and a visit that does not end after it starts, naming the fields', async () => {
    const { t, send, host } = await withHost();
    const before = snapshotRows(t.dataDir);
    const answer = await send(
      'POST',
      '/visitors',
      visitorInput(host.id, { idNumber: '110105194912310021', visitTo: '2030-01-01T09:00:00+08:00' }),
    );
    expect(answer.status).toBe(400);
    expect(errorsOf(answer)).toEqual({
      idNumber: '校验位不正确，请核对证件号码',
      visitTo: '须晚于来访开始时间',
    });
    const shape = await send('POST', '/visitors', visitorInput(host.id, { idNumber: '1101051949123100' }));
    expect(errorsOf(shape)).toEqual({ idNumber: '格式不正确' });
    expect(snapshotRows(t.dataDir)).toEqual(before);
  });

  it('approves with a comment: status approved, an 8-digit pass code, who and when, logged', async () => {
    const { t, send, created, host } = await withHost();
    const visitor = await created('/visitors', visitorInput(host.id));
    const approved = await send('POST', `/visitors/${visitor.id}/approval`, {
      decision: 'approve',
      comment: ' 同意 ',
    });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({
      status: 'approved',
      approvalComment: '同意',
      approvedBy: 'admin',
      approvedAt: t.clock.now().toISOString(),
      idNumber: '11010519491231002X',
    });
    expect(approved.body.data.passCode).toMatch(/^[0-9]{8}$/);
    expect(operationLog(t.dataDir).at(-1)).toMatchObject({
      action: 'approveVisitor',
      target: `#${visitor.id} 张访客`,
      result: 'success',
      detail_zh: '审批通过：同意',
    });
    const again = await send('POST', `/visitors/${visitor.id}/approval`, {
      decision: 'reject',
      comment: '再审',
    });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe('status：只有待审批的访客可以审批，该访客当前为已批准');
  });

  it('rejects with a comment (no pass code); a blank comment is refused on its field', async () => {
    const { send, created, host } = await withHost();
    const visitor = await created('/visitors', visitorInput(host.id));
    const blank = await send('POST', `/visitors/${visitor.id}/approval`, {
      decision: 'reject',
      comment: '  ',
    });
    expect(errorsOf(blank)).toEqual({ comment: '不能为空' });
    const rejected = await send('POST', `/visitors/${visitor.id}/approval`, {
      decision: 'reject',
      comment: '无预约',
    });
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      passCode: null,
      approvalComment: '无预约',
    });
    const checkIn = await send('POST', `/visitors/${visitor.id}/check-in`, undefined, 'en-US');
    expect(checkIn.status).toBe(400);
    expect(checkIn.body.msg).toBe('status: only an approved visitor can be checked in; this one is rejected');
  });

  it('walks approved → visiting → left, refusing every other step', async () => {
    const { t, send, created, host } = await withHost();
    const visitor = await created('/visitors', visitorInput(host.id));
    const step = (path: string) => send('POST', `/visitors/${visitor.id}/${path}`);
    expect((await step('check-in')).body.msg).toBe('status：只有已批准的访客可以签到，该访客当前为待审批');
    expect((await step('check-out')).body.msg).toBe('status：只有访问中的访客可以签离，该访客当前为待审批');
    await send('POST', `/visitors/${visitor.id}/approval`, { decision: 'approve', comment: 'ok' });
    expect((await step('check-out')).status).toBe(400);
    const visiting = await step('check-in');
    expect(visiting.body.data).toMatchObject({
      status: 'visiting',
      checkedInAt: t.clock.now().toISOString(),
    });
    t.clock.advance(60_000);
    const left = await step('check-out');
    expect(left.body.data).toMatchObject({ status: 'left', checkedOutAt: t.clock.now().toISOString() });
    expect((await step('check-in')).status).toBe(400);
    expect((await send('POST', '/visitors/99/check-in')).status).toBe(404);
  });

  it('refuses to check in once the visit window has ended', async () => {
    const { t, send, created, host } = await withHost();
    const visitor = await created('/visitors', visitorInput(host.id));
    await send('POST', `/visitors/${visitor.id}/approval`, { decision: 'approve', comment: 'ok' });
    t.clock.advance(11 * 3600_000);
    const late = await send('POST', `/visitors/${visitor.id}/check-in`);
    expect(errorsOf(late)).toEqual({ visitTo: '来访时段已结束，不能签到，请重新登记' });
  });
});

describe('vehicles', () => {
  it.each([
    ['京A12345'],
    ['沪B88888'],
    ['京AD12345'],
    ['粤B12345D'],
    ['苏EF12345'],
    ['川A1234学'],
    ['浙C0001挂'],
  ])('accepts the plate %s', async (plate) => {
    const { created } = await signedIn();
    await expect(created('/vehicles', vehicleInput({ plate }))).resolves.toMatchObject({ plate });
  });

  it.each([
    ['京a12345', 'lower-case letter'],
    ['京I12345', 'the letter I'],
    ['京O12345', 'the letter O'],
    ['A12345', 'no province'],
    ['京A1234', 'too short'],
    ['京A123456', 'six digits, not a new-energy plate'],
    ['京AX12345', 'eight characters without D or F'],
    ['粤B12345X', 'new-energy end letter other than D or F'],
    ['京AD1234A', 'new-energy small car with a letter at the end'],
    ['港A12345', 'not a mainland province'],
  ])('refuses the plate %s (%s) on its field, writing nothing', async (plate) => {
    const { t, send } = await signedIn();
    const before = snapshotRows(t.dataDir);
    const answer = await send('POST', '/vehicles', vehicleInput({ plate }));
    expect(answer.status).toBe(400);
    expect(errorsOf(answer)).toEqual({ plate: '格式不正确' });
    expect(snapshotRows(t.dataDir)).toEqual(before);
  });

  it('refuses a plate already registered', async () => {
    const { send, created } = await signedIn();
    await created('/vehicles', vehicleInput());
    expect(errorsOf(await send('POST', '/vehicles', vehicleInput({ listType: 'blacklist' })))).toEqual({
      plate: '已存在',
    });
  });

  it('checks the owner matches the owner type, naming the field', async () => {
    const { send, created } = await signedIn();
    const staff = await created('/staff', staffInput(1));
    expect(errorsOf(await send('POST', '/vehicles', vehicleInput({ ownerType: 'staff' })))).toEqual({
      staffId: '在车主类型为员工时必填',
    });
    expect(
      errorsOf(await send('POST', '/vehicles', vehicleInput({ ownerType: 'visitor', staffId: staff.id }))),
    ).toEqual({ staffId: '在车主类型为访客时须为空', visitorId: '在车主类型为访客时必填' });
    expect(errorsOf(await send('POST', '/vehicles', vehicleInput({ staffId: staff.id })))).toEqual({
      staffId: '在车主类型为无时须为空',
    });
    await expect(
      created('/vehicles', vehicleInput({ ownerType: 'staff', staffId: staff.id })),
    ).resolves.toMatchObject({
      staffId: staff.id,
      staffName: '员工1',
      visitorId: null,
      visitorName: null,
    });
  });

  it('checks the validity: end not before start, and a temporary vehicle needs an end', async () => {
    const { send } = await signedIn();
    expect(
      errorsOf(
        await send('POST', '/vehicles', vehicleInput({ validFrom: '2030-05-02', validTo: '2030-05-01' })),
      ),
    ).toEqual({ validTo: '不能早于生效日期 2030-05-02' });
    expect(errorsOf(await send('POST', '/vehicles', vehicleInput({ listType: 'temporary' })))).toEqual({
      validTo: '对临时车辆必填',
    });
    const english = await send('POST', '/vehicles', vehicleInput({ listType: 'temporary' }), 'en-US');
    expect(english.body.msg).toBe('validTo: is required for a temporary vehicle');
  });
});

describe('references', () => {
  it('refuses a host or owner that does not exist, naming the field, writing nothing', async () => {
    const { t, send } = await signedIn();
    const before = snapshotRows(t.dataDir);
    expect(errorsOf(await send('POST', '/visitors', visitorInput(7)))).toEqual({
      hostStaffId: '员工不存在（id 7）',
    });
    expect(
      errorsOf(await send('POST', '/vehicles', vehicleInput({ ownerType: 'visitor', visitorId: 3 }))),
    ).toEqual({ visitorId: '访客不存在（id 3）' });
    expect(snapshotRows(t.dataDir)).toEqual(before);
  });

  it('answers the host’s and owner’s names in lists, details and exports, and filters by them', async () => {
    const { send, created } = await signedIn();
    const host = await created('/staff', staffInput(1, { name: '王经理' }));
    const other = await created('/staff', staffInput(2));
    const visitor = await created('/visitors', visitorInput(host.id));
    expect(visitor.hostStaffName).toBe('王经理');
    await created('/visitors', visitorInput(other.id, { name: '另一位' }));
    const byHost = await send('GET', `/visitors?hostStaffId=${host.id}`);
    expect(byHost.body.data.items.map((item: { name: string }) => item.name)).toEqual(['张访客']);
    expect(byHost.body.data.items[0].hostStaffName).toBe('王经理');
    const vehicle = await created('/vehicles', vehicleInput({ ownerType: 'visitor', visitorId: visitor.id }));
    expect((await send('GET', `/vehicles/${vehicle.id}`)).body.data).toMatchObject({
      visitorName: '张访客',
      staffName: null,
    });
    expect((await send('GET', `/vehicles?visitorId=${visitor.id}`)).body.data.total).toBe(1);
    expect((await send('GET', '/vehicles/export')).text).toContain(',张访客,');
  });
});

describe('deleting what others refer to', () => {
  it('refuses to delete a staff member who hosts visitors or owns vehicles, saying how many', async () => {
    const { t, send, created } = await signedIn();
    const host = await created('/staff', staffInput(1));
    const other = await created('/staff', staffInput(2));
    await created('/visitors', visitorInput(host.id));
    await created('/visitors', visitorInput(host.id, { name: '第二位' }));
    await created('/vehicles', vehicleInput({ ownerType: 'staff', staffId: host.id }));
    const before = snapshotRows(t.dataDir);
    const one = await send('DELETE', `/staff/${host.id}`);
    expect(one.status).toBe(400);
    expect(one.body.msg).toBe('仍是 2 位访客的被访人，名下仍有 1 辆车，请先处理后再删除');
    const english = await send('DELETE', `/staff/${host.id}`, undefined, 'en-US');
    expect(english.body.msg).toBe('Still hosts 2 visitors and owns 1 vehicle; reassign or delete them first');
    // A bulk delete holding one such member deletes none.
    const bulk = await send('POST', '/staff/bulk-delete', { ids: [host.id, other.id] });
    expect(bulk.status).toBe(400);
    expect(snapshotRows(t.dataDir)).toEqual(before);
    expect((await send('DELETE', `/staff/${other.id}`)).status).toBe(200);
  });

  it('refuses to delete a visitor who owns a vehicle; deletes it once the vehicle is gone', async () => {
    const { send, created } = await signedIn();
    const host = await created('/staff', staffInput(1));
    const visitor = await created('/visitors', visitorInput(host.id));
    const vehicle = await created('/vehicles', vehicleInput({ ownerType: 'visitor', visitorId: visitor.id }));
    const refused = await send('DELETE', `/visitors/${visitor.id}`);
    expect(refused.body.msg).toBe('名下仍有 1 辆车，请先处理后再删除');
    expect((await send('DELETE', `/vehicles/${vehicle.id}`)).status).toBe(200);
    expect((await send('DELETE', `/visitors/${visitor.id}`)).status).toBe(200);
    expect((await send('DELETE', `/staff/${host.id}`)).status).toBe(200);
  });
});

import { describe, expect, it } from 'vitest';
import { alertWorld } from '../test-support/alert-world';
import {
  addRole,
  addUser,
  aiServerIngestKey,
  creator,
  fieldMessages,
  ingestKeyHeader,
  snapshotRows,
  startTestApp,
  testAdminPassword,
  type CallOptions,
} from '../test-support/test-app';

/** An app with an AI server's key, a host, an approved visitor, a staff member and two vehicles. */
async function gateWorld() {
  // The session outlasts the hours a test moves the clock by.
  const t = await startTestApp({ sessionIdleMinutes: 24 * 60, sessionTtlHours: 48 });
  const token = await t.signIn('admin', testAdminPassword);
  const key = await aiServerIngestKey(t, token);
  const staff = await creator(
    t,
    'createStaff',
    token,
  )({
    employeeNo: 'E0001',
    name: '王工',
    gender: 'male',
    validTo: '2029-12-31',
  });
  const visitor = await creator(
    t,
    'createVisitor',
    token,
  )({
    name: '张访客',
    phone: '13900139000',
    idNumber: '11010519491231002X',
    hostStaffId: staff.id,
    visitFrom: '2030-01-01T09:00:00+08:00',
    visitTo: '2030-01-01T18:00:00+08:00',
  });
  const approved = await t.call('approveVisitor', {
    token,
    params: { id: visitor.id },
    body: { decision: 'approve', comment: '同意' },
  });
  const passCode = approved.body.data.passCode as string;
  const addVehicle = creator(t, 'createVehicle', token);
  const allowed = await addVehicle({
    plate: '京A12345',
    plateColor: 'blue',
    ownerType: 'none',
    vehicleType: 'car',
    listType: 'whitelist',
  });
  const banned = await addVehicle({
    plate: '沪B88888',
    plateColor: 'blue',
    ownerType: 'none',
    vehicleType: 'car',
    listType: 'blacklist',
  });
  let events = 0;
  /** A passage the server accepts, by the gate's own numbering, changed by `change`. */
  const report = (change: Record<string, unknown> = {}) => ({
    sourceId: `gate-1-${(events += 1)}`,
    gate: '北门闸机1',
    direction: 'in',
    occurredAt: t.clock.now().toISOString(),
    result: 'allowed',
    ...change,
  });
  const pass = (body: unknown, options: CallOptions = {}) =>
    t.call('ingestPassage', { ...options, body, headers: { [ingestKeyHeader]: key } });
  const admin = (operationId: string, options: CallOptions = {}) =>
    t.call(operationId, { token, ...options });
  return { t, token, key, staff, visitor, passCode, allowed, banned, report, pass, admin };
}

describe('gate passages', () => {
  it('checks a visitor in at the first allowed in, and out at the last out', async () => {
    const { t, visitor, passCode, report, pass, admin } = await gateWorld();
    const arrivedAt = t.clock.now().toISOString();
    const arrival = await pass(report({ passCode }));
    expect(arrival.status).toBe(200);
    expect(arrival.body.data).toMatchObject({ passCode, direction: 'in', result: 'allowed' });
    const visiting = await admin('getVisitor', { params: { id: visitor.id } });
    expect(visiting.body.data).toMatchObject({ status: 'visiting', checkedInAt: arrivedAt });

    // A second in (the car park's gate) changes nothing; each out moves the check-out to it.
    t.clock.advance(60_000);
    await pass(report({ passCode }));
    t.clock.advance(3_600_000);
    await pass(report({ passCode, direction: 'out' }));
    t.clock.advance(60_000);
    const lastOut = t.clock.now().toISOString();
    await pass(report({ passCode, direction: 'out' }));
    const left = await admin('getVisitor', { params: { id: visitor.id } });
    expect(left.body.data).toMatchObject({ status: 'left', checkedInAt: arrivedAt, checkedOutAt: lastOut });
  });

  it('leaves a visitor as is after a denied passage, and raises expiredPass after the visit', async () => {
    const { t, visitor, passCode, report, pass, admin } = await gateWorld();
    await pass(report({ passCode, result: 'denied' }));
    expect((await admin('getVisitor', { params: { id: visitor.id } })).body.data.status).toBe('approved');
    t.clock.advance(3 * 3_600_000); // past 18:00 Beijing time
    const late = await pass(report({ passCode }));
    expect(late.status).toBe(200);
    expect((await admin('getVisitor', { params: { id: visitor.id } })).body.data.status).toBe('approved');
    const alerts = (await admin('listAlerts')).body.data.items as { label: string; level: string }[];
    expect(alerts).toEqual([
      expect.objectContaining({
        label: '访客 张访客 的通行权限已过期，仍在「北门闸机1」通行',
        level: 'medium',
      }),
    ]);
  });

  it('stores one passage for an event reported twice, answering the first', async () => {
    const { t, staff, report, pass, admin } = await gateWorld();
    const body = report({ employeeNo: 'E0001' });
    const first = await pass(body);
    t.clock.advance(5000);
    const again = await pass({ ...body, direction: 'out' });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(snapshotRows(t.dataDir).passages).toHaveLength(1);
    const listed = await admin('listStaffPassages', { params: { id: staff.id } });
    expect(listed.body.data.items).toEqual([
      expect.objectContaining({ id: first.body.data.id, direction: 'in' }),
    ]);
  });

  it('raises one alert for a blacklisted plate, even when the event is reported again', async () => {
    const { t, banned, allowed, report, pass, admin } = await gateWorld();
    const body = report({ plate: '沪B88888', result: 'denied' });
    await pass(body);
    await pass(body);
    await pass(report({ plate: '京A12345' }));
    // A plate nobody registered is stored, matching nothing.
    await pass(report({ plate: '粤C00000' }));
    const matched = snapshotRows(t.dataDir).passages as { plate: string; vehicle_id: number | null }[];
    expect(Object.fromEntries(matched.map((row) => [row.plate, row.vehicle_id]))).toEqual({
      沪B88888: banned.id,
      京A12345: allowed.id,
      粤C00000: null,
    });
    const alerts = (await admin('listAlerts')).body.data.items as { label: string; level: string }[];
    expect(alerts).toEqual([
      expect.objectContaining({ label: '黑名单车辆 沪B88888 出现在「北门闸机1」', level: 'high' }),
    ]);
  });

  it('raises expiredPass for a staff member past their validity, by the gate’s own date', async () => {
    const { report, pass, admin } = await gateWorld();
    await pass(report({ employeeNo: 'E0001' }));
    const alerts = (await admin('listAlerts')).body.data.items as { label: string }[];
    expect(alerts.map((alert) => alert.label)).toEqual(['员工 王工 的通行权限已过期，仍在「北门闸机1」通行']);
  });

  it('refuses a report naming no one, or two, and a photo that is no snapshot, writing nothing', async () => {
    const { t, passCode, report, pass } = await gateWorld();
    const before = snapshotRows(t.dataDir);
    const none = await pass(report());
    expect(none.status).toBe(400);
    expect(Object.keys(fieldMessages(none.body))).toEqual(['employeeNo', 'passCode', 'plate']);
    const two = await pass(report({ passCode, plate: '京A12345', photoId: 999 }));
    expect(fieldMessages(two.body)).toEqual({
      passCode: '工号、通行码、车牌只能有其一',
      plate: '工号、通行码、车牌只能有其一',
      photoId: '文件 999 不是本AI服务器上传的快照',
    });
    const old = await pass(report({ passCode, occurredAt: '1970-01-01T00:00:00Z' }));
    expect(Object.keys(fieldMessages(old.body))).toEqual(['occurredAt']);
    expect(snapshotRows(t.dataDir)).toEqual(before);
  });

  it('answers a registered plate as an unknown one: a box cannot test plates against the lists', async () => {
    const { t, banned, allowed, report, pass } = await gateWorld();
    // 200 plates (the passage quota's burst), the two registered ones among them.
    const plates = Array.from({ length: 198 }, (_, n) => `粤C${String(n).padStart(5, '0')}`);
    plates.splice(50, 0, allowed.plate as string);
    plates.splice(150, 0, banned.plate as string);
    const answers = [];
    for (const plate of plates) {
      const answer = await pass(report({ plate }));
      expect(answer.status).toBe(200);
      answers.push(answer.body.data as Record<string, unknown>);
    }
    // What differs from one answer to the next is what the box itself sent, and the passage's id.
    const told = answers.map(({ id: _id, sourceId: _sourceId, plate: _plate, ...rest }) => rest);
    expect(new Set(told.map((rest) => JSON.stringify(rest))).size).toBe(1);
    // The console still knows whom each matched.
    const rows = snapshotRows(t.dataDir).passages as { vehicle_id: number | null }[];
    expect(rows.filter((row) => row.vehicle_id !== null)).toHaveLength(2);
  });

  it('takes a photo only of the AI server reporting the passage', async () => {
    const world = await alertWorld();
    const passage = (photoId: number, as?: string) =>
      world.ingest(
        'ingestPassage',
        {
          body: {
            sourceId: `photo-${photoId}-${as === undefined ? 'own' : 'other'}`,
            gate: '北门闸机1',
            direction: 'in',
            occurredAt: world.t.clock.now().toISOString(),
            result: 'allowed',
            plate: '京A12345',
            photoId,
          },
        },
        as,
      );
    const before = snapshotRows(world.t.dataDir);
    const refused = await passage(world.snapshotId, world.otherKey);
    expect(refused.status).toBe(400);
    expect(fieldMessages(refused.body)).toEqual({
      photoId: `文件 ${world.snapshotId} 不是本AI服务器上传的快照`,
    });
    expect(snapshotRows(world.t.dataDir)).toEqual(before);
    const own = await passage(world.snapshotId);
    expect(own.status).toBe(200);
    expect(own.body.data.photoId).toBe(world.snapshotId);
  });

  it('refuses passages over the quota with a 429 saying when to retry', async () => {
    const t = await startTestApp({ ingest: { passagesPerSecond: 1, passageBurst: 2 } });
    const token = await t.signIn('admin', testAdminPassword);
    const key = await aiServerIngestKey(t, token);
    const pass = (n: number) =>
      t.call('ingestPassage', {
        headers: { [ingestKeyHeader]: key },
        body: {
          sourceId: `q-${n}`,
          gate: 'g',
          direction: 'in',
          occurredAt: t.clock.now().toISOString(),
          result: 'allowed',
          plate: '京A12345',
        },
      });
    const answers = [await pass(1), await pass(2), await pass(3)];
    expect(answers.map((answer) => answer.body.code)).toEqual(['0', '0', '429']);
    expect(answers[2]?.headers['retry-after']).toBe('1');
  });
});

describe('reading passages', () => {
  it('lists a person’s passages newest first under their kind’s key only', async () => {
    const { t, staff, visitor, passCode, report, pass, admin } = await gateWorld();
    await pass(report({ employeeNo: 'E0001' }));
    t.clock.advance(1000);
    await pass(report({ employeeNo: 'E0001', direction: 'out' }));
    await pass(report({ passCode }));
    const listed = await admin('listStaffPassages', { params: { id: staff.id } });
    expect(listed.body.data).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(listed.body.data.items.map((item: { direction: string }) => item.direction)).toEqual([
      'out',
      'in',
    ]);
    expect((await admin('listStaffPassages', { params: { id: 99 } })).body.code).toBe('404');

    await addRole(t.dataDir, 'guard', ['KEY.ACCESS.VISITOR']);
    await addUser(t.dataDir, { username: 'guard', password: 'Guard12345', roles: ['guard'] });
    const guard = await t.signIn('guard', 'Guard12345');
    const asGuard = (operationId: string, id: number) =>
      t.call(operationId, { token: guard, params: { id } });
    expect((await asGuard('listVisitorPassages', visitor.id)).body.data.total).toBe(1);
    const refused = await asGuard('listStaffPassages', staff.id);
    expect(refused.status).toBe(403);
    expect((await asGuard('listVehiclePassages', 1)).status).toBe(403);
  });

  it('filters each list by "passed today" in the operator’s time zone', async () => {
    const { t, staff, visitor, passCode, allowed, banned, report, pass, admin } = await gateWorld();
    // 08:00Z is 16:00 in Shanghai and 00:00 in Los Angeles (still yesterday there until 08:00Z).
    await pass(report({ employeeNo: 'E0001', occurredAt: '2030-01-01T07:59:00Z' }));
    await pass(report({ passCode }));
    await pass(report({ plate: '京A12345' }));
    const ids = async (operationId: string, passedToday: string, zone: string) => {
      const answer = await admin(operationId, { query: { passedToday }, headers: { 'X-Time-Zone': zone } });
      if (!answer.body.success) throw new Error(`${operationId}: ${answer.body.msg}`);
      return (answer.body.data.items as { id: number }[]).map((item) => item.id);
    };
    expect(await ids('listStaff', 'true', 'Asia/Shanghai')).toEqual([staff.id]);
    expect(await ids('listStaff', 'true', 'America/Los_Angeles')).toEqual([]);
    expect(await ids('listStaff', 'false', 'America/Los_Angeles')).toEqual([staff.id]);
    expect(await ids('listVisitors', 'true', 'Asia/Shanghai')).toEqual([visitor.id]);
    expect(await ids('listVehicles', 'true', 'Asia/Shanghai')).toEqual([allowed.id]);
    expect(await ids('listVehicles', 'false', 'Asia/Shanghai')).toEqual([banned.id]);
    t.clock.advance(20 * 3_600_000); // noon the next day in Shanghai
    expect(await ids('listVehicles', 'true', 'Asia/Shanghai')).toEqual([]);
    const csv = await admin('exportVehicles', { query: { passedToday: 'false' } });
    expect(csv.text).toContain('京A12345');
    expect((await admin('listStaff', { query: { passedToday: 'yes' } })).status).toBe(400);
  });
});

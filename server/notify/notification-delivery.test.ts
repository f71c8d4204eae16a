import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { parseAllowedHosts } from '../streams/stream-address';
import { openTestDatabase } from '../test-support/test-database';
import { removeOldDeliveries } from './notification-tasks';
import { alertWorld } from '../test-support/alert-world';
import { jpegBytes } from '../test-support/multipart';
import { afterNextWholeRun } from '../test-support/job-runs';
import { scaled } from '../../test-support/test-timeouts';
import { defaultSignInLimits } from '../auth/sign-in-limits';
import { addRole, addUser, fieldMessages, startTestApp, testAdminPassword } from '../test-support/test-app';
import type { NotifyOptions } from './notify-settings';

/** What the receiver got: the request's URL and body, and the status it answered. */
interface Received {
  readonly url: string;
  readonly body: string;
  readonly status: number;
}

/**
 * A webhook receiver on loopback that records what it gets. `answer` sets the status it answers;
 * `down()` closes it (connections are refused) and `up()` listens again on the same port.
 */
async function receiver() {
  const received: Received[] = [];
  let status = 200;
  let held: Promise<void> = Promise.resolve();
  let server: Server | null = null;
  let port = 0;
  const listen = async () => {
    const next = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        const answer = status;
        received.push({ url: request.url ?? '', body, status: answer });
        void held.then(() => {
          response.writeHead(answer, { 'content-type': 'application/json' });
          response.end(answer === 200 ? '{"errcode":0,"errmsg":"ok"}' : '{"error":"receiver broken"}');
        });
      });
    });
    await new Promise<void>((resolve) => next.listen(port, '127.0.0.1', resolve));
    port = (next.address() as AddressInfo).port;
    server = next;
  };
  const down = () =>
    new Promise<void>((resolve) => {
      const closing = server;
      server = null;
      if (!closing) return resolve();
      closing.closeAllConnections();
      closing.close(() => resolve());
    });
  await listen();
  onTestFinished(down);
  return {
    received,
    /** Received and answered 200. */
    delivered: () => received.filter((one) => one.status === 200),
    url: (path = '/robot/send?access_token=test-token') => `http://127.0.0.1:${port}${path}`,
    answer: (next: number) => void (status = next),
    /** Holds the answers to come until the function it answers is called. */
    hold: () => {
      let release = () => {};
      held = new Promise<void>((resolve) => (release = resolve));
      return release;
    },
    down,
    up: listen,
  };
}

/** Waits until `check` holds, looking every 20 ms, failing after `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = scaled(10_000)): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The test receiver is on loopback: allowed as an installer would allow a local gateway. */
const loopbackAllowed = (pollMs?: number): NotifyOptions => ({
  allowedHosts: parseAllowedHosts('127.0.0.1').allowed,
  publicUrl: 'https://console.example.com',
  ...(pollMs !== undefined && { pollMs }),
});

const secret = 'SEC-test-secret';

const ruleBody = (change: Record<string, unknown>) => ({
  name: 'on duty',
  enabled: true,
  minLevel: 'low',
  fromTime: '00:00',
  toTime: '00:00',
  cooldownSeconds: 0,
  webhookKind: 'dingtalk',
  webhookSecret: secret,
  ...change,
});

describe('notification rules', () => {
  it('sends a signed DingTalk message within 2 s of an ingested alert, and shows it on the rule', async () => {
    const robot = await receiver();
    const world = await alertWorld({ notify: loopbackAllowed() });
    const { t, ok, cameras } = world;
    const rule = await ok('createNotifyRule', { body: ruleBody({ webhookUrl: robot.url() }) });
    // The secret is never answered.
    expect(rule.webhookSecret).toBe('******');

    const alert = await world.raise({ label: '吸烟', level: 'critical' });
    // The background sender looks every second (the default): the message is there within 2 s.
    await until(() => robot.delivered().length === 1, 2000);

    const [message] = robot.delivered();
    const url = new URL(message?.url ?? '', 'http://receiver');
    expect(url.searchParams.get('access_token')).toBe('test-token');
    const timestamp = url.searchParams.get('timestamp') ?? '';
    const expected = createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');
    expect(url.searchParams.get('sign')).toBe(expected);
    // The sign travels URL-encoded (base64 holds + / =).
    expect(message?.url).toContain(`sign=${encodeURIComponent(expected)}`);
    const body = JSON.parse(message?.body ?? '{}');
    expect(body.msgtype).toBe('markdown');
    expect(body.markdown.title).toBe('【紧急】吸烟');
    expect(body.markdown.text).toContain('北门-1');
    expect(body.markdown.text).toContain('一号园区');
    // 08:00 UTC is 16:00 on the site's clocks (Asia/Shanghai by default).
    expect(body.markdown.text).toContain('2030-01-01 16:00:');
    expect(body.markdown.text).toContain(`https://console.example.com/monitor/ai?alertId=${alert.id}&from=`);
    expect(body.markdown.text).toContain(`&cameraId=${cameras[0]?.id}`);
    // The snapshot shows through its signed link, which opens without a session (as on a phone).
    const image = /!\[抓拍图 \/ Snapshot\]\((https:\/\/console\.example\.com[^)]+)\)/.exec(
      body.markdown.text,
    );
    const link = new URL(image?.[1] ?? 'https://console.example.com/none');
    expect(link.pathname).toBe(`/cfop/shared/alert-snapshots/${world.snapshotId}`);
    const picture = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(picture.rawPayload.equals(jpegBytes)).toBe(true);

    await until(async () => (await ok('getNotifyRule', { params: { id: rule.id } })).sentCount === 1);
    const shown = await ok('getNotifyRule', { params: { id: rule.id } });
    expect(shown).toMatchObject({ sentCount: 1, pendingCount: 0, failedCount: 0, lastFailure: '' });
    expect(shown.lastSentAt).not.toBeNull();
    const deliveries = await t.call('listNotifyRuleDeliveries', {
      token: world.token,
      params: { id: rule.id },
    });
    expect(deliveries.body.data.items).toMatchObject([
      {
        channel: 'webhook',
        target: new URL(robot.url()).host,
        status: 'sent',
        alertId: alert.id,
        level: 'critical',
        label: '吸烟',
        alertCount: 1,
        attempts: 1,
        lastStatus: 200,
        lastAnswer: '{"errcode":0,"errmsg":"ok"}',
      },
    ]);
  });

  it('turns a burst within the cool-down into one message with a count', async () => {
    const robot = await receiver();
    const world = await alertWorld({ notify: loopbackAllowed(50) });
    const { t, ok, cameras } = world;
    const rule = await ok('createNotifyRule', {
      body: ruleBody({
        webhookKind: 'wecom',
        webhookSecret: '',
        webhookUrl: robot.url('/wecom'),
        cooldownSeconds: 60,
        // Each label the rule lists keeps a cool-down of its own.
        labels: ['未戴安全帽', '烟雾'],
      }),
    });
    await world.raise();
    await until(() => robot.delivered().length === 1);
    // Four more of the same camera within the minute (one through the one-call ingest); one of
    // another camera and one of another listed label on the same camera, whose cool-downs are their own.
    for (let n = 0; n < 3; n += 1) await world.raise();
    const { report } = world;
    const oneCall = report();
    delete (oneCall as Record<string, unknown>).snapshotId;
    expect((await world.postAlertWithSnapshot(oneCall)).statusCode).toBe(200);
    await world.raise({ cameraId: cameras[1]?.id, taskId: cameras[1]?.taskId });
    await world.raise({ label: '烟雾', level: 'critical' });
    await until(() => robot.delivered().length === 3);
    // The receiver has them; the sender records each answer right after.
    const deliveries = async () =>
      (await t.call('listNotifyRuleDeliveries', { token: world.token, params: { id: rule.id } })).body.data
        .items;
    await until(
      async () =>
        (await deliveries()).filter((one: { status: string }) => one.status === 'sent').length === 3,
    );
    const [smoke, other, followUp, first] = await deliveries();
    expect(first).toMatchObject({ status: 'sent', alertCount: 1 });
    expect(other).toMatchObject({ status: 'sent', alertCount: 1, cameraName: '北门-2' });
    expect(smoke).toMatchObject({ status: 'sent', alertCount: 1, cameraName: '北门-1' });
    expect(followUp).toMatchObject({ status: 'pending', alertCount: 4 });
    // Due when the minute since the first message ends.
    expect(Date.parse(followUp.dueAt) - Date.parse(first.dueAt)).toBe(60_000);

    t.clock.advance(60_000);
    await until(() => robot.delivered().length === 4);
    const merged = JSON.parse(robot.delivered()[3]?.body ?? '{}');
    expect(merged.markdown.content).toContain('另有 3 条 / and 3 more');
    expect(merged.markdown.content).toContain('数量 Count: 4');
    expect(merged.markdown.content).toContain('北门-1');
    expect(robot.delivered()).toHaveLength(4);
  });

  it('keeps alerts that joined a message on its way in the follow-up of their kind', async () => {
    const robot = await receiver();
    const world = await alertWorld({ notify: loopbackAllowed(50) });
    const rule = await world.ok('createNotifyRule', {
      body: ruleBody({
        webhookKind: 'wecom',
        webhookSecret: '',
        webhookUrl: robot.url('/wecom'),
        cooldownSeconds: 60,
      }),
    });
    const release = robot.hold();
    await world.raise();
    await until(() => robot.received.length === 1);
    // Joins the message while the receiver has it and has not answered.
    await world.raise();
    release();
    const deliveries = async () =>
      (await world.t.call('listNotifyRuleDeliveries', { token: world.token, params: { id: rule.id } })).body
        .data.items;
    await until(async () => (await deliveries()).some((one: { status: string }) => one.status === 'sent'));
    // A later one of the same kind joins that follow-up rather than queueing a message of its own.
    await world.raise();
    const [followUp, first, ...more] = await deliveries();
    expect(first).toMatchObject({ status: 'sent', alertCount: 1 });
    expect(followUp).toMatchObject({ status: 'pending', alertCount: 2 });
    expect(more).toHaveLength(0);
  });

  it('retries a receiver that is down, across a restart, and delivers exactly once when it is back', async () => {
    const robot = await receiver();
    const notify = loopbackAllowed(50);
    const world = await alertWorld({ notify });
    const { t, ok } = world;
    const rule = await ok('createNotifyRule', {
      body: ruleBody({ webhookKind: 'json', webhookSecret: '', webhookUrl: robot.url('/hook') }),
    });
    robot.answer(500);
    const alert = await world.raise();
    await until(() => robot.received.length === 1);
    const failing = async () =>
      (await ok('getNotifyRule', { params: { id: rule.id } })) as Record<string, unknown>;
    await until(async () => String((await failing()).lastFailure).startsWith('HTTP 500'));
    expect((await failing()).lastFailure).toBe('HTTP 500: {"error":"receiver broken"}');

    // Now it refuses connections; the next attempt is 5 s later.
    await robot.down();
    t.clock.advance(5_000);
    await until(async () => (await failing()).lastFailure === 'ECONNREFUSED');
    const [retrying] = (
      await t.call('listNotifyRuleDeliveries', { token: world.token, params: { id: rule.id } })
    ).body.data.items;
    expect(retrying).toMatchObject({
      status: 'pending',
      attempts: 2,
      lastStatus: null,
      lastAnswer: 'ECONNREFUSED',
    });
    // The next wait is 15 s.
    expect(Date.parse(retrying.dueAt) - Date.parse(retrying.lastAttemptAt)).toBe(15_000);

    // A restart on the same data folder while the receiver is still down.
    await t.app.close();
    const again = await startTestApp({ dataDir: t.dataDir, notify });
    const token = await again.signIn('admin', testAdminPassword);
    await robot.up();
    robot.answer(200);
    // The new app's clock starts where the first one's did: a minute on, the message is due.
    again.clock.advance(60_000);
    await until(() => robot.delivered().length === 1);
    const body = JSON.parse(robot.delivered()[0]?.body ?? '{}');
    expect(body).toMatchObject({ event: 'alert', alertId: alert.id, count: 1, label: '未戴安全帽' });

    await until(async () => {
      const { body: list } = await again.call('listNotifyRuleDeliveries', { token, params: { id: rule.id } });
      return list.data.items[0]?.status === 'sent';
    });
    // Later looks at the outbox (every 50 ms here) send nothing again.
    again.clock.advance(20 * 60_000);
    await afterNextWholeRun(again.app, 'sending notifications');
    expect(robot.delivered()).toHaveLength(1);
    expect(robot.received).toHaveLength(2);
    const { body: shown } = await again.call('getNotifyRule', { token, params: { id: rule.id } });
    expect(shown.data).toMatchObject({ sentCount: 1, failedCount: 0, pendingCount: 0 });

    // A month on, the sent message leaves the rule's list; its figures stay.
    const db = await openTestDatabase(t.dataDir);
    try {
      expect(await removeOldDeliveries({ db }, new Date(Date.parse(alert.occurredAt as string) + 1000))).toBe(
        1,
      );
    } finally {
      await db.destroy();
    }
    const { body: after } = await again.call('listNotifyRuleDeliveries', { token, params: { id: rule.id } });
    expect(after.data.total).toBe(0);
  });

  it('notifies device alerts by their type, through the same outbox', async () => {
    const robot = await receiver();
    const world = await alertWorld({ notify: loopbackAllowed(50) });
    const { ok, cameras } = world;
    await ok('createNotifyRule', {
      body: ruleBody({
        webhookKind: 'json',
        webhookSecret: '',
        webhookUrl: robot.url('/devices'),
        sources: ['device'],
        labels: ['cameraStreamLost'],
      }),
    });
    const heartbeat = (status: 'online' | 'offline') =>
      world.ingest('ingestHeartbeat', {
        body: { cpuLoad: 10, memoryLoad: 20, cameras: [{ id: cameras[0]?.id, status }] },
      });
    await heartbeat('online');
    // An AI detection is not of the device source: the rule leaves it.
    await world.raise();
    await heartbeat('offline');
    await heartbeat('online');
    await until(() => robot.delivered().length === 1);
    const body = JSON.parse(robot.delivered()[0]?.body ?? '{}');
    expect(body).toMatchObject({
      source: 'device',
      type: 'cameraStreamLost',
      level: 'high',
      cameraName: '北门-1',
    });
    await afterNextWholeRun(world.t.app, 'sending notifications');
    expect(robot.delivered()).toHaveLength(1);
  });

  it('queues nothing for a rule below its level or outside its window', async () => {
    const robot = await receiver();
    const world = await alertWorld({ notify: loopbackAllowed(50) });
    const { t, ok } = world;
    const create = (name: string, change: Record<string, unknown>) =>
      ok('createNotifyRule', {
        body: ruleBody({
          name,
          webhookKind: 'json',
          webhookSecret: '',
          webhookUrl: robot.url(`/${name}`),
          ...change,
        }),
      });
    const critical = await create('critical', { minLevel: 'critical' });
    // The test clock's 16:00 on the site is outside a night window.
    const night = await create('night', { fromTime: '20:00', toTime: '06:00' });
    const otherDay = await create('weekend', { days: ['sat', 'sun'] });
    const disabled = await create('disabled', { enabled: false });
    const smoking = await create('smoking', { labels: ['吸烟'] });
    const everything = await create('everything', {});
    await world.raise({ level: 'high' });
    await until(() => robot.delivered().length === 1);
    expect(robot.delivered()[0]?.url).toBe('/everything');
    for (const rule of [critical, night, otherDay, disabled, smoking]) {
      const { body } = await t.call('listNotifyRuleDeliveries', {
        token: world.token,
        params: { id: rule.id },
      });
      expect(body.data.total).toBe(0);
    }
    // The sender records the answer after the receiver has the message.
    await until(async () => (await ok('getNotifyRule', { params: { id: everything.id } })).sentCount === 1);
  });

  it('refuses webhook URLs pointing at the server itself or a metadata service, naming the field', async () => {
    const t = await startTestApp();
    const token = await t.signIn('admin', testAdminPassword);
    for (const webhookUrl of [
      'http://169.254.169.254/latest/meta-data/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://100.100.100.200/latest/meta-data/',
      'http://[fd00:ec2::254]/',
      'http://127.0.0.1:8000/cfop/users',
      'http://localhost/',
      'ftp://robot.example.com/',
      'https://user:pass@robot.example.com/',
    ]) {
      const { status, body } = await t.call('createNotifyRule', { token, body: ruleBody({ webhookUrl }) });
      expect(status, webhookUrl).toBe(400);
      expect(Object.keys(fieldMessages(body)), webhookUrl).toEqual(['webhookUrl']);
    }
    const { body } = await t.call('createNotifyRule', {
      token,
      lang: 'en-US',
      body: ruleBody({ webhookUrl: 'http://169.254.169.254/' }),
    });
    expect(fieldMessages(body).webhookUrl).toContain('CFOP_WEBHOOK_ALLOW_HOSTS');
    const { body: list } = await t.call('listNotifyRules', { token });
    expect(list.data.total).toBe(0);
  });

  it('checks a webhook name where it resolves, when saved and again before each send', async () => {
    const table = new Map([
      ['inside.example.com', ['127.0.0.1']],
      ['robot.example.com', ['203.0.113.10']],
    ]);
    const world = await alertWorld({
      notify: { pollMs: 50, lookup: async (name) => table.get(name) ?? [] },
    });
    const { t, ok, token } = world;
    const inside = await t.call('createNotifyRule', {
      token,
      body: ruleBody({ webhookUrl: 'http://inside.example.com/hook' }),
    });
    expect(Object.keys(fieldMessages(inside.body))).toEqual(['webhookUrl']);
    const rule = await ok('createNotifyRule', {
      body: ruleBody({ webhookUrl: 'http://robot.example.com/hook' }),
    });
    // The name now answers the server's own address: the send is refused, nothing connects.
    table.set('robot.example.com', ['127.0.0.1']);
    await world.raise();
    await until(async () => (await ok('getNotifyRule', { params: { id: rule.id } })).lastFailure !== '');
    expect((await ok('getNotifyRule', { params: { id: rule.id } })).lastFailure).toBe(
      'refused: the address is not allowed',
    );
  });

  it('keeps the secret behind its mask only for the same webhook, and asks for a receiver', async () => {
    const robot = await receiver();
    const world = await alertWorld({ notify: loopbackAllowed() });
    const { t, ok, token } = world;
    const rule = await ok('createNotifyRule', { body: ruleBody({ webhookUrl: robot.url() }) });
    const kept = await t.call('updateNotifyRule', {
      token,
      params: { id: rule.id },
      body: ruleBody({ webhookUrl: robot.url(), webhookSecret: '******', cooldownSeconds: 30 }),
    });
    expect(kept.status).toBe(200);
    const moved = await t.call('updateNotifyRule', {
      token,
      params: { id: rule.id },
      body: ruleBody({ webhookUrl: robot.url('/elsewhere'), webhookSecret: '******' }),
    });
    expect(moved.status).toBe(400);
    expect(Object.keys(fieldMessages(moved.body))).toEqual(['webhookSecret']);
    const nobody = await t.call('createNotifyRule', {
      token,
      body: ruleBody({ name: 'nobody', webhookKind: 'none', webhookSecret: '' }),
    });
    expect(Object.keys(fieldMessages(nobody.body))).toEqual(['webhookKind']);

    // Neither the log of the writes nor the export shows the secret.
    const { body: logs } = await t.call('listOperationLogs', { token });
    expect(JSON.stringify(logs.data.items)).not.toContain(secret);
    const exported = await t.call('exportNotifyRules', { token });
    expect(exported.status).toBe(200);
    expect(exported.text).not.toContain(secret);
    expect(exported.text).toContain('******');

    // The test send signs with the stored secret and answers what the robot got and said.
    const test = await t.call('testNotifyRule', { token, params: { id: rule.id } });
    const [sent] = test.body.data.items;
    expect(sent).toMatchObject({
      channel: 'webhook',
      ok: true,
      status: 200,
      answer: '{"errcode":0,"errmsg":"ok"}',
    });
    expect(JSON.parse(sent.sent).markdown.title).toBe('【高】测试告警');
    const url = new URL(robot.received[0]?.url ?? '', 'http://receiver');
    const timestamp = url.searchParams.get('timestamp') ?? '';
    expect(url.searchParams.get('sign')).toBe(
      createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64'),
    );
  });

  it('links the test send to the newest alert snapshot, through a link that opens it', async () => {
    const robot = await receiver();
    const world = await alertWorld({ notify: loopbackAllowed() });
    const { t, ok, token } = world;
    // Disabled: only the test send reaches the receiver.
    const rule = await ok('createNotifyRule', {
      body: ruleBody({
        enabled: false,
        webhookKind: 'json',
        webhookSecret: '',
        webhookUrl: robot.url('/hook'),
      }),
    });
    const before = await t.call('testNotifyRule', { token, params: { id: rule.id } });
    expect(JSON.parse(before.body.data.items[0].sent).snapshotUrl).toBeNull();

    const own = await world.uploadSnapshot();
    await world.raise({ snapshotId: own });
    const test = await t.call('testNotifyRule', { token, params: { id: rule.id } });
    const link = new URL(JSON.parse(test.body.data.items[0].sent).snapshotUrl);
    expect(link.pathname).toBe(`/cfop/shared/alert-snapshots/${own}`);
    expect(JSON.parse(robot.received[1]?.body ?? '{}').snapshotUrl).toBe(link.toString());
    const picture = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(picture.statusCode).toBe(200);
  });

  it("texts the rule's users and numbers through the SMS sender", async () => {
    const world = await alertWorld({ notify: loopbackAllowed(50) });
    const { t, ok } = world;
    const guard = await addUser(t.dataDir, {
      username: 'guard',
      password: 'Guard12345',
      phone: '13800000003',
    });
    const rule = await ok('createNotifyRule', {
      body: ruleBody({
        webhookKind: 'none',
        webhookSecret: '',
        smsUserIds: [guard],
        smsPhones: ['13800000001', '13800000003'],
      }),
    });
    expect(rule.smsUserNames).toEqual(['guard']);
    await world.raise();
    // The guard's phone is also a listed number: texted once.
    await until(() => t.sent.length === 2);
    expect(t.sent.map((message) => message.phone).sort()).toEqual(['13800000001', '13800000003']);
    expect(t.sent[0]?.text).toMatch(
      /^【告警·高】未戴安全帽 北门-1 一号园区 01-01 16:00 https:\/\/console\.example\.com\/monitor\/ai\?/,
    );
    await until(async () => (await ok('getNotifyRule', { params: { id: rule.id } })).sentCount === 2);
  });
});

describe('what notifications may send, and to whom', () => {
  const hour = 3_600_000;
  const smsRule = (phones: readonly string[], change: Record<string, unknown> = {}) =>
    ruleBody({ webhookKind: 'none', webhookSecret: '', smsPhones: phones, ...change });
  const phones = (count: number, from = 0) =>
    Array.from({ length: count }, (_, n) => `1380000${String(from + n).padStart(4, '0')}`);

  it('keeps one cool-down per rule and camera, whatever label the AI server gives each alert', async () => {
    const world = await alertWorld({ notify: loopbackAllowed(50) });
    const { t, ok } = world;
    const rule = await ok('createNotifyRule', { body: smsRule(phones(2), { cooldownSeconds: 600 }) });
    for (let n = 0; n < 60; n += 1) await world.raise({ label: `label-${n}` });
    await until(async () => (await ok('getNotifyRule', { params: { id: rule.id } })).sentCount === 2);
    const { items } = await ok('listNotifyRuleDeliveries', {
      params: { id: rule.id },
      query: { pageSize: 100 },
    });
    // Per number: the first message now, the rest counted in one follow-up when the cool-down ends.
    expect(items).toHaveLength(4);
    for (const phone of phones(2)) {
      const own = items.filter((one: { target: string }) => one.target === phone);
      expect(own.map((one: { status: string }) => one.status).sort()).toEqual(['pending', 'sent']);
      expect(own.reduce((sum: number, one: { alertCount: number }) => sum + one.alertCount, 0)).toBe(60);
    }
    expect(t.sent).toHaveLength(2);
  });

  it('counts notification SMS in the site budget beside sign-in codes, waiting for room rather than dropping one', async () => {
    const world = await alertWorld({
      notify: { ...loopbackAllowed(50), smsPhoneSendsPerHour: 4 },
      signInLimits: { ...defaultSignInLimits, smsSends: { limit: 10, windowMs: hour } },
    });
    const { t, ok } = world;
    // Detections only: an hour on, the AI servers fall silent, and their device alerts are not counted here.
    const rule = await ok('createNotifyRule', { body: smsRule(phones(3), { sources: ['ai'] }) });
    for (let n = 0; n < 4; n += 1) await world.raise();
    // Twelve messages; notifications may take 8 of the 10 an hour, the rest kept for sign-in codes.
    let token = world.token;
    const deliveries = async () =>
      (await t.call('listNotifyRuleDeliveries', { token, params: { id: rule.id } })).body.data.items as {
        status: string;
        attempts: number;
        lastAnswer: string;
        dueAt: string;
      }[];
    // Settled: eight sent, and nothing due before the hour has room again.
    const nextHour = t.clock.now().getTime() + hour - 10_000;
    await until(async () => {
      const all = await deliveries();
      const pending = all.filter((one) => one.status === 'pending');
      return all.length === 12 && pending.every((one) => Date.parse(one.dueAt) >= nextHour);
    });
    expect(t.sent).toHaveLength(8);
    const waiting = (await deliveries()).filter((one) => one.status === 'pending');
    expect(waiting).toHaveLength(4);
    // Each was held back without an attempt: deferred itself, or queued behind its number's deferred
    // message (a number's messages keep their order), which it then follows.
    for (const one of waiting) expect(one.attempts).toBe(0);
    const reason = waiting.find((one) => one.lastAnswer !== '')?.lastAnswer;
    expect(reason).toContain('deferred: the SMS budget of the hour is used up');
    for (const one of waiting) expect(['', reason]).toContain(one.lastAnswer);
    expect((await ok('getNotifyRule', { params: { id: rule.id } })).lastFailure).toContain('推迟发送');

    // Sign-in codes take the share kept for them, and then the budget is spent for them too.
    const code = (n: number) =>
      t.call('sendSmsCode', { body: { phone: `1390000000${n}` }, remoteAddress: `10.9.0.${n}` });
    expect((await code(1)).status).toBe(200);
    expect((await code(2)).status).toBe(200);
    expect((await code(3)).status).toBe(429);

    // An hour on, the budget has room again and the waiting messages go.
    t.clock.advance(hour);
    token = await t.signIn('admin', testAdminPassword);
    await until(() => t.sent.length === 12);
    await until(async () => (await deliveries()).every((one) => one.status === 'sent'));
  });

  it('holds a number to its hourly SMS, the rest waiting for its room', async () => {
    const world = await alertWorld({ notify: { ...loopbackAllowed(50), smsPhoneSendsPerHour: 2 } });
    const { t, ok } = world;
    const rule = await ok('createNotifyRule', { body: smsRule(phones(1)) });
    for (let n = 0; n < 3; n += 1) await world.raise();
    const deliveries = async () =>
      (await ok('listNotifyRuleDeliveries', { params: { id: rule.id } })).items as {
        status: string;
        lastAnswer: string;
        dueAt: string;
      }[];
    await until(async () => (await deliveries()).every((one) => one.lastAnswer !== ''));
    expect(t.sent).toHaveLength(2);
    const [waiting] = (await deliveries()).filter((one) => one.status === 'pending');
    expect(waiting?.lastAnswer).toBe(
      '推迟发送：此号码本小时收到的短信已达上限（CFOP_SMS_PHONE_SENDS_PER_HOUR） / deferred: this number has had as many SMS as it may this hour (CFOP_SMS_PHONE_SENDS_PER_HOUR)',
    );
    // Due when the first of the hour's two leaves the window.
    expect(Date.parse(waiting?.dueAt ?? '')).toBeGreaterThan(t.clock.now().getTime() + 3_500_000);
  });

  it('refuses more than 10 SMS recipients on a rule, naming the field', async () => {
    const t = await startTestApp();
    const token = await t.signIn('admin', testAdminPassword);
    const users: number[] = [];
    for (let n = 0; n < 6; n += 1)
      users.push(await addUser(t.dataDir, { username: `guard${n}`, password: 'Guard12345' }));
    const eleven = await t.call('createNotifyRule', { token, body: smsRule(phones(11)) });
    expect(eleven.status).toBe(400);
    expect(Object.keys(fieldMessages(eleven.body))).toEqual(['smsPhones']);
    const together = await t.call('createNotifyRule', {
      token,
      body: smsRule(phones(5), { smsUserIds: users }),
    });
    expect(together.status).toBe(400);
    expect(fieldMessages(together.body)).toEqual({
      smsPhones: '短信接收人（用户与号码合计）最多 10 个，当前 11 个；更多人请用 Webhook 群机器人',
    });
    const english = await t.call('createNotifyRule', {
      token,
      lang: 'en-US',
      body: smsRule(phones(5), { smsUserIds: users }),
    });
    expect(fieldMessages(english.body).smsPhones).toContain('at most 10 SMS recipients');
    expect((await t.call('createNotifyRule', { token, body: smsRule(phones(10)) })).status).toBe(200);
  });

  it('limits test sends per rule and per user, and counts their SMS in the budget', async () => {
    const world = await alertWorld({ notify: { ...loopbackAllowed(), smsPhoneSendsPerHour: 1 } });
    const { t, ok, token } = world;
    // Disabled: only the test sends text the numbers.
    const rule = await ok('createNotifyRule', { body: smsRule(phones(1), { enabled: false }) });
    const other = await ok('createNotifyRule', {
      body: smsRule(phones(1, 1), { name: 'other', enabled: false }),
    });
    const test = (id: number) => t.call('testNotifyRule', { token, params: { id } });
    const first = await test(rule.id);
    expect(first.body.data.items).toMatchObject([{ channel: 'sms', ok: true }]);
    // The number has had its one SMS of the hour: the second test sends it none, and says why.
    const second = await test(rule.id);
    expect(second.body.data.items).toMatchObject([{ channel: 'sms', ok: false, sent: '' }]);
    expect(second.body.data.items[0].answer).toMatch(/^未发送：此号码本小时收到的短信已达上限/);
    expect(t.sent).toHaveLength(1);

    const third = await test(rule.id);
    expect(third.status).toBe(429);
    expect(third.body.msg).toMatch(/^此规则刚发送过测试通知，请 \d+ 秒后再试$/);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    // A minute on the rule may be tested again; another rule's tests are their own, up to the
    // user's 10 an hour.
    t.clock.advance(60_000);
    for (let n = 0; n < 8; n += 1) {
      expect((await test(n % 2 === 0 ? other.id : rule.id)).status).toBe(200);
      t.clock.advance(30_000);
    }
    const eleventh = await test(other.id);
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.msg).toMatch(/^测试通知发送过于频繁，请 \d+ 秒后再试$/);
  });

  it("forwards only what the rule's last writer may see now, and tests carry no real snapshot to others", async () => {
    const robot = await receiver();
    const world = await alertWorld({ notify: loopbackAllowed(50) });
    const { t, ok, cameras } = world;
    const roleId = await addRole(t.dataDir, 'notifier', ['KEY.SYSTEM.NOTIFY']);
    await addUser(t.dataDir, { username: 'notifier', password: 'Notify12345', roles: ['notifier'] });
    const token = await t.signIn('notifier', 'Notify12345');
    const created = await t.call('createNotifyRule', {
      token,
      body: ruleBody({ webhookKind: 'json', webhookSecret: '', webhookUrl: robot.url('/hook') }),
    });
    const rule = created.body.data;
    const deliveries = async () =>
      (await ok('listNotifyRuleDeliveries', { params: { id: rule.id } })).total as number;
    // The messages are queued in the alert's own transaction: known as soon as it is stored.
    await world.raise();
    expect(await deliveries()).toBe(0);

    // Its test send is a sample only: no link to a real snapshot for someone who cannot see alerts.
    const sample = await t.call('testNotifyRule', { token, params: { id: rule.id } });
    expect(JSON.parse(sample.body.data.items[0].sent).snapshotUrl).toBeNull();
    const byAdmin = await t.call('testNotifyRule', { token: world.token, params: { id: rule.id } });
    expect(JSON.parse(byAdmin.body.data.items[0].sent).snapshotUrl).toContain('/shared/alert-snapshots/');

    // Given the alert key, the author's rule forwards alerts, but not a camera's health without the camera key.
    const db = await openTestDatabase(t.dataDir);
    try {
      await db
        .insertInto('role_access_keys')
        .values({ role_id: roleId, access_key: 'KEY.CENTER.AIWARN' })
        .execute();
      await world.raise();
      expect(await deliveries()).toBe(1);
      const heartbeat = (status: 'online' | 'offline') =>
        world.ingest('ingestHeartbeat', {
          body: { cpuLoad: 10, memoryLoad: 20, cameras: [{ id: cameras[0]?.id, status }] },
        });
      await heartbeat('online');
      await heartbeat('offline');
      expect(await deliveries()).toBe(1);

      // Disabled, the author forwards nothing more; an administrator's save makes the rule theirs.
      await db.updateTable('users').set({ status: 'disabled' }).where('username', '=', 'notifier').execute();
      await world.raise();
      expect(await deliveries()).toBe(1);
    } finally {
      await db.destroy();
    }
    await ok('updateNotifyRule', {
      params: { id: rule.id },
      body: ruleBody({ webhookKind: 'json', webhookSecret: '', webhookUrl: robot.url('/hook') }),
    });
    await world.raise();
    expect(await deliveries()).toBe(2);
  });
});

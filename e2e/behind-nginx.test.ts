import { readFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import pg from 'pg';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { startEstate, type Estate } from '../server/test-support/server-estate';
import { securityHeaders } from '../src/generated/contract';
import { launchChromium } from '../test-support/chromium';
import { runOperatorCli } from '../test-support/server-process';
import { admin } from './accounts';
import { artifactsDir } from './artifacts';
import { edgeBox } from './edge-box';
import { addTestCamera, test } from './fixtures';
import { unique } from './resource-screen';
import { screenshot, signIn } from './screen';
import { scaled } from '../test-support/test-timeouts';

// Two console servers on one PostgreSQL database behind Debian's nginx running the deploy's own
// site file (deploy/nginx/cfop.conf), as "Run at scale" in docs/operating.md sets them up.

/** How often a server looks for silent AI servers (offlineCheckMs, server/alerts/alert-tasks.ts). */
const offlineCheckMs = 15_000;

/** A browser on another machine: loopback has all of 127/8, and nginx listens on 127.0.0.1 only. */
const browserAddress = '127.0.0.2';

interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** One HTTP call, from `from` when given, without fetch's own Accept and decompression. */
function call(
  url: string,
  options: { method?: string; headers?: Record<string, string>; json?: unknown; from?: string } = {},
): Promise<Answer> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  const headers = { ...options.headers, ...(body ? { 'content-type': 'application/json' } : {}) };
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      { method: options.method ?? 'GET', headers, localAddress: options.from },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          resolve({
            status: answer.statusCode ?? 0,
            headers: answer.headers,
            body: Buffer.concat(chunks).toString('latin1'),
          }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

/** A password sign-in as the console makes it; answers the envelope. */
async function passwordSignIn(
  serverUrl: string,
  username: string,
  password: string,
  extra: { headers?: Record<string, string>; from?: string } = {},
): Promise<{ success: boolean; code: string }> {
  const answer = await call(`${serverUrl}/cfop/login/bypwd`, {
    method: 'POST',
    from: extra.from,
    headers: {
      [securityHeaders.clientType]: 'PC',
      [securityHeaders.clientHost]: new URL(serverUrl).host,
      ...extra.headers,
    },
    json: { username, password },
  });
  return JSON.parse(answer.body) as { success: boolean; code: string };
}

/** The card of an alert on the alert wall. */
const card = (page: Page, id: number): Locator => page.locator(`[data-alert-id="${id}"]`);

describe('two servers behind nginx on one PostgreSQL database', () => {
  let estate: Estate;
  let browser: Browser;
  let db: pg.Client;
  /** When both servers answered: from then on each has run its periodic jobs once. */
  let bothUpAt: number;

  const page = async (): Promise<Page> => {
    const context = await browser.newContext({ baseURL: estate.url, locale: 'zh-CN' });
    context.setDefaultTimeout(scaled(10_000));
    return context.newPage();
  };

  beforeAll(async () => {
    estate = await startEstate({
      logDir: artifactsDir,
      env: {
        CFOP_ADMIN_PASSWORD: admin.password,
        CFOP_ADMIN_PHONE: admin.phone,
        // The test camera streams on loopback, which cameras may not reach by default.
        CFOP_CAMERA_ALLOW_HOSTS: '127.0.0.1',
      },
    });
    bothUpAt = Date.now();
    db = new pg.Client({ connectionString: estate.databaseUrl });
    await db.connect();
    browser = await launchChromium();
  }, scaled(180_000));

  afterAll(async () => {
    await browser?.close();
    await db?.end();
    await estate?.stop();
  }, scaled(60_000));

  test('nginx serves the hashed assets for a year and passes every page to a server, never cached', async () => {
    const entry = /"(\/assets\/index-[^"]+\.js)"/.exec(readFileSync('dist/index.html', 'utf8'))?.[1];
    expect(entry).toBeDefined();
    const asset = await call(`${estate.url}${entry}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The build's .gz copy, as it is.
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    // From nginx's copy of the build, not a server's answer (a server adds its CSP to every answer).
    expect(asset.headers['content-security-policy']).toBeUndefined();

    const missing = await call(`${estate.url}/assets/index-gone.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBeUndefined();

    for (const path of ['/', '/monitor/ai', '/user/login']) {
      const html = { accept: 'text/html' };
      const [proxied, server] = await Promise.all([
        call(`${estate.url}${path}`, { headers: html }),
        call(`${estate.servers[0].url}${path}`, { headers: html }),
      ]);
      expect(proxied.status, path).toBe(200);
      expect(proxied.headers['cache-control'], path).toBe('no-cache');
      // The server's own page, with that screen's preloads: not nginx's copy of index.html.
      expect(proxied.body, path).toBe(server.body);
    }
    const api = await call(`${estate.url}/cfop/user/info`);
    expect(api.headers['cache-control']).toBe('no-store');
  });

  test("the operation log records the browser's address, not nginx's nor one the browser made up", async () => {
    const answer = await passwordSignIn(estate.url, admin.username, admin.password, {
      from: browserAddress,
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(answer.success).toBe(true);
    const { rows } = await db.query<{ ip: string }>(
      `select ip from operation_logs where action = 'loginByPassword' and username = $1 order by id desc limit 1`,
      [admin.username],
    );
    expect(rows[0]?.ip).toBe(browserAddress);
  });

  test('a name locked by wrong passwords on one server stays locked on the other', async () => {
    const [a, b] = estate.servers;
    const username = unique('lock.');
    const password = 'Locked-e2e-2024';
    await runOperatorCli(estate.env, [
      'user:create',
      ...['--username', username, '--name', '锁定测试', '--password', password, '--roles', 'admin'],
    ]);
    // CFOP_SIGNIN_ACCOUNT_FAILURES: 5 by default.
    const guesses = [];
    for (let n = 0; n < 5; n += 1)
      guesses.push((await passwordSignIn(a.url, username, 'Wrong-guess-1')).code);
    expect(guesses.every((code) => code !== '0')).toBe(true);
    const right = await passwordSignIn(b.url, username, password);
    expect(right).toMatchObject({ success: false, code: '423' });
  });

  test('a camera plays through nginx', { timeout: scaled(120_000) }, async ({ stream }) => {
    const viewer = await page();
    await signIn(viewer, admin);
    const name = unique('大门-');
    await addTestCamera(viewer, {
      name,
      code: unique('NG'),
      area: unique('nginx区-'),
      mainStreamUrl: stream.liveUrl,
    });
    await viewer.goto('/monitor/video');
    await viewer.getByPlaceholder('搜索名称、编码或区域').fill(name);
    await viewer.locator('.cfop-camera-tree').getByText(name, { exact: true }).click();
    const video = viewer.locator('[data-pane="0"] video');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.currentTime > 0), {
        timeout: scaled(45_000),
        interval: 250,
      })
      .toBe(true);
    await screenshot(viewer, 'behind nginx - live video');
    await viewer.context().close();
  });

  test('the offline check runs once per interval across both servers, not once on each', async () => {
    // Each server runs it on starting and every interval after. Two runs after both were up mean
    // an interval has passed in which each had its turn; two servers acting each on its own show
    // as runs less than half an interval apart.
    const checkRuns = () =>
      estate
        .statements(/^update "ai_servers" set "status" = \$1 where "status" = \$2/)
        .map((statement) => statement.at);
    await expect
      .poll(() => checkRuns().filter((at) => at >= bothUpAt).length, { timeout: scaled(3 * offlineCheckMs) })
      .toBeGreaterThanOrEqual(2);
    const runs = checkRuns();
    const gaps = runs.slice(1).map((at, n) => at - (runs[n] ?? at));
    expect(Math.min(...gaps)).toBeGreaterThan(offlineCheckMs / 2);
  });

  describe('the live alert stream', () => {
    let viewer: Page;
    let throughA: Awaited<ReturnType<typeof edgeBox>>;
    let throughB: Awaited<ReturnType<typeof edgeBox>>;

    test(
      'an alert a box reports to one server appears at once on a console whose stream is on the other',
      { timeout: scaled(120_000) },
      async ({ annotate }) => {
        const [a, b] = estate.servers;
        viewer = await page();
        await signIn(viewer, admin);
        throughA = await edgeBox(viewer, 1, { ingestUrl: a.url });
        throughB = await edgeBox(viewer, 1, { ingestUrl: b.url });
        // With B down, nginx sends the console's page and its event stream to A.
        await b.stop();
        await viewer.goto('/monitor/ai');
        await viewer.getByText('实时推送中').waitFor();
        await b.start();

        const camera = throughB.cameras[0];
        if (!camera) throw new Error('the box has no camera');
        const reportedAt = Date.now();
        const alert = await throughB.raise(camera, '吸烟', 'critical');
        await card(viewer, alert.id).waitFor();
        const onScreenMs = Date.now() - reportedAt;
        // A figure to read, not to assert: on a loaded machine it says nothing of the product.
        await annotate(`on screen ${onScreenMs} ms after the report was sent`);
      },
    );

    test('killing the server a console streams from moves it to the other, and it misses no alert', async () => {
      const [a] = estate.servers;
      const cameraA = throughA.cameras[0];
      const cameraB = throughB.cameras[0];
      if (!cameraA || !cameraB) throw new Error('the boxes have no cameras');
      const beforeKill = await throughA.raise(cameraA, '未戴安全帽', 'high');
      await card(viewer, beforeKill.id).waitFor();
      await a.kill();
      // Reported while the console has no stream: it reconnects through nginx to B and reads on
      // after the last alert it saw.
      const whileAway = await throughB.raise(cameraB, '人员闯入', 'medium');
      await card(viewer, whileAway.id).waitFor({ timeout: scaled(20_000) });
      await viewer.getByText('实时推送中').waitFor({ timeout: scaled(20_000) });
      const afterwards = await throughB.raise(cameraB, '吸烟', 'low');
      await card(viewer, afterwards.id).waitFor();
      for (const alert of [beforeKill, whileAway, afterwards]) await card(viewer, alert.id).waitFor();
      await screenshot(viewer, 'behind nginx - after failover');
      await viewer.context().close();
    });
  });
});

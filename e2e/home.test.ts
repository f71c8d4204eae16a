import type Axe from 'axe-core';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { scaled } from '../test-support/test-timeouts';
import { aiServerClient } from '../test-support/ai-server-client';
import { admin, alertBystander, videoOperator } from './accounts';
import { edgeBox } from './edge-box';
import { testOnOwnServer } from './fixtures';
import { createThroughApi, rowOf, unique } from './resource-screen';
import { eventually, expectAt, headerOf, label, screenshot, signIn } from './screen';

// The home page shows the whole site's figures (pending alerts, offline devices, the newest five
// alerts), which the other files change as they run.
const test = testOnOwnServer('home-server', [alertBystander, videoOperator]);

const blockOf = (page: Page, title: string | RegExp): Locator =>
  page.locator('.cfop-home-block').filter({ has: page.locator('.ant-card-head-title', { hasText: title }) });

/** An AI server that never reported (offline) with a recording camera bound to it (offline too). */
async function offlineSite(page: Page, consoleUrl: string) {
  const serverName = unique('离线盒子-');
  const { server, ingestKey } = await createThroughApi<{ server: { id: number }; ingestKey: string }>(
    page,
    '/aiservers',
    {
      name: serverName,
      serialNumber: unique('HMSN-'),
      ip: `10.81.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`,
      port: 8000,
      acceleratorType: 'NPU',
      channelCapacity: 4,
    },
  );
  const cameraName = unique('仓库后门-');
  const camera = await createThroughApi<{ id: number }>(page, '/cameras', {
    name: cameraName,
    code: unique('HM'),
    mainStreamUrl: 'rtsp://10.81.0.1:554/main',
    vendor: 'hikvision',
    ip: '10.81.0.1',
    aiServerId: server.id,
    recordingMode: 'continuous',
  });
  return { serverName, cameraName, camera, box: aiServerClient(consoleUrl, ingestKey) };
}

/**
 * What axe finds critical or serious on the home page's own parts. Contrast only where the page
 * chose the colour: links, buttons, tags and captions take the theme's, which the theme's own
 * contrast checks cover.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated, not a script tag: the console's Content Security Policy allows no inline script.
  await page.evaluate(await readFile('node_modules/axe-core/axe.min.js', 'utf8'));
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof Axe }).axe;
    const wcag = { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] };
    const parts = ['.cfop-home-blocks', '.cfop-home-setup', '.cfop-desktop-offer', '.cfop-welcome'];
    const ownColours = ['.cfop-home-figure', '.cfop-home-recording', '.cfop-home-names', '.cfop-home-step'];
    // One run at a time: axe refuses a second while one is under way.
    const structure = await axe.run(
      { include: parts.map((part) => [part]) },
      { ...wcag, rules: { 'color-contrast': { enabled: false } } },
    );
    const colours = await axe.run(
      { include: ownColours.map((part) => [part]) },
      { runOnly: ['color-contrast'] },
    );
    const runs = [structure, colours];
    return runs
      .flatMap((result) => result.violations)
      .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
      .flatMap((violation) => violation.nodes.map((node) => `${violation.id} ${node.target.join(' ')}`));
  });
}

async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [1440, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

describe('the home page', () => {
  test(
    'shows pending alerts, offline devices and the newest alerts, live, each leading to its filtered screen',
    { timeout: scaled(120_000) },
    async ({ page, consoleUrl }) => {
      await signIn(page, admin);
      const { cameras, raise } = await edgeBox(page, 1, { ingestUrl: consoleUrl });
      const watched = cameras[0] as (typeof cameras)[number];
      const site = await offlineSite(page, consoleUrl);
      await raise(watched, '吸烟', 'critical');
      await raise(watched, '未戴安全帽', 'high');
      await page.goto('/home');

      // Greeting kept, tiles gone for an operator holding the keys.
      await page
        .locator('.cfop-welcome-title')
        .getByText(/，系统管理员$/)
        .waitFor();
      await expect(page.getByText('快捷入口', { exact: true }).count()).resolves.toBe(0);

      const pending = blockOf(page, /^待处理告警/);
      const critical = pending.locator('.cfop-home-level[data-level="critical"] .cfop-home-figure');
      await eventually(async () => Number(await critical.innerText())).toBe(1);
      const newest = blockOf(page, '最新告警');
      await newest.getByText('未戴安全帽').first().waitFor();

      const offlineServers = blockOf(page, '离线AI服务器');
      await offlineServers.getByText(site.serverName, { exact: false }).waitFor();
      const offlineCameras = blockOf(page, '离线摄像头');
      await offlineCameras.getByText(site.cameraName, { exact: false }).waitFor();
      await offlineCameras.getByText(/路摄像头录像中断$/).waitFor();
      // The recordings' storage: what they take, no quota on this server, the disk's room.
      const storage = blockOf(page, '录像存储');
      await storage.getByText(/^已用 \d/).waitFor();
      await storage.getByText('未设容量上限', { exact: true }).waitFor();
      await storage.getByText(/^磁盘剩余 \d/).waitFor();

      // The setup checklist: everything but the rule is done on this server.
      const checklist = page.locator('.cfop-home-setup');
      await checklist.getByText(/已完成 3\/4/).waitFor();
      const steps = checklist.locator('li');
      await expect(
        steps.evaluateAll((items) => items.map((item) => item.getAttribute('data-done'))),
      ).resolves.toEqual(['true', 'true', 'true', 'false']);
      await screenshots(page, 'home-status');
      await expect(seriousViolations(page)).resolves.toEqual([]);

      // Live: the AI server reports (its camera lost), and leaves the offline block without a reload.
      let loads = 0;
      page.on('load', () => (loads += 1));
      await site.box.heartbeat(await site.box.cameras(), new Set([site.camera.id]));
      await eventually(() => offlineServers.innerText()).not.toContain(site.serverName);
      await offlineCameras.getByText(site.cameraName, { exact: false }).waitFor();
      const raised = await raise(watched, '人员闯入', 'medium');
      // The newest first.
      const raisedEntry = newest.locator('.cfop-home-alert').first();
      await raisedEntry.filter({ hasText: '人员闯入' }).filter({ hasText: watched.name }).waitFor();
      expect(loads).toBe(0);
      await raisedEntry.click();
      await expectAt(page, `/monitor/ai?alertId=${raised.id}`);
      await page.goBack();

      // Each block leads to its screen, filtered to what it counts.
      await critical.click();
      await expectAt(page, '/monitor/ai?status=pending&level=critical');
      await page.goBack();
      await offlineCameras.getByRole('link', { name: label('查看') }).click();
      await expectAt(page, '/equipment/camera?status=offline');
      await rowOf(page, site.cameraName).waitFor();
      await page.goBack();
      await offlineServers.getByRole('link', { name: label('查看') }).click();
      await expectAt(page, '/equipment/aiserver?status=offline');
      await page.goBack();

      // The checklist's step leads to its screen; hidden, it stays hidden.
      await checklist.getByRole('link', { name: /配置通知规则/ }).click();
      await expectAt(page, '/system/notify');
      await page.goBack();
      await checklist.getByRole('button', { name: label('不再显示') }).click();
      await checklist.waitFor({ state: 'detached' });
      await page.reload();
      await pending.waitFor();
      await expect(checklist.count()).resolves.toBe(0);

      await headerOf(page).getByRole('button', { name: 'English' }).click();
      await blockOf(page, /^Pending alerts/).waitFor();
      await blockOf(page, 'Offline cameras')
        .getByText(/^Recording stopped on \d+\+? cameras?$/)
        .waitFor();
      await screenshots(page, 'home-status-english');
    },
  );

  test('offers desktop notifications once to a holder of the alert key', async ({ page, consoleUrl }) => {
    // As a browser that has not been asked yet or allows them: one that refused gets no offer.
    await page.context().grantPermissions(['notifications'], { origin: consoleUrl });
    await signIn(page, alertBystander);
    const offer = page.locator('.cfop-desktop-offer');
    await offer.getByText('开启桌面通知？', { exact: true }).waitFor();
    await offer.getByRole('button', { name: label('开启') }).waitFor();
    await screenshots(page, 'home-desktop-offer');
    await headerOf(page).getByRole('button', { name: 'English' }).click();
    await offer.getByText('Turn on desktop notifications?', { exact: true }).waitFor();
    await screenshots(page, 'home-desktop-offer-english');

    await offer.getByRole('button', { name: 'Not now' }).click();
    await offer.waitFor({ state: 'detached' });
    await page.reload();
    await blockOf(page, /^Pending alerts/).waitFor();
    await expect(offer.count()).resolves.toBe(0);
  });

  test('keeps the tiles and makes no offer for someone holding none of the status keys', async ({ page }) => {
    await signIn(page, videoOperator);
    await page.getByText('快捷入口', { exact: true }).waitFor();
    await expect(
      page.locator('.cfop-home-block, .cfop-desktop-offer, .cfop-home-setup').count(),
    ).resolves.toBe(0);
  });
});

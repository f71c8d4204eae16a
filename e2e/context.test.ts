import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { scaled } from '../test-support/test-timeouts';
import { admin } from './accounts';
import { alertDrawer, bellOf, card, screenPath as wallPath, wall } from './alert-wall';
import { edgeBox } from './edge-box';
import { test } from './fixtures';
import { choose, closeDrawer, createThroughApi, search, searchForm, unique } from './resource-screen';
import {
  clickUntil,
  eventually,
  expectAt,
  headerOf,
  label,
  openMenuEntry,
  pathAndQuery,
  screenshot,
  signIn,
} from './screen';

const serverPath = '/equipment/aiserver';

const openDrawers = (page: Page) => page.locator('.ant-drawer-open').count();

describe('context kept across screens', () => {
  test('a list reopened through the menu keeps its filters, page and scroll; 重置 forgets them', async ({
    page,
  }) => {
    await signIn(page, admin);
    const prefix = unique('记忆盒子-');
    for (let n = 0; n < 25; n += 1) {
      const octet = () => Math.floor(Math.random() * 250) + 1;
      await createThroughApi(page, '/aiservers', {
        name: `${prefix}${String(n).padStart(2, '0')}`,
        serialNumber: unique('SN-'),
        ip: `10.${octet()}.${octet()}.${octet()}`,
        port: 8000 + n,
        acceleratorType: 'NPU',
        channelCapacity: 8,
      });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    await openMenuEntry(page, '设备管理', 'AI服务器', serverPath);
    await search(page, '名称', prefix);
    await page.locator('.ant-pagination-item-2').click();
    await eventually(() => page.locator('.ant-table-row').count()).toBe(5);
    await eventually(() => new URL(page.url()).searchParams.get('page')).toBe('2');
    const left = pathAndQuery(page);
    // Page 2 of 5 rows is short: 20 rows a page, scrolled down the first page instead.
    await page.locator('.ant-pagination-item-1').click();
    await eventually(() => page.locator('.ant-table-row').count()).toBe(20);
    const firstPage = pathAndQuery(page);
    await page.mouse.wheel(0, 400);
    await eventually(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    const scrolled = await page.evaluate(() => window.scrollY);

    await openMenuEntry(page, '监控中心', 'AI告警', wallPath);
    await openMenuEntry(page, '设备管理', 'AI服务器', firstPage);
    await expect(searchForm(page).getByLabel('名称', { exact: true }).inputValue()).resolves.toBe(prefix);
    await eventually(() => page.evaluate(() => window.scrollY)).toBe(scrolled);

    // Page 2 again, then away and through the menu again: page 2.
    await page.locator('.ant-pagination-item-2').click();
    await expectAt(page, left);
    await openMenuEntry(page, '监控中心', 'AI告警', wallPath);
    await openMenuEntry(page, '设备管理', 'AI服务器', left);
    await eventually(() => page.locator('.ant-table-row').count()).toBe(5);
    await expect(page.locator('.ant-pagination-item-active').innerText()).resolves.toBe('2');
    await screenshot(page, 'context-list-kept');

    // 重置 clears the filters, and the menu then opens the bare list.
    await searchForm(page)
      .getByRole('button', { name: label('重置') })
      .click();
    await expectAt(page, serverPath);
    await openMenuEntry(page, '监控中心', 'AI告警', wallPath);
    await openMenuEntry(page, '设备管理', 'AI服务器', serverPath);
  });

  test(
    'the wall keeps its filters; 查看录像 and 查看实况 go back to the alert with its drawer',
    { timeout: scaled(90_000) },
    async ({ page }) => {
      await signIn(page, admin);
      const { cameras, raise } = await edgeBox(page, 2);
      const [gate, yard] = cameras as [(typeof cameras)[number], (typeof cameras)[number]];
      const helmet = await raise(gate, '未戴安全帽', 'high');
      const smoking = await raise(yard, '吸烟', 'critical');
      const intrusion = await raise(gate, '人员闯入', 'critical');

      await openMenuEntry(page, '监控中心', 'AI告警', wallPath);
      await choose(searchForm(page), '级别', '紧急');
      await searchForm(page)
        .getByRole('button', { name: label('查询') })
        .click();
      const filtered = `${wallPath}?level=critical`;
      await expectAt(page, filtered);
      await card(page, smoking.id).waitFor();

      // Through the menu to the video wall and back: the wall's filter holds.
      await openMenuEntry(page, '监控中心', '视频监控', '/monitor/video');
      await openMenuEntry(page, '监控中心', 'AI告警', filtered);
      await card(page, intrusion.id).waitFor();
      await eventually(() => card(page, helmet.id).count()).toBe(0);

      // 查看录像 from the yard alert's drawer, then 返回告警: the filtered wall, that alert's drawer.
      await card(page, smoking.id).click();
      await alertDrawer(page, '吸烟').getByRole('link', { name: '查看录像', exact: true }).click();
      await eventually(() => new URL(page.url()).pathname).toBe('/monitor/playback');
      const playback = new URL(page.url()).searchParams;
      expect(playback.get('camera')).toBe(String(yard.id));
      expect(playback.get('fromAlert')).toBe(String(smoking.id));
      await page.locator('.cfop-playback-camera').getByText(yard.name).waitFor();
      await screenshot(page, 'context-playback-from-alert');
      await page.getByRole('link', { name: '返回告警' }).click();
      await expectAt(page, `${filtered}&alertId=${smoking.id}`);
      await alertDrawer(page, '吸烟').waitFor();
      await eventually(() => openDrawers(page)).toBe(1);
      await screenshot(page, 'context-back-to-alert');

      // The next 查看录像, from another alert, plays that alert's camera.
      await closeDrawer(alertDrawer(page, '吸烟'));
      await expectAt(page, filtered);
      await card(page, intrusion.id).click();
      await alertDrawer(page, '人员闯入').getByRole('link', { name: '查看录像', exact: true }).click();
      await eventually(() => new URL(page.url()).searchParams.get('camera')).toBe(String(gate.id));
      await page.locator('.cfop-playback-camera').getByText(gate.name).waitFor();
      expect(new URL(page.url()).searchParams.get('fromAlert')).toBe(String(intrusion.id));

      // 查看实况 likewise, in English.
      await headerOf(page).getByRole('button', { name: 'English' }).click();
      await page.getByRole('link', { name: 'Back to the alert' }).click();
      const drawer = page
        .locator('.ant-drawer-section:visible')
        .filter({ hasText: 'Alert detail · 人员闯入' });
      await drawer.getByRole('link', { name: 'View live', exact: true }).click();
      await eventually(() => new URL(page.url()).pathname).toBe('/monitor/video');
      expect(new URL(page.url()).searchParams.get('fromAlert')).toBe(String(intrusion.id));
      await page.getByRole('link', { name: 'Back to the alert' }).waitFor();
      await screenshot(page, 'context-live-from-alert-en');
      await page.getByRole('link', { name: 'Back to the alert' }).click();
      await expectAt(page, `${filtered}&alertId=${intrusion.id}`);
      await drawer.waitFor();
      await eventually(() => openDrawers(page)).toBe(1);
      await screenshot(page, 'context-back-to-alert-en');
    },
  );

  test(
    'after 查看录像, the next alert opened from the bell plays its own camera',
    { timeout: scaled(90_000) },
    async ({ page }) => {
      await signIn(page, admin);
      const { cameras, raise } = await edgeBox(page, 2);
      const [gate, yard] = cameras as [(typeof cameras)[number], (typeof cameras)[number]];
      const smoking = await raise(yard, '吸烟', 'critical');
      const intrusion = await raise(gate, '人员闯入', 'critical');
      await openMenuEntry(page, '监控中心', 'AI告警', wallPath);
      await card(page, smoking.id).click();
      await alertDrawer(page, '吸烟').getByRole('link', { name: '查看录像', exact: true }).click();
      await eventually(() => new URL(page.url()).searchParams.get('camera')).toBe(String(yard.id));

      // The bell's newest alert: its drawer alone, not under the one the card had opened.
      await clickUntil(
        () => bellOf(page).click(),
        () => page.locator('.ant-popover:visible .cfop-bell-panel').waitFor({ timeout: scaled(3000) }),
      );
      await page
        .locator('.ant-popover:visible .cfop-bell-alert')
        .filter({ hasText: '人员闯入' })
        .first()
        .click();
      await expectAt(page, `${wallPath}?alertId=${intrusion.id}`);
      await alertDrawer(page, '人员闯入').waitFor();
      await eventually(() => openDrawers(page)).toBe(1);
      await alertDrawer(page, '人员闯入').getByRole('link', { name: '查看录像', exact: true }).click();
      await eventually(() => new URL(page.url()).searchParams.get('camera')).toBe(String(gate.id));
      await page.locator('.cfop-playback-camera').getByText(gate.name).waitFor();
    },
  );

  test(
    'a link to an alert opens its drawer without waiting for the wall',
    { timeout: scaled(90_000) },
    async ({ page }) => {
      await signIn(page, admin);
      const { cameras, raise } = await edgeBox(page, 1);
      const [gate] = cameras as [(typeof cameras)[number]];
      const linked = await raise(gate, '人员闯入', 'critical');
      // A full first page of cards (100) with their snapshots above the linked one.
      for (let batch = 0; batch < 12; batch += 1) {
        await Promise.all(Array.from({ length: 10 }, () => raise(gate, '未戴安全帽', 'high')));
      }

      // As over a remote site's link: every request's round trip counts.
      const network = await page.context().newCDPSession(page);
      await network.send('Network.enable');
      await network.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (8 * 1024 * 1024) / 8,
        uploadThroughput: (2 * 1024 * 1024) / 8,
      });
      const started = Date.now();
      const asked = page
        .waitForRequest((request) => request.url().endsWith(`/cfop/alerts/${linked.id}`))
        .then(() => Date.now() - started);
      // Alerts keep arriving live meanwhile, as on a site at work.
      let arriving = true;
      const live = (async () => {
        while (arriving) await Promise.all([raise(gate, '吸烟', 'low'), raise(gate, '吸烟', 'low')]);
      })();
      await page.goto(`${wallPath}?alertId=${linked.id}`);
      const cardsShown = wall(page)
        .locator('article')
        .first()
        .waitFor()
        .then(() => Date.now() - started);
      await alertDrawer(page, '人员闯入').waitFor({ timeout: scaled(30_000) });
      const drawerMs = Date.now() - started;
      const cardsMs = await cardsShown;
      arriving = false;
      await live;
      console.log(
        `deep link: alert asked for after ${await asked} ms, drawer after ${drawerMs} ms, first card after ${cardsMs} ms`,
      );
      await screenshot(page, 'context-deep-link');
    },
  );
});

import { downloadedBytes } from './downloads';
import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { admin, videoOperator } from './accounts';
import { edgeBox } from './edge-box';
import { addTestCamera, test } from './fixtures';
import { createThroughApi, unique } from './resource-screen';
import { expectAt, screenshot, openMenuEntry, signIn } from './screen';
import { scaled } from '../test-support/test-timeouts';

const screenPath = '/monitor/video';

/** A live view needs ffmpeg to probe and segment the stream first: seconds on a busy machine. */
const liveTimeout = { timeout: scaled(45_000), interval: 250 };

/** A page signed in as the administrator, in its own browser context, to add cameras through the API. */
async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: inject('baseUrl'), locale: 'zh-CN' });
  const page = await context.newPage();
  await signIn(page, admin);
  return page;
}

let sequence = 0;
function addCamera(page: Page, name: string, mainStreamUrl: string, area: string) {
  sequence += 1;
  return addTestCamera(page, {
    name,
    code: unique(`V${sequence}-`),
    area,
    mainStreamUrl,
    ip: `10.60.${Math.floor(sequence / 250) % 250}.${(sequence % 250) + 1}`,
  });
}

const tree = (page: Page) => page.locator('.cfop-camera-tree');
const pane = (page: Page, index: number) => page.locator(`[data-pane="${index}"]`);
const searchBox = (page: Page) => page.getByPlaceholder('搜索名称、编码或区域');

/** Frames are decoded and time runs: the pane plays. */
async function expectPlaying(video: Locator): Promise<void> {
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.currentTime > 0), liveTimeout)
    .toBe(true);
}

/** The video's time moves on from where it is now. */
async function expectAdvancing(video: Locator): Promise<void> {
  const before = await video.evaluate((v: HTMLVideoElement) => v.currentTime);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), liveTimeout)
    .toBeGreaterThan(before + 0.5);
}

/**
 * The pane's `<video>` is still the very element it was, with the same media source attached (hls.js
 * gives each attachment a new blob URL): the player was neither mounted again nor reconnected.
 */
async function expectSamePlayer(page: Page, index: number, before: { element: unknown; src: string }) {
  const same = await page.evaluate(
    ([element, selector]) => element === document.querySelector(selector as string),
    [before.element, `[data-pane="${index}"] video`] as const,
  );
  expect(same).toBe(true);
  expect(
    await pane(page, index)
      .locator('video')
      .evaluate((v: HTMLVideoElement) => v.src),
  ).toBe(before.src);
}

async function playerOf(page: Page, index: number) {
  const video = pane(page, index).locator('video');
  return {
    element: await video.elementHandle(),
    src: await video.evaluate((v: HTMLVideoElement) => v.src),
  };
}

/** A JPEG's width and height, from its start-of-frame segment. */
function jpegSize(jpeg: Buffer): { width: number; height: number } {
  expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  let at = 2;
  while (at + 9 < jpeg.length) {
    const marker = jpeg.readUInt8(at + 1);
    // SOF0 to SOF15, but for DHT (C4), JPG (C8) and DAC (CC), which share the range.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: jpeg.readUInt16BE(at + 5), width: jpeg.readUInt16BE(at + 7) };
    }
    at += 2 + jpeg.readUInt16BE(at + 2);
  }
  throw new Error('the JPEG has no start-of-frame segment');
}

/** The local time a snapshot's name carries (`…-20261126-201530.jpg`). */
function nameTime(name: string): number {
  const [, y, mo, d, h, mi, s] = (/-(\d{4})(\d\d)(\d\d)-(\d\d)(\d\d)(\d\d)\.jpg$/.exec(name) ?? []).map(
    Number,
  );
  return new Date(y ?? 0, (mo ?? 1) - 1, d, h, mi, s).getTime();
}

function wallQuery(page: Page) {
  const query = new URL(page.url()).searchParams;
  return { layout: query.get('layout'), cams: query.get('cams'), stream: query.get('stream') };
}

describe('the video wall', () => {
  test(
    'a video operator finds a camera, plays it in a pane, selects others without disturbing it, switches layout and closes it',
    { timeout: scaled(180_000) },
    async ({ page, browser, stream }) => {
      const area = unique('东区-');
      const live = unique('东门-');
      const broken = unique('断线-');
      const setup = await adminPage(browser);
      const liveCamera = await addCamera(setup, live, stream.liveUrl, area);
      const brokenCamera = await addCamera(
        setup,
        broken,
        stream.unreachableUrl.replace('http://', 'http://admin:cam-secret@'),
        area,
      );
      await setup.context().close();

      await signIn(page, videoOperator);
      await openMenuEntry(page, '监控中心', '视频监控', screenPath);
      await expect.poll(() => wallQuery(page).cams).toBe(null);
      await expect(pane(page, 0).getAttribute('aria-selected')).resolves.toBe('true');

      // Find the camera by its name and click it: it goes into the selected first pane.
      await searchBox(page).fill(live);
      await tree(page).getByText(area).waitFor();
      await tree(page).getByText(live, { exact: true }).click();
      await pane(page, 0).locator('.cfop-pane-name').getByText(live, { exact: true }).waitFor();
      const video = pane(page, 0).locator('video');
      await expectPlaying(video);
      await pane(page, 0).getByText('播放中').waitFor();
      // The next empty pane is selected for the next camera.
      await expect(pane(page, 1).getAttribute('aria-selected')).resolves.toBe('true');
      const player = await playerOf(page, 0);

      // An unreachable camera: its pane says it is offline, why (no credentials), and offers a retry.
      await searchBox(page).fill(broken);
      await tree(page).getByText(broken, { exact: true }).click();
      const offline = pane(page, 1).getByRole('alert');
      await offline.getByText('离线').waitFor(liveTimeout);
      await expect(offline.innerText()).resolves.toContain('无法打开实时视频');
      await expect(offline.innerText()).resolves.not.toContain('cam-secret');
      await offline.getByRole('button', { name: '重试' }).waitFor();
      // It has no picture to take: its 抓图 is off, and says why.
      await expect(pane(page, 1).getByRole('button', { name: '抓图' }).isDisabled()).resolves.toBe(true);
      await pane(page, 1).locator('.cfop-pane-tool').hover();
      await page.getByRole('tooltip', { name: '离线，没有画面可抓' }).waitFor();
      await screenshot(page, 'video pane snapshot off while offline');

      // The playing pane's 抓图 saves its frame at the stream's own size, named by camera and time.
      const download = page.waitForEvent('download');
      const taken = Date.now();
      await pane(page, 0).getByRole('button', { name: '抓图' }).click();
      const snapshot = await download;
      const fileName = snapshot.suggestedFilename();
      expect(fileName).toMatch(new RegExp(`^${live}-\\d{8}-\\d{6}\\.jpg$`));
      expect(Math.abs(nameTime(fileName) - taken)).toBeLessThan(60_000);
      expect(jpegSize(await downloadedBytes(snapshot))).toEqual({ width: 640, height: 360 });
      expect(wallQuery(page)).toEqual({
        layout: '4',
        cams: `${liveCamera.id},${brokenCamera.id}`,
        stream: null,
      });

      // Selecting other panes and typing in the search leave the playing pane alone.
      await pane(page, 3).click();
      await expect(pane(page, 3).getAttribute('aria-selected')).resolves.toBe('true');
      await searchBox(page).fill('');
      await searchBox(page).fill(area);
      await expect
        .poll(() => tree(page).locator('.cfop-tree-camera').allInnerTexts())
        .toEqual([live, broken]);
      await expectSamePlayer(page, 0, player);
      await expectAdvancing(video);
      await screenshot(page, 'video wall playing');

      // Nine panes: the first keeps playing the same stream in the same element.
      await page.locator('.cfop-video-layouts').getByText('9 画面').click();
      await expect.poll(() => page.locator('[data-pane]').count()).toBe(9);
      await expectSamePlayer(page, 0, player);
      await expectAdvancing(video);

      // Leaving the screen stops its video (the shell keeps the screen, hidden); Back plays it again.
      await page.locator('.cfop-header-title').click();
      await expectAt(page, '/home');
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.src)).toBe('');
      await page.goBack();
      await expectPlaying(video);
      await expectAdvancing(video);

      // One pane: the full picture (main stream), with a main / sub switch.
      await pane(page, 0).click();
      await page.locator('.cfop-video-layouts').getByText('1 画面').click();
      await expect.poll(() => page.locator('[data-pane]').count()).toBe(1);
      await expectPlaying(pane(page, 0).locator('video'));
      await pane(page, 0).getByText('子码流').click();
      await expect
        .poll(() => wallQuery(page))
        .toEqual({
          layout: '1',
          cams: `${liveCamera.id},${brokenCamera.id}`,
          stream: 'sub',
        });
      await expectPlaying(pane(page, 0).locator('video'));
      await screenshot(page, 'video wall single pane');

      // A shared link opens the same wall.
      const link = page.url();
      await page.goto('/home');
      await page.goto(link);
      await pane(page, 0).locator('.cfop-pane-name').getByText(live, { exact: true }).waitFor();
      await expectPlaying(pane(page, 0).locator('video'));

      // Closing the pane stops its video and empties it.
      await pane(page, 0).getByRole('button', { name: '关闭画面' }).click();
      await pane(page, 0).getByText('点击左侧摄像头，或拖到此处').waitFor();
      await expect(pane(page, 0).locator('video').count()).resolves.toBe(0);
      expect(wallQuery(page).cams).toBe(`,${brokenCamera.id}`);
    },
  );

  test(
    'a camera’s live alert shows over its pane while the video plays on in the same player, leaves when handled, links to the alert wall, whose drawer links back to the camera alone',
    { timeout: scaled(180_000) },
    async ({ page, stream }) => {
      await signIn(page, admin);
      const { cameras, raise } = await edgeBox(page, 1, { mainStreamUrl: stream.liveUrl });
      const camera = cameras[0] as (typeof cameras)[number];
      await page.goto(`${screenPath}?layout=4&cams=${camera.id}`);
      const video = pane(page, 0).locator('video');
      await expectPlaying(video);
      const player = await playerOf(page, 0);

      const helmet = await raise(camera, '未戴安全帽', 'high');
      const banner = pane(page, 0).locator('.cfop-pane-alert');
      await expect.poll(() => banner.getAttribute('data-alert-id')).toBe(String(helmet.id));
      await expect(banner.innerText()).resolves.toMatch(/高[\s\S]*未戴安全帽/);
      await pane(page, 0).locator('.cfop-pane-alarm-high').waitFor();
      // A newer, graver one takes its place; the video never stopped.
      const intrusion = await raise(camera, '人员闯入', 'critical');
      await expect.poll(() => banner.getAttribute('data-alert-id')).toBe(String(intrusion.id));
      await pane(page, 0).locator('.cfop-pane-alarm-critical').waitFor();
      await expectSamePlayer(page, 0, player);
      await expectAdvancing(video);
      await screenshot(page, 'video wall with a live alert');

      // Handled by a colleague (through the API): the alert leaves the pane.
      await createThroughApi(page, `/alerts/${intrusion.id}/handling`, { decision: 'confirm' });
      await banner.waitFor({ state: 'detached' });
      await expectSamePlayer(page, 0, player);

      // The banner leads to the camera's pending alerts on the alert wall.
      const smoking = await raise(camera, '吸烟', 'medium');
      await banner.click();
      await expectAt(page, `/monitor/ai?cameraId=${camera.id}&status=pending`);
      await page.locator('.cfop-alert-card').first().waitFor();
      await expect
        .poll(() => page.locator('.cfop-alert-card strong').allInnerTexts())
        .toEqual(['吸烟', '未戴安全帽']);

      // The alert's drawer opens the camera's live video: the wall, that camera alone, playing.
      // Each card's link is named in its title: the browser's own tooltip, cheap for a wall of cards.
      const cardLink = page.locator('.cfop-alert-card').first().getByRole('link', { name: '查看实时视频' });
      await expect(cardLink.getAttribute('title')).resolves.toBe('查看实时视频');
      await screenshot(page, 'alert wall cards with their live video link');
      await page.locator('.cfop-alert-card').first().click();
      const drawer = page.locator('.ant-drawer-section').filter({ hasText: '告警详情 · 吸烟' });
      await drawer.waitFor();
      await screenshot(page, 'alert drawer with its live video link');
      await drawer.getByRole('link', { name: '查看实时视频' }).click();
      // Off the header's account menu, which the link's place left the mouse on.
      await page.mouse.move(400, 400);
      // Opened from the alert: the wall offers the way back to it.
      await expectAt(page, `${screenPath}?layout=1&cams=${camera.id}&fromAlert=${smoking.id}`);
      await expect.poll(() => page.locator('[data-pane]').count()).toBe(1);
      await pane(page, 0).locator('.cfop-pane-name').getByText(camera.name, { exact: true }).waitFor();
      await expectPlaying(pane(page, 0).locator('video'));
      await pane(page, 0).getByText('播放中').waitFor();
      await screenshot(page, 'video wall opened from an alert');
    },
  );

  test(
    'a tree of 2 000 cameras keeps about a screenful of rows in the page, the search finds any of them, and a camera dragged onto a pane goes there',
    { timeout: scaled(240_000) },
    async ({ page, browser, stream }) => {
      const setup = await adminPage(browser);
      const prefix = unique('巡检-');
      const areas = Array.from({ length: 20 }, (_, n) => `${prefix}区${String(n + 1).padStart(2, '0')}`);
      const total = 2000;
      const names = Array.from({ length: total }, (_, n) => `${prefix}${String(n + 1).padStart(4, '0')}`);
      // Through the API, twenty-five at a time.
      for (let start = 0; start < total; start += 25) {
        await Promise.all(
          names
            .slice(start, start + 25)
            .map((name, n) =>
              addCamera(setup, name, stream.unreachableUrl, areas[(start + n) % 20] as string),
            ),
        );
      }
      await setup.context().close();

      await signIn(page, videoOperator);
      await page.goto(screenPath);
      await tree(page)
        .getByText(areas[0] as string)
        .waitFor();
      const counts = await tree(page).locator('.cfop-camera-counts').innerText();
      expect(Number(/共 (\d+) 路/.exec(counts)?.[1])).toBeGreaterThanOrEqual(total);
      // A screenful of rows, not thousands: antd's virtual tree renders the rows in view only.
      const rows = await tree(page).locator('.ant-tree-treenode').count();
      expect(rows).toBeGreaterThan(5);
      expect(rows).toBeLessThan(80);
      await screenshot(page, 'video tree of 2000 cameras');

      const wanted = names[1733] as string;
      await searchBox(page).fill(wanted);
      await tree(page).getByText(wanted, { exact: true }).waitFor();
      await expect.poll(() => tree(page).locator('.cfop-tree-camera').count()).toBe(1);
      await tree(page).getByText(wanted, { exact: true }).click();
      await pane(page, 0).locator('.cfop-pane-name').getByText(wanted, { exact: true }).waitFor();
      // Dragged onto a pane, a camera goes there.
      await tree(page).getByText(wanted, { exact: true }).dragTo(pane(page, 3));
      await pane(page, 3).locator('.cfop-pane-name').getByText(wanted, { exact: true }).waitFor();
    },
  );
});

import type { Browser, Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { admin, alertBystander, alertWatcher, keylessWatcher } from './accounts';
import { apiHeaders, signedInToken } from './api';
import { edgeBox } from './edge-box';
import { card, levels, screenPath, wall } from './alert-wall';
import { freshPage, test } from './fixtures';
import {
  chooseFromAvatarMenu,
  eventually,
  expectAt,
  expectLoginPage,
  headerOf,
  screenshot,
  signIn,
  signInHere,
} from './screen';
import { scaled } from '../test-support/test-timeouts';

/** What the page asked of the browser: each `new Notification(...)`, and each sound started. */
interface Recorded {
  readonly notifications: { title: string; body: string; tag: string }[];
  /** The audio context's state as each sound started ('running': the user hears it). */
  readonly sounds: string[];
}

/**
 * Wraps the browser's Notification and Web Audio before the console loads, recording what it asks
 * for; the notifications themselves are kept so the test can click one as the user would.
 */
async function recordAlerts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const notifications: Notification[] = [];
    const recorded = { notifications: [] as unknown[], sounds: [] as string[] };
    Object.assign(window, { cfopRecorded: recorded, cfopNotifications: notifications });
    window.Notification = new Proxy(window.Notification, {
      construct(target, args: [string, NotificationOptions?]) {
        const [title, options] = args;
        recorded.notifications.push({ title, body: options?.body ?? '', tag: options?.tag ?? '' });
        const notification = Reflect.construct(target, args) as Notification;
        notifications.push(notification);
        return notification;
      },
    });
    const start = AudioScheduledSourceNode.prototype.start;
    AudioScheduledSourceNode.prototype.start = function (this: AudioScheduledSourceNode, ...args) {
      recorded.sounds.push(this.context.state);
      start.apply(this, args);
    };
  });
}

function recorded(page: Page): Promise<Recorded> {
  return page.evaluate(() => (window as unknown as { cfopRecorded: Recorded }).cfopRecorded);
}

/** Counts the page's requests for the console's event stream, which carries the live alerts. */
function countStreams(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/cfop/events/stream') count += 1;
  });
  return () => count;
}

/** A page of its own, signed in as the administrator, that sets up an AI server raising alerts. */
async function adminEdgeBox(browser: Browser) {
  const adminPage = await freshPage(browser);
  await signIn(adminPage, admin);
  const box = await edgeBox(adminPage, 1);
  return {
    ...box,
    camera: box.cameras[0] as (typeof box.cameras)[number],
    close: () => adminPage.context().close(),
  };
}

/** A page whose notifications the browser allows (as a user who clicked 允许 would have). */
async function notifiablePage(page: Page): Promise<void> {
  await page.context().grantPermissions(['notifications'], { origin: inject('baseUrl') });
  await recordAlerts(page);
}

const drawerOf = (page: Page, label: string) =>
  page.locator('.ant-drawer-section').filter({ hasText: `告警详情 · ${label}` });

describe('desktop alert notifications', () => {
  test(
    'an operator who turns them on is told of new alerts on another screen, and a click opens the alert',
    { timeout: scaled(90_000) },
    async ({ page, browser }) => {
      const box = await adminEdgeBox(browser);
      try {
        await notifiablePage(page);
        const streams = countStreams(page);
        await signIn(page, alertWatcher);
        await chooseFromAvatarMenu(page, alertWatcher, '个人中心');
        await expectAt(page, '/user/personal');
        const toggle = page.getByRole('switch', { name: '桌面告警通知' });
        await expect(toggle.getAttribute('aria-checked')).resolves.toBe('false');
        await toggle.click();
        await page.getByText('已开启桌面告警通知', { exact: true }).waitFor();
        await expect(toggle.getAttribute('aria-checked')).resolves.toBe('true');
        await screenshot(page, 'alert-notifications-switch');

        // On the home page, far from the alert wall.
        await headerOf(page).getByRole('link', { name: '运营平台' }).click();
        await expectAt(page, '/home');
        await eventually(streams).toBe(1);
        const smoking = await box.raise(box.camera, '吸烟', 'critical');
        await eventually(async () => (await recorded(page)).notifications.length).toBe(1);
        const first = await recorded(page);
        expect(first.notifications[0]?.title).toBe('【紧急】吸烟');
        expect(first.notifications[0]?.body).toContain(`AI告警 · ${box.camera.name} · 一号厂区`);
        expect(first.sounds).toEqual(['running']);

        // A burst: one more notification with the count (replacing the one shown), one more sound.
        await box.raise(box.camera, '人员闯入', 'high');
        await box.raise(box.camera, '未戴安全帽', 'medium');
        await eventually(async () => (await recorded(page)).notifications.length).toBe(2);
        const burst = await recorded(page);
        // Other test files raise alerts on the same server at the same time, and this operator holds
        // the alert key for every camera: the burst counts at least these two, whatever came along.
        const [, count] = /^(\d+) 条新告警 · 最新 【.】/.exec(burst.notifications[1]?.title ?? '') ?? [];
        expect(Number(count)).toBeGreaterThanOrEqual(2);
        expect(burst.notifications.map((shown) => shown.tag)).toEqual(['cfop-new-alert', 'cfop-new-alert']);
        expect(burst.sounds).toEqual(['running', 'running']);

        // Clicking the first opens its alert on the wall, which shares the one live stream.
        await page.evaluate(() =>
          (window as unknown as { cfopNotifications: Notification[] }).cfopNotifications[0]?.dispatchEvent(
            new Event('click'),
          ),
        );
        await expectAt(page, `/monitor/ai?alertId=${smoking.id}`);
        const drawer = drawerOf(page, '吸烟');
        await drawer.waitFor();
        await expect(drawer.innerText()).resolves.toContain(box.camera.name);
        expect(streams()).toBe(1);
      } finally {
        await box.close();
      }
    },
  );

  test('an operator who has not turned them on, or holds no alert key, gets neither notification nor sound', async ({
    page,
    browser,
  }) => {
    const box = await adminEdgeBox(browser);
    try {
      // Opted in through the API, but without the alert key: no switch, no stream, nothing.
      await notifiablePage(page);
      const streams = countStreams(page);
      await signIn(page, keylessWatcher);
      const answer = await page.request.fetch('/cfop/user/alert-notifications', {
        method: 'PUT',
        headers: apiHeaders(page, await signedInToken(page)),
        data: { enabled: true },
      });
      expect(
        ((await answer.json()) as { data: { alertNotifications: boolean } }).data.alertNotifications,
      ).toBe(true);
      await page.reload();
      await chooseFromAvatarMenu(page, keylessWatcher, '个人中心');
      await page.getByText('修改密码', { exact: true }).first().waitFor();
      expect(await page.getByText('桌面告警通知').count()).toBe(0);
      await box.raise(box.camera, '吸烟', 'critical');

      // Holding the key but not opted in: the wall shows the alert, and nothing else happens.
      const bystander = await browser.newContext({ baseURL: inject('baseUrl'), locale: 'zh-CN' });
      try {
        const quiet = await bystander.newPage();
        await notifiablePage(quiet);
        await signIn(quiet, alertBystander);
        await quiet.goto('/monitor/ai');
        await quiet.getByText('实时推送中').waitFor();
        const intrusion = await box.raise(box.camera, '人员闯入', 'high');
        await quiet.locator(`[data-alert-id="${intrusion.id}"]`).waitFor();
        expect(await recorded(quiet)).toEqual({ notifications: [], sounds: [] });
      } finally {
        await bystander.close();
      }
      expect(await recorded(page)).toEqual({ notifications: [], sounds: [] });
      expect(streams()).toBe(0);
    } finally {
      await box.close();
    }
  });

  test("a message's link opens its alert after signing in; an unknown alert is said so", async ({
    page,
    browser,
  }) => {
    const box = await adminEdgeBox(browser);
    try {
      const alert = await box.raise(box.camera, '吸烟', 'critical');
      // As server/notify/message-formats.ts writes it.
      const link = `/monitor/ai?${new URLSearchParams({
        alertId: String(alert.id),
        from: alert.occurredAt,
        cameraId: String(box.camera.id),
      }).toString()}`;
      await page.goto(link);
      expect(await expectLoginPage(page)).toBe(link);
      await signInHere(page, alertBystander);
      await expectAt(page, link);
      const drawer = drawerOf(page, '吸烟');
      await drawer.waitFor();
      await expect(drawer.innerText()).resolves.toContain(box.camera.name);
      await screenshot(page, 'alert-deep-link-drawer');

      // Closing it takes the alert out of the URL; the wall keeps the link's filters.
      await drawer.getByRole('button', { name: '关闭' }).click();
      await expectAt(page, link.replace(`alertId=${alert.id}&`, ''));

      await page.goto('/monitor/ai?alertId=999999999');
      await page.getByText('告警 #999999999 不存在，可能已被删除').waitFor();
      expect(await page.locator('.ant-drawer-section').count()).toBe(0);
      await screenshot(page, 'alert-deep-link-unknown');
    } finally {
      await box.close();
    }
  });
});

// Here, not beside the wall's other tests: test files run side by side on one server, and its two
// thousand alerts arriving during the tests above would join their notifications into one burst.
describe('the AI alert wall at volume', () => {
  test(
    'a wall holding thousands of alerts keeps only a screenful of cards in the DOM',
    { timeout: scaled(120_000) },
    async ({ page }) => {
      await signIn(page, admin);
      const { cameras, raise } = await edgeBox(page, 1);
      const camera = cameras[0] as (typeof cameras)[number];
      const count = 2000;
      // Eight reports at a time, as a few busy boxes would send them.
      for (let start = 0; start < count; start += 8) {
        await Promise.all(
          Array.from({ length: Math.min(8, count - start) }, (_, i) =>
            raise(camera, `人员闯入-${start + i}`, levels[(start + i) % levels.length] ?? 'low'),
          ),
        );
      }
      await page.goto(`${screenPath}?cameraId=${camera.id}`);
      // Counts read as the console writes them, with thousands separators.
      const shown = count.toLocaleString('en-US');
      await page.getByText(`共 ${shown} 条，已加载 100 条`).waitFor();
      const feed = wall(page);
      // Scroll to the end again and again: each time the next page loads, until all have.
      const allLoaded = page.getByText(`共 ${shown} 条，已加载 ${shown} 条`);
      const toTheEnd = () => feed.evaluate((element) => element.scrollTo(0, element.scrollHeight));
      while (!(await allLoaded.isVisible())) {
        await toTheEnd();
        await page.waitForFunction(
          () => document.querySelector('[role="feed"]')?.getAttribute('aria-busy') === 'false',
        );
      }
      // The last page came in below where the wall was scrolled to: once more to its end.
      await toTheEnd();
      await page.getByText('没有更多了').waitFor();
      await feed.getByText('人员闯入-0', { exact: true }).waitFor();
      const inDom = await feed.locator('article').count();
      expect(inDom).toBeGreaterThan(0);
      expect(inDom).toBeLessThanOrEqual(60);
      // Whole cards only in the rows in view; the rows kept above for scrolling hold their outlines.
      await expect(feed.locator('.cfop-alert-card-stand-in').count()).resolves.toBeGreaterThan(0);
      const outOfView = await feed.evaluate((element) => {
        const view = element.getBoundingClientRect();
        return [...element.querySelectorAll('article')].filter((article) => {
          const box = article.getBoundingClientRect();
          return box.bottom <= view.top || box.top >= view.bottom;
        }).length;
      });
      expect(outOfView).toBe(0);
      await screenshot(page, 'alert-wall-thousands-end');

      // Scrolled down, a new alert waits under the pill instead of moving the cards.
      const fresh = await raise(camera, '新告警', 'critical');
      await page.getByRole('button', { name: '1 条新告警' }).click();
      await card(page, fresh.id).waitFor();
      await expect(feed.evaluate((element) => element.scrollTop)).resolves.toBe(0);
      expect(await feed.locator('article').count()).toBeLessThanOrEqual(60);

      // Live paused at the top: new alerts wait too, and come in when live is switched on again.
      await page.getByRole('switch', { name: '实时' }).click();
      await page.getByText('已暂停实时').waitFor();
      const paused = await raise(camera, '暂停时的告警', 'high');
      await page.getByRole('button', { name: '1 条新告警' }).waitFor();
      expect(await card(page, paused.id).count()).toBe(0);
      await page.getByRole('switch', { name: '实时' }).click();
      await card(page, paused.id).waitFor();
      await eventually(() => page.getByRole('button', { name: '1 条新告警' }).count()).toBe(0);
    },
  );
});

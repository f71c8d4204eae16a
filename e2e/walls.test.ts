import type { Browser, Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { scaled } from '../test-support/test-timeouts';
import { admin, videoOperator } from './accounts';
import { addTestCamera, test } from './fixtures';
import { createThroughApi, drawerTitled, unique } from './resource-screen';
import { openMenuEntry, screenshot, signIn } from './screen';
import { pane, saveWall, shownNames, tourTimeout } from './video-wall-screen';

const screenPath = '/monitor/video';

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: inject('baseUrl'), locale: 'zh-CN' });
  const page = await context.newPage();
  await signIn(page, admin);
  return page;
}

const query = (page: Page) => new URL(page.url()).searchParams;

describe('saved walls and tours', () => {
  test(
    'a video operator sees a group of six, saves a 4-pane wall, reopens it, tours the group and pauses it by touching the wall',
    { timeout: scaled(180_000) },
    async ({ page, browser, stream }) => {
      // Six cameras in a group, through the API as an administrator would set them up.
      const setup = await adminPage(browser);
      const prefix = unique('轮巡-');
      const names = [1, 2, 3, 4, 5, 6].map((n) => `${prefix}-${n}`);
      const ids: number[] = [];
      for (const [index, name] of names.entries()) {
        const camera = await addTestCamera(setup, {
          name,
          code: unique(`W${index}-`),
          area: unique('轮巡区-'),
          mainStreamUrl: stream.unreachableUrl,
          ip: `10.61.0.${index + 1}`,
        });
        ids.push(camera.id);
      }
      const groupName = unique('大门分组-');
      await createThroughApi(setup, '/camera-groups', { name: groupName, description: null, cameraIds: ids });
      await setup.context().close();

      await signIn(page, videoOperator);
      await openMenuEntry(page, '监控中心', '视频监控', screenPath);
      const tree = page.locator('.cfop-camera-tree');
      await tree.getByText('按分组', { exact: true }).click();
      const group = tree.locator('.cfop-tree-group', { hasText: groupName });
      await expect.poll(() => group.textContent()).toContain('/6');
      for (const name of names.slice(0, 4)) await tree.getByText(name, { exact: true }).click();
      await expect.poll(() => shownNames(page)).toEqual(names.slice(0, 4));
      await screenshot(page, 'walls-group-tab');

      // Saved, then reopened from 我的画面 after the wall was changed.
      const wallName = unique('四画面-');
      await saveWall(page, wallName);

      await pane(page, 0).getByRole('button', { name: '关闭画面' }).click();
      await page.locator('.cfop-video-layouts').getByText('9 画面').click();
      await expect.poll(() => query(page).get('layout')).toBe('9');
      await page.getByRole('button', { name: '我的画面' }).click();
      const listDialog = drawerTitled(page, '我的画面');
      await listDialog
        .locator('.cfop-wall-item', { hasText: wallName })
        .getByRole('button', { name: '打开' })
        .click();
      await expect.poll(() => query(page).get('layout')).toBe('4');
      expect(query(page).get('cams')).toBe(ids.slice(0, 4).join(','));
      await expect.poll(() => shownNames(page)).toEqual(names.slice(0, 4));

      // The tour: 1–4, then 5, 6, 1, 2.
      await page.getByRole('button', { name: '开始轮巡' }).click();
      const tourDialog = drawerTitled(page, '开始轮巡');
      await tourDialog.getByLabel('摄像头分组').click();
      await page.locator('.ant-select-item-option', { hasText: groupName }).click();
      await tourDialog.getByLabel('间隔').click();
      await page.locator('.ant-select-item-option', { hasText: /^5 秒$/ }).click();
      await tourDialog.getByRole('button', { name: '开始轮巡' }).click();
      await page.getByText(`轮巡中 · ${groupName} · 每 5 秒`).waitFor();
      expect(query(page).get('tour')).not.toBeNull();
      await expect
        .poll(() => shownNames(page), tourTimeout)
        .toEqual([names[4], names[5], names[0], names[1]]);
      expect(query(page).get('page')).toBe('1');
      await screenshot(page, 'walls-tour-running');

      // A touch of the wall pauses it; left alone, it resumes.
      await pane(page, 2).click();
      await page.getByText('轮巡已暂停').waitFor();
      await screenshot(page, 'walls-tour-paused');
      await page.getByText(`轮巡中 · ${groupName} · 每 5 秒`).waitFor({ timeout: scaled(30_000) });

      // A reload keeps the tour; stopping it leaves its page on the wall.
      await page.reload();
      await page.getByText(`轮巡中 · ${groupName} · 每 5 秒`).waitFor();
      await page.getByRole('button', { name: '停止轮巡' }).click();
      await expect.poll(() => query(page).get('tour')).toBe(null);
      expect(query(page).get('cams')?.split(',')).toHaveLength(4);
    },
  );
});

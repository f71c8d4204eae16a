import { describe, expect } from 'vitest';
import { scaled } from '../test-support/test-timeouts';
import { admin } from './accounts';
import { card, focusedAlertId, levelCounter, screenPath, shownAlertIds, wall } from './alert-wall';
import { edgeBox } from './edge-box';
import { test } from './fixtures';
import { unique } from './resource-screen';
import { eventually, headerOf, screenshot, signIn } from './screen';

describe('the alert wall by keyboard', () => {
  test(
    'an operator sees the pending alerts by level and confirms three with keys only, new alerts waiting meanwhile',
    { timeout: scaled(120_000) },
    async ({ page }) => {
      await signIn(page, admin);
      const { cameras, raise } = await edgeBox(page, 1);
      const [camera] = cameras as [(typeof cameras)[number]];
      // A type of this test's own: other files raise alerts on the same server meanwhile.
      const fire = unique('明火-');
      for (const level of ['low', 'critical', 'high', 'high', 'high'] as const)
        await raise(camera, fire, level);

      // No status in the URL: the wall shows what waits, and says so.
      await page.goto(`${screenPath}?cameraId=${camera.id}`);
      await page.getByText('实时推送中').waitFor();
      await page.getByText('共 5 条').waitFor();
      await expect(
        page.locator('.cfop-alert-summary .ant-segmented-item-selected').innerText(),
      ).resolves.toBe('待处理');
      await eventually(() => levelCounter(page, 'high').innerText()).toMatch(/^高\s*3$/);
      await expect(levelCounter(page, 'critical').innerText()).resolves.toMatch(/^紧急\s*1$/);
      await expect(levelCounter(page, 'medium').innerText()).resolves.toMatch(/^中\s*0$/);
      await expect(levelCounter(page, 'low').innerText()).resolves.toMatch(/^低\s*1$/);
      const [newestHigh, middleHigh, oldestHigh] = (await shownAlertIds(page)) as [number, number, number];

      // "?" shows the keys; Esc closes the overlay.
      await page.keyboard.press('?');
      const help = page.getByRole('dialog', { name: '键盘快捷键' });
      await help.getByText('全选本页').waitFor();
      await screenshot(page, 'alert-keyboard-help');
      await page.keyboard.press('Escape');
      await help.waitFor({ state: 'hidden' });

      // Every key the operator presses is counted, from the first card's focus to the handled alerts.
      let keys = 0;
      const press = async (key: string) => {
        keys += 1;
        await page.keyboard.press(key);
      };
      await press('j');
      await eventually(() => focusedAlertId(page)).toBe(newestHigh);
      await press('x');
      await page.getByText('已选 1 项').waitFor();

      // With a card selected, a new alert waits in the bar: the selected card stays where it is.
      const before = await card(page, newestHigh).boundingBox();
      await raise(camera, fire, 'high');
      const waiting = page.getByRole('button', { name: '1 条新告警' });
      await waiting.waitFor();
      await eventually(() => levelCounter(page, 'high').innerText()).toMatch(/^高\s*4$/);
      expect(await card(page, newestHigh).boundingBox()).toEqual(before);
      expect((await shownAlertIds(page))[0]).toBe(newestHigh);
      await screenshot(page, 'alert-keyboard-new-alert-waiting');

      // The bar shows it on top.
      await waiting.click();
      await waiting.waitFor({ state: 'hidden' });
      await eventually(async () => (await shownAlertIds(page)).length).toBe(6);
      expect((await shownAlertIds(page))[1]).toBe(newestHigh);

      // The three older high alerts, selected and confirmed with a note without the mouse.
      await press('j');
      await press('x');
      await press('j');
      await press('x');
      await page.getByText('已选 3 项').waitFor();
      await press('c');
      const dialog = page.getByRole('dialog', { name: '确认 3 条告警' });
      await dialog.waitFor();
      await eventually(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
      keys += 1;
      await page.keyboard.type('现场已处理');
      await press('Enter');
      await page.getByText('已处理 3 条', { exact: true }).waitFor();
      // j x, then j x j x c, the note, Enter.
      expect(keys).toBeLessThanOrEqual(9);
      for (const id of [newestHigh, middleHigh, oldestHigh])
        await card(page, id).getByText('已确认').waitFor();
      await eventually(() => levelCounter(page, 'high').innerText()).toMatch(/^高\s*1$/);

      // A counter filters by its level; 全部 shows handled alerts too.
      await levelCounter(page, 'high').click();
      await eventually(() => new URL(page.url()).searchParams.get('level')).toBe('high');
      await page.getByText('共 1 条').waitFor();
      await page.locator('.cfop-alert-summary').getByText('全部', { exact: true }).click();
      await eventually(() => new URL(page.url()).searchParams.get('status')).toBe('all');
      await page.getByText('共 4 条').waitFor();
      await eventually(() => wall(page).locator('article').count()).toBe(4);
      await screenshot(page, 'alert-keyboard-all-high');

      // In English, the same line and overlay.
      await headerOf(page).getByRole('button', { name: 'English' }).click();
      await headerOf(page).getByText('Operations Platform', { exact: true }).waitFor();
      await expect(levelCounter(page, 'high').innerText()).resolves.toMatch(/^High\s*1$/);
      await page.keyboard.press('?');
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).getByText('Select all shown').waitFor();
      await screenshot(page, 'alert-keyboard-help-english');
    },
  );
});

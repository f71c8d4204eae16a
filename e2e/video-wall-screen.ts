import type { Page } from 'playwright-core';
import { scaled } from '../test-support/test-timeouts';
import { drawerTitled } from './resource-screen';

// The video wall (视频监控) as its tests read and drive it.

/** A tour page stays its interval (5 s at the shortest) at least; a busy machine may take longer to show the next. */
export const tourTimeout = { timeout: scaled(30_000), interval: 250 };

export const pane = (page: Page, index: number) => page.locator(`[data-pane="${index}"]`);

/** The camera names the first four panes show ('' for an empty pane). */
export const shownNames = (page: Page) =>
  Promise.all(
    [0, 1, 2, 3].map(
      async (index) => (await pane(page, index).locator('.cfop-pane-name').textContent()) ?? '',
    ),
  );

/** Saves the wall on screen under `name` through 保存画面, as a user does, and waits for its dialog to close. */
export async function saveWall(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: '保存画面' }).click();
  const saveDialog = drawerTitled(page, '保存画面');
  await saveDialog.getByLabel('名称').fill(name);
  await saveDialog.getByRole('button', { name: '保存画面' }).click();
  await page.getByText('画面已保存').waitFor();
  await saveDialog.waitFor({ state: 'hidden' });
}

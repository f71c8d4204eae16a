import { describe, expect } from 'vitest';
import { admin } from './accounts';
import { bellAgreesWithServer, bellCount } from './alert-wall';
import { dashboardPath, rankedRow } from './dashboard-screen';
import { edgeBox } from './edge-box';
import { test } from './fixtures';
import { searchForm } from './resource-screen';
import { headerOf, label, screenshot, signIn } from './screen';
import { scaled } from '../test-support/test-timeouts';

const screenPath = '/monitor/ai';

describe('triage at volume', () => {
  test(
    "an operator confirms one camera's 40 pending alerts among 400 others with a note in six actions",
    { timeout: scaled(180_000) },
    async ({ page }) => {
      await signIn(page, admin);
      // A name sorting before the run's other cameras: the first choice of the camera filter.
      const { cameras, raise } = await edgeBox(page, 2, { cameraNamePrefix: '0-分拣线-' });
      const [sorting, other] = cameras as [(typeof cameras)[number], (typeof cameras)[number]];
      const reports = [
        ...Array.from({ length: 40 }, () => sorting),
        ...Array.from({ length: 400 }, () => other),
      ];
      // Eight reports at a time, as a few busy boxes would send them.
      for (let start = 0; start < reports.length; start += 8) {
        await Promise.all(
          reports.slice(start, start + 8).map((camera) => raise(camera, '未戴安全帽', 'high')),
        );
      }
      await page.goto(screenPath);
      await page.getByText('实时推送中').waitFor();
      await bellCount(page);

      // The operator's actions, counted: pick the camera, search, the button, the note, submit.
      let actions = 0;
      const act = async (action: () => Promise<void>) => {
        actions += 1;
        await action();
      };
      await act(() => searchForm(page).getByLabel('摄像头', { exact: true }).click());
      await act(() =>
        page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${sorting.name}"]`).click(),
      );
      await act(() =>
        searchForm(page)
          .getByRole('button', { name: label('查询') })
          .click(),
      );
      await page.getByText('共 40 条').waitFor();
      await act(() => page.getByRole('button', { name: label('确认全部匹配') }).click());
      const dialog = page.getByRole('dialog');
      await dialog.getByText('将处理 40 条待处理告警').waitFor();
      await act(() => dialog.getByRole('textbox').fill('班组长已到场处理'));
      await screenshot(page, 'alert-triage-dialog');
      await act(() => dialog.getByRole('button', { name: label('提交处理') }).click());
      expect(actions).toBeLessThanOrEqual(6);

      await page.getByText('已处理 40 条').waitFor();
      await bellAgreesWithServer(page);
      // The wall and the dashboard agree: none of the camera's alerts is pending.
      await page.goto(`${screenPath}?cameraId=${sorting.id}&status=pending`);
      await page.getByText('共 0 条').waitFor();
      await screenshot(page, 'alert-triage-after');
      // The dashboard counts the camera's 40 alerts and shows no pending figure beside them.
      await page.goto(dashboardPath);
      await expect
        .poll(() => rankedRow(page, '告警最多的摄像头', sorting.name).innerText())
        .toMatch(/40 条\s*$/);
      await page.goto(`${screenPath}?cameraId=${other.id}&status=pending`);
      await page.getByText('共 400 条').waitFor();

      // In English, the dialog names the count the same way before anything is handled.
      await headerOf(page).getByRole('button', { name: 'English' }).click();
      await headerOf(page).getByText('Operations Platform', { exact: true }).waitFor();
      await page.getByRole('button', { name: label('Dismiss all matching') }).click();
      await dialog.getByText('400 pending alerts will be handled (all the filters select)').waitFor();
      await dialog.getByText('Dismiss every matching alert').waitFor();
      await screenshot(page, 'alert-triage-dialog-english');
    },
  );
});

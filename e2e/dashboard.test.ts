import { describe, expect } from 'vitest';
import { admin } from './accounts';
import { dashboardPath, kpi, rankedRow } from './dashboard-screen';
import { edgeBox } from './edge-box';
import { test } from './fixtures';
import { unique } from './resource-screen';
import { eventually, expectAt, pathAndQuery, screenshot, openMenuEntry, signIn } from './screen';
import { scaled } from '../test-support/test-timeouts';

const screenPath = dashboardPath;

describe('the operations dashboard', () => {
  test(
    'an operator reads the figures, switches the period, and clicks through to the filtered alerts',
    { timeout: scaled(90_000) },
    async ({ page }) => {
      await signIn(page, admin);
      const { cameras, raise } = await edgeBox(page, 2);
      const [gate, yard] = cameras as [(typeof cameras)[number], (typeof cameras)[number]];
      // Other test files raise alerts on the same server meanwhile: a type and cameras of this test's
      // own give figures it can count exactly.
      const fire = unique('明火-');
      for (const level of ['critical', 'high', 'high', 'low'] as const) await raise(gate, fire, level);
      await raise(yard, fire, 'medium');

      await openMenuEntry(page, '数据分析', '运营看板', screenPath);
      await page.getByText('统计时段：').waitFor();

      // The figures count at least this test's alerts, all of them still pending.
      await eventually(async () =>
        Number((await kpi(page, 'alerts').innerText()).replace(/,/g, '')),
      ).toBeGreaterThanOrEqual(5);
      expect(Number((await kpi(page, 'pending').innerText()).replace(/,/g, ''))).toBeGreaterThanOrEqual(5);
      const gateRow = rankedRow(page, '告警最多的摄像头', gate.name);
      await expect.poll(() => gateRow.innerText()).toMatch(/4 条\s*待处理 4/);
      await expect.poll(() => rankedRow(page, '告警类型排行', fire).innerText()).toMatch(/5 条\s*待处理 5/);
      // The trend and the two rings are drawn.
      await page.locator('.cfop-dashboard-chart svg').first().waitFor();
      expect(await page.locator('.cfop-dashboard-chart').count()).toBe(3);
      await screenshot(page, 'dashboard-last-24-hours');

      // Another preset is a new URL, kept over a reload.
      await page.getByText('近7天', { exact: true }).click();
      await expectAt(page, `${screenPath}?preset=last7d`);
      await page.reload();
      await expectAt(page, `${screenPath}?preset=last7d`);
      await eventually(() => page.locator('.ant-segmented-item-selected').innerText()).toBe('近7天');
      await expect.poll(() => gateRow.innerText()).toMatch(/4 条/);
      await screenshot(page, 'dashboard-last-7-days');

      // A ranked camera opens the alert wall on its alerts of the period.
      await gateRow.click();
      await eventually(() => new URL(page.url()).pathname).toBe('/monitor/ai');
      const wallQuery = new URL(page.url()).searchParams;
      expect(wallQuery.get('cameraId')).toBe(String(gate.id));
      expect(Date.parse(wallQuery.get('from') ?? '')).toBeLessThan(Date.now());
      await page.getByText('共 4 条，已加载 4 条').waitFor();

      // Back on the dashboard (kept, so at once), the unhandled figure opens the pending alerts.
      await page.goBack();
      await expectAt(page, `${screenPath}?preset=last7d`);
      await kpi(page, 'pending').click();
      await eventually(() => new URL(page.url()).searchParams.get('status')).toBe('pending');
      expect(pathAndQuery(page)).toMatch(/^\/monitor\/ai\?from=[^&]+&to=[^&]+&source=ai&status=pending$/);

      // A slice of the level ring opens the wall on that level.
      await page.goBack();
      await expectAt(page, `${screenPath}?preset=last7d`);
      const ring = page.locator('.cfop-dashboard-level .cfop-dashboard-chart');
      const box = await ring.boundingBox();
      if (!box) throw new Error('the level ring is not shown');
      // The ring's centre is at 50% / 45% of the chart; its band at 48–72% of the radius.
      const radius = Math.min(box.width, box.height) / 2;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height * 0.45 - radius * 0.6);
      await eventually(() => new URL(page.url()).searchParams.get('level')).toMatch(
        /^(low|medium|high|critical)$/,
      );
      expect(new URL(page.url()).pathname).toBe('/monitor/ai');
    },
  );

  test('a custom range of days is kept in the URL', async ({ page }) => {
    await signIn(page, admin);
    await page.goto(`${screenPath}?from=2030-01-01&to=2030-01-07`);
    await page.getByText('统计时段：').waitFor();
    await eventually(() => page.locator('.ant-segmented-item-selected').innerText()).toBe('自定义');
    await page.locator('.ant-picker-range input').first().waitFor();
    expect(await page.locator('.ant-picker-range input').first().inputValue()).toBe('2030-01-01');
    expect(await page.locator('.ant-picker-range input').nth(1).inputValue()).toBe('2030-01-07');
    await expect.poll(() => page.getByText('该时段暂无告警').count()).toBeGreaterThan(0);
    await screenshot(page, 'dashboard-custom-range');
  });
});

import { describe, expect } from 'vitest';
import { admin, alertViewer } from './accounts';
import { freshPage, test } from './fixtures';
import { edgeBox } from './edge-box';
import { choose, exportCsv, searchForm } from './resource-screen';
import { eventually, expectAt, label, screenshot, openMenuEntry, signIn } from './screen';
import { card, screenPath, wall } from './alert-wall';
import { scaled } from '../test-support/test-timeouts';

describe('the AI alert wall', () => {
  test(
    'an operator watches alerts arrive live, filters them, confirms one with a note, bulk dismisses and exports',
    { timeout: scaled(90_000) },
    async ({ page }) => {
      await signIn(page, admin);
      const { cameras, raise } = await edgeBox(page, 2);
      const [gate, yard] = cameras as [(typeof cameras)[number], (typeof cameras)[number]];
      await openMenuEntry(page, '监控中心', 'AI告警', screenPath);
      await page.getByText('实时推送中').waitFor();

      // Alerts reported through the real API appear without a reload.
      const helmet = await raise(gate, '未戴安全帽', 'high');
      const smoking = await raise(yard, '吸烟', 'critical');
      const intrusion = await raise(yard, '人员闯入', 'low');
      for (const alert of [helmet, smoking, intrusion]) await card(page, alert.id).waitFor();
      await expect(card(page, smoking.id).innerText()).resolves.toMatch(/吸烟[\s\S]*紧急|紧急[\s\S]*吸烟/);
      await expect(card(page, smoking.id).innerText()).resolves.toContain(`${yard.name} · 二号厂区`);
      await expect(
        card(page, helmet.id)
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      ).resolves.toBe(640);
      await screenshot(page, 'alert-wall-live');

      // Filter: critical alerts of the yard camera, the URL carrying the list operation's names.
      await choose(searchForm(page), '级别', '紧急');
      await searchForm(page)
        .getByRole('button', { name: label('查询') })
        .click();
      await expectAt(page, `${screenPath}?level=critical`);
      await card(page, smoking.id).waitFor();
      await eventually(() => card(page, helmet.id).count()).toBe(0);
      // AI alerts only: the camera's own (its stream is not reachable here) may come meanwhile.
      await page.goto(`${screenPath}?cameraId=${gate.id}&source=ai`);
      await card(page, helmet.id).waitFor();
      await eventually(() => wall(page).locator('article').count()).toBe(1);
      await expect(searchForm(page).innerText()).resolves.toContain(gate.name);

      // Detail: the large snapshot with its boxes, every field, and the handling form.
      await card(page, helmet.id).click();
      const drawer = page.locator('.ant-drawer-section').filter({ hasText: '告警详情 · 未戴安全帽' });
      await drawer.waitFor();
      await drawer.locator('.cfop-alert-box-label', { hasText: '未戴安全帽 91%' }).waitFor();
      await expect(drawer.innerText()).resolves.toContain(gate.name);
      await drawer.getByRole('button', { name: label('提交处理') }).click();
      await drawer.getByText('请选择处理结果').waitFor();
      await screenshot(page, 'alert-detail');
      await drawer.getByText('确认：属实的告警').click();
      await drawer.getByLabel('处理备注').fill('已通知班组长到场处理');
      await drawer.getByRole('button', { name: label('提交处理') }).click();
      await page.getByText('告警已处理', { exact: true }).waitFor();
      // The toast is up as the answer comes; the drawer shows the handled alert with the wall's next
      // live batch (at most 250 ms on).
      await eventually(() => drawer.innerText()).toContain(admin.name);
      await drawer.getByText('已通知班组长到场处理').waitFor();
      await card(page, helmet.id).getByText('已确认').waitFor();
      await screenshot(page, 'alert-confirmed');
      await drawer.getByRole('button', { name: '关闭' }).click();

      // Bulk: the yard's two alerts, dismissed as false alarms. On the yard's own wall: other tests'
      // cameras may flood the whole wall meanwhile.
      await page.goto(`${screenPath}?cameraId=${yard.id}&source=ai`);
      for (const alert of [smoking, intrusion]) {
        await card(page, alert.id).getByRole('checkbox').check();
      }
      await page.getByText('已选 2 项').waitFor();
      await page.getByRole('button', { name: '批量忽略' }).click();
      const dialog = page.getByRole('dialog', { name: '忽略 2 条告警' });
      await dialog.getByLabel('处理备注').fill('误报：施工人员');
      await dialog.getByRole('button', { name: label('提交处理') }).click();
      await page.getByText('已处理 2 条', { exact: true }).waitFor();
      for (const alert of [smoking, intrusion]) await card(page, alert.id).getByText('已忽略').waitFor();
      await screenshot(page, 'alert-bulk-dismissed');

      // Export what the filters select: every status, the handled alerts with their notes.
      await page.goto(`${screenPath}?cameraId=${gate.id}&source=ai&status=all`);
      await card(page, helmet.id).waitFor();
      const { name, text } = await exportCsv(page);
      expect(name).toMatch(/^alerts-\d{8}-\d{4}\.csv$/);
      const lines = text.trim().split('\r\n');
      expect(lines).toHaveLength(2);
      expect(text).toContain('已通知班组长到场处理');
      expect(text).not.toContain('吸烟');
      // Headers, levels and boxes in the operator's words, never `[object Object]`.
      expect(lines[0]).toMatch(
        /^编号,告警时间 \([^)]+\),告警类型,级别,来源,处理状态,摄像头,区域,置信度,检测框,/,
      );
      expect(text).not.toContain('[object Object]');
    },
  );

  test('a user who may only view alerts sees them in full, without handling or export', async ({
    page,
    browser,
  }) => {
    const setup = await freshPage(browser);
    await signIn(setup, admin);
    const { cameras, raise } = await edgeBox(setup, 1);
    const alert = await raise(cameras[0] as (typeof cameras)[number], '未戴安全帽', 'high');
    await setup.context().close();

    await signIn(page, alertViewer);
    await openMenuEntry(page, '监控中心', 'AI告警', screenPath);
    await card(page, alert.id).waitFor();
    await page.getByText('实时推送中').waitFor();
    await expect(card(page, alert.id).getByRole('checkbox').count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: '导出' }).count()).resolves.toBe(0);

    await card(page, alert.id).click();
    const drawer = page.locator('.ant-drawer-section').filter({ hasText: '告警详情 · 未戴安全帽' });
    await drawer.locator('.cfop-alert-box-label', { hasText: '未戴安全帽' }).waitFor();
    await drawer.getByRole('region', { name: '告警录像' }).waitFor();
    await expect(drawer.innerText()).resolves.toContain('待处理');
    await expect(drawer.getByText('处理告警').count()).resolves.toBe(0);
    await expect(drawer.getByRole('button', { name: label('提交处理') }).count()).resolves.toBe(0);
    await expect(drawer.getByRole('button', { name: '下载 MP4' }).count()).resolves.toBe(0);
    await screenshot(page, 'alert-detail-view-only');
  });
});

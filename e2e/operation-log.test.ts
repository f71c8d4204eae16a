import { downloadedBytes } from './downloads';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { admin } from './accounts';
import { test } from './fixtures';
import { createThroughApi, rowOf, searchForm } from './resource-screen';
import { eventually, label, openMenuEntry, screenshot, signIn } from './screen';

const screenPath = '/system/logs';

/** Adds an AI server through the API as the signed-in admin; answers its name and id. */
async function addServer(page: Page): Promise<{ id: number; name: string }> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const name = `日志盒子-${tag}`;
  const { server } = await createThroughApi<{ server: { id: number } }>(page, '/aiservers', {
    name,
    serialNumber: `LOG-${tag}`,
    ip: `10.250.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`,
    port: 9000 + Math.floor(Math.random() * 900),
    acceleratorType: 'NPU',
    channelCapacity: 8,
  });
  return { id: server.id, name };
}

/** `YYYY-MM-DD HH:mm:ss` in the browser's time zone, as the range picker shows and takes it. */
async function pickerText(page: Page, time: number): Promise<string> {
  return page.evaluate((ms) => {
    const d = new Date(ms);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  }, time);
}

describe('the operation log screen', () => {
  test('admin adds a server, then finds the entry by action name, user and time range, views it and exports it', async ({
    page,
  }) => {
    await signIn(page, admin);
    const before = Date.now() - 60_000;
    const server = await addServer(page);
    const after = Date.now() + 60_000;
    const target = `#${server.id} ${server.name}`;

    await openMenuEntry(page, '系统设置', '操作日志', screenPath);
    await page.locator('.ant-table').waitFor();
    await rowOf(page, target).waitFor();

    // Read-only: no create, edit, delete or bulk delete anywhere; export and details stay.
    const content = page.locator('.cfop-content');
    await expect(content.getByRole('button', { name: label('新增') }).count()).resolves.toBe(0);
    await expect(content.getByRole('button', { name: label('批量删除') }).count()).resolves.toBe(0);
    await expect(content.getByRole('button', { name: label('编辑') }).count()).resolves.toBe(0);
    await expect(content.getByRole('button', { name: label('删除') }).count()).resolves.toBe(0);
    await expect(content.locator('.ant-table-selection-column').count()).resolves.toBe(0);
    await content.getByRole('button', { name: '导出' }).waitFor();

    const form = searchForm(page);
    await form.getByLabel('操作内容', { exact: true }).fill('新增AI服务器');
    await form.getByLabel('用户', { exact: true }).fill(admin.username);
    const range = form.locator('.ant-picker-range');
    await range.waitFor();
    const [start, end] = [range.locator('input').first(), range.locator('input').last()];
    // Typed as a person would, each end confirmed with the panel's OK button.
    const ok = page.locator('.ant-picker-dropdown:visible .ant-picker-ok button');
    await start.click();
    await start.fill(await pickerText(page, before));
    await ok.click();
    await end.fill(await pickerText(page, after));
    await ok.click();
    await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
    await screenshot(page, 'oplog-range-picked');
    await form.getByRole('button', { name: label('查询') }).click();

    await eventually(() => new URL(page.url()).searchParams.get('actionName')).toBe('新增AI服务器');
    const query = new URL(page.url()).searchParams;
    expect(query.get('username')).toBe(admin.username);
    const [from, to] = [Date.parse(query.get('timeFrom') ?? ''), Date.parse(query.get('timeTo') ?? '')];
    expect(Math.abs(from - before)).toBeLessThan(1000);
    expect(Math.abs(to - after)).toBeLessThan(1000);
    await rowOf(page, target).waitFor();
    // The Action column says what was done in the reader's language, not the operationId.
    await eventually(async () =>
      (await page.locator('.ant-table-row').allInnerTexts()).every((row) => row.includes('新增AI服务器')),
    ).toBe(true);
    const row = await rowOf(page, target).innerText();
    expect(row).toContain('成功');
    expect(row).not.toContain('createAiServer');
    await screenshot(page, 'oplog-list');

    // A reload keeps the range: it lives in the URL.
    await page.reload();
    await rowOf(page, target).waitFor();
    await eventually(() => range.locator('input').first().inputValue()).toBe(await pickerText(page, before));

    await rowOf(page, target)
      .getByRole('button', { name: label('详情') })
      .click();
    const detail = page
      .locator('.ant-drawer-section')
      .filter({ has: page.getByText('操作日志详情', { exact: true }) });
    await detail.getByText(target, { exact: true }).waitFor();
    await detail.getByText('新增AI服务器', { exact: true }).waitFor();
    await detail.getByText('createAiServer', { exact: true }).waitFor();
    await detail.getByText('AI服务器', { exact: true }).waitFor();
    await detail.getByText('成功', { exact: true }).waitFor();
    await screenshot(page, 'oplog-detail');
    await detail.getByRole('button', { name: '关闭' }).click();
    await detail.waitFor({ state: 'hidden' });

    const download = page.waitForEvent('download');
    await content.getByRole('button', { name: '导出' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      /^operation-logs-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}-\d{8}-\d{4}\.csv$/,
    );
    const csv = (await downloadedBytes(file)).toString('utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const lines = csv.split('\r\n').filter((line) => line.trim() !== '');
    // The manifest's labels, the time column naming the browser's zone.
    expect(lines[0]).toMatch(
      /^\uFEFF编号,时间 \([^)]+\),用户,用户编号,IP地址,功能区域,操作内容,接口标识,对象,结果,返回码,详情$/,
    );
    // Area and result by their labels.
    expect(
      lines.some((line) => line.includes(`,AI服务器,新增AI服务器,createAiServer,${target},成功,0,`)),
    ).toBe(true);
    expect(lines.slice(1).every((line) => line.includes(',新增AI服务器,createAiServer,'))).toBe(true);
  });
});

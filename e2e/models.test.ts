import { createHash, randomBytes } from 'node:crypto';
import { downloadedBytes } from './downloads';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { admin } from './accounts';
import { test } from './fixtures';
import { choose, createThroughApi, deleteRow, drawerTitled, rowOf, unique } from './resource-screen';
import { errorToast, eventually, expectAt, label, screenshot, siderOf, signIn } from './screen';
import { scaled } from '../test-support/test-timeouts';

const screenPath = '/model';

/** Adds an AI server through the API, as another program holding the admin's token would. */
async function createAiServer(page: Page, name: string): Promise<void> {
  await createThroughApi(page, '/aiservers', {
    name,
    serialNumber: unique('SN-'),
    ip: `10.77.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`,
    port: 9000 + Math.floor(Math.random() * 1000),
    acceleratorType: 'NPU',
    channelCapacity: 8,
  });
}

/** Slows the browser's uploads to `bytesPerSecond`, so a person (and this test) sees the progress bar move. */
async function throttleUploads(page: Page, bytesPerSecond: number): Promise<() => Promise<void>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const conditions = { offline: false, latency: 0, downloadThroughput: -1 };
  await cdp.send('Network.emulateNetworkConditions', { ...conditions, uploadThroughput: bytesPerSecond });
  return async () => {
    await cdp.send('Network.emulateNetworkConditions', { ...conditions, uploadThroughput: -1 });
  };
}

describe('the model screen', () => {
  test(
    'admin uploads a model with a progress bar and its SHA-256, finds, edits, views, exports, deploys, withdraws and deletes it',
    async ({ page }) => {
      const name = unique('安全帽-');
      const serverName = unique('部署盒子-');
      const bytes = randomBytes(3 * 1024 * 1024);
      const digest = createHash('sha256').update(bytes).digest('hex');
      await signIn(page, admin);
      await createAiServer(page, serverName);
      await siderOf(page).getByRole('menuitem', { name: '模型管理' }).click();
      await expectAt(page, screenPath);

      await page.getByRole('button', { name: '新增' }).first().click();
      const create = drawerTitled(page, '新增模型');
      await create.getByLabel('名称', { exact: true }).fill(name);
      await choose(create, '算法类型', '安全帽检测');
      await create.getByLabel('版本', { exact: true }).fill('1.0.0');
      await choose(create, '模型格式', 'ONNX');
      await create.getByLabel('检测类别', { exact: true }).fill('helmet');
      await create.getByLabel('检测类别', { exact: true }).press('Enter');
      await create.getByLabel('检测类别', { exact: true }).fill('head');
      await create.getByLabel('检测类别', { exact: true }).press('Enter');
      await create.getByLabel('输入尺寸', { exact: true }).fill('640x640');
      await choose(create, '目标硬件', 'NPU');

      const unthrottle = await throttleUploads(page, 1024 * 1024);
      await create.getByLabel('模型文件', { exact: true }).setInputFiles({
        name: 'yolov8n-helmet.onnx',
        mimeType: 'application/octet-stream',
        buffer: bytes,
      });
      const progress = create.locator('.cfop-upload-progress');
      await progress.waitFor();
      await eventually(async () => Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
      await screenshot(page, 'model-upload-progress');
      await create.locator('.cfop-upload-sha256').waitFor({ timeout: scaled(20_000) });
      await unthrottle();
      await expect(create.locator('.cfop-upload-sha256').innerText()).resolves.toBe(digest);
      await expect(create.locator('.cfop-upload-name').innerText()).resolves.toBe('yolov8n-helmet.onnx');
      await expect(create.locator('.cfop-upload-size').innerText()).resolves.toBe('3 MB (3,145,728 B)');
      await screenshot(page, 'model-upload-done');
      await create.getByRole('button', { name: label('保存') }).click();
      await rowOf(page, name).waitFor();
      await expect(rowOf(page, name).innerText()).resolves.toContain('yolov8n-helmet.onnx');
      await screenshot(page, 'model-list');

      const search = page.getByRole('form', { name: '查询' });
      await search.getByLabel('名称', { exact: true }).fill(name);
      await search.getByRole('button', { name: label('查询') }).click();
      await expectAt(page, `${screenPath}?name=${encodeURIComponent(name)}`);
      await eventually(() => page.locator('.ant-table-row').count()).toBe(1);

      await rowOf(page, name)
        .getByRole('button', { name: label('编辑') })
        .click();
      const edit = drawerTitled(page, '编辑模型');
      await expect(edit.getByLabel('版本', { exact: true }).inputValue()).resolves.toBe('1.0.0');
      await edit.getByLabel('版本', { exact: true }).fill('1.0.1');
      await edit.getByRole('button', { name: label('保存') }).click();
      await page.getByText('已保存', { exact: true }).waitFor();
      await eventually(() => rowOf(page, name).innerText()).toContain('1.0.1');

      await rowOf(page, name)
        .getByRole('button', { name: label('详情') })
        .click();
      const detail = drawerTitled(page, '模型详情');
      await detail.getByText(digest, { exact: true }).waitFor();
      await detail.getByText('helmet', { exact: true }).waitFor();
      await detail.getByText('安全帽检测', { exact: true }).waitFor();
      const fileDownload = page.waitForEvent('download');
      await detail.getByRole('button', { name: '下载' }).click();
      const downloaded = await fileDownload;
      expect(downloaded.suggestedFilename()).toBe('yolov8n-helmet.onnx');
      const again = await downloadedBytes(downloaded);
      expect(createHash('sha256').update(again).digest('hex')).toBe(digest);
      await screenshot(page, 'model-detail');
      await detail.getByRole('button', { name: '关闭' }).click();
      await detail.waitFor({ state: 'hidden' });

      const exported = page.waitForEvent('download');
      await page.getByRole('button', { name: '导出' }).click();
      const file = await exported;
      expect(file.suggestedFilename()).toMatch(/^models-\d{8}-\d{4}\.csv$/);
      const csv = (await downloadedBytes(file)).toString('utf8');
      expect(csv).toContain(name);
      expect(csv).toContain(digest);
      expect(csv.split('\n').filter((line) => line.trim() !== '').length).toBe(2);

      await rowOf(page, name)
        .getByRole('button', { name: label('部署') })
        .click();
      const panel = drawerTitled(page, `模型部署 · ${name} 1.0.1`);
      const findServer = () => panel.getByLabel('按名称或IP筛选AI服务器').fill(serverName);
      await findServer();
      await rowOf(panel, serverName).waitFor();
      await expect(rowOf(panel, serverName).innerText()).resolves.toContain('未部署');
      await rowOf(panel, serverName).locator('input[type="checkbox"]').check();
      await panel.getByRole('button', { name: '部署到所选服务器' }).click();
      await eventually(() => rowOf(panel, serverName).innerText()).toContain('待下发');
      await screenshot(page, 'model-deployments');
      await panel
        .getByRole('button', { name: 'Close', exact: true })
        .or(panel.getByRole('button', { name: '关闭' }))
        .click();
      await eventually(() => rowOf(page, name).innerText()).toMatch(/\t1\t/);

      await deleteRow(page, name);
      await errorToast(page, `已部署到 1 台AI服务器（${serverName}），请先撤回部署再删除`).waitFor();
      await expect(rowOf(page, name).count()).resolves.toBe(1);

      await rowOf(page, name)
        .getByRole('button', { name: label('部署') })
        .click();
      await findServer();
      await rowOf(panel, serverName).waitFor();
      await rowOf(panel, serverName).locator('input[type="checkbox"]').check();
      await panel.getByRole('button', { name: '撤回所选' }).click();
      await page
        .locator('.ant-popconfirm:visible')
        .getByRole('button', { name: label('确定') })
        .click();
      await eventually(() => rowOf(panel, serverName).innerText()).toContain('未部署');
      await panel
        .getByRole('button', { name: 'Close', exact: true })
        .or(panel.getByRole('button', { name: '关闭' }))
        .click();

      // The list follows the panel: no server runs the model now.
      await eventually(() => rowOf(page, name).innerText()).toMatch(/\t0\t/);
      await deleteRow(page, name);
      await page.getByText('没有符合条件的记录').waitFor();
    },
    scaled(120_000),
  );

  test('the file widget refuses a file over the limit before sending it', async ({ page }) => {
    await signIn(page, admin);
    await page.goto(screenPath);
    await page.getByRole('button', { name: '新增' }).first().click();
    const create = drawerTitled(page, '新增模型');
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/cfop/files/')) uploads.push(request.url());
    });
    // A file object that claims 3 GiB without holding it: the check reads its size only.
    await create.getByLabel('模型文件', { exact: true }).evaluate((input: HTMLInputElement) => {
      const huge = new File(['x'], 'huge.onnx');
      Object.defineProperty(huge, 'size', { value: 3 * 1024 ** 3 });
      Object.defineProperty(input, 'files', { value: [huge] });
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await eventually(() => create.innerText()).toContain('模型文件不能超过 2 GB');
    expect(uploads).toEqual([]);
    await screenshot(page, 'model-file-too-large');
  });
});

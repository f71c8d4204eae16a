import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { admin, cameraOperator } from './accounts';
import { test } from './fixtures';
import {
  answerConfirm,
  choose,
  chooseReference,
  closeDrawer,
  createThroughApi,
  deleteRow,
  drawerTitled,
  exportCsv,
  messageOf,
  motionsDone,
  openScreen,
  rowOf,
  searchForm,
  unique,
} from './resource-screen';
import {
  errorToast,
  eventually,
  expectAt,
  label,
  openMenuEntry,
  recordToasts,
  screenshot,
  signIn,
} from './screen';

const screenPath = '/equipment/aiserver';

interface ServerInput {
  name: string;
  serialNumber: string;
  ip: string;
  port: number;
  acceleratorType: 'NPU' | 'GPU' | 'CPU';
  channelCapacity: number;
}

function serverInput(overrides: Partial<ServerInput> = {}): ServerInput {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return {
    name: unique('盒子-'),
    serialNumber: unique('SN-'),
    ip: `10.${octet()}.${octet()}.${octet()}`,
    port: 8000 + Math.floor(Math.random() * 1000),
    acceleratorType: 'NPU',
    channelCapacity: 16,
    ...overrides,
  };
}

/** Creates AI servers through the API, as another program holding the admin's token would. */
async function createServers(page: Page, inputs: readonly ServerInput[]): Promise<void> {
  for (const input of inputs) await createThroughApi(page, '/aiservers', input);
}

async function fillServerForm(drawer: Locator, input: ServerInput): Promise<void> {
  await drawer.getByLabel('名称', { exact: true }).fill(input.name);
  await drawer.getByLabel('序列号', { exact: true }).fill(input.serialNumber);
  await drawer.getByLabel('IP地址', { exact: true }).fill(input.ip);
  await drawer.getByLabel('端口', { exact: true }).fill(String(input.port));
  await choose(drawer, '加速卡类型', input.acceleratorType);
  await drawer.getByLabel('算力路数', { exact: true }).fill(String(input.channelCapacity));
}

/** The key of the once-only modal, after checking the modal warns about it. */
async function readShownKey(page: Page): Promise<string> {
  const modal = page.getByRole('dialog').filter({ hasText: '接入密钥（仅显示一次）' });
  await modal.getByText('关闭此窗口后将无法再次查看', { exact: false }).waitFor();
  const key = await modal.getByLabel('接入密钥', { exact: true }).inputValue();
  expect(key.length).toBeGreaterThanOrEqual(32);
  return key;
}

async function closeKeyModal(page: Page): Promise<void> {
  await page.getByRole('button', { name: '我已保存' }).click();
  await page.getByRole('dialog').filter({ hasText: '接入密钥（仅显示一次）' }).waitFor({ state: 'detached' });
}

const openServerScreen = (page: Page, query = '') => openScreen(page, screenPath + query);

describe('the AI server screen', () => {
  test('admin adds a server, sees its key once, finds, edits, views, exports, rotates and deletes it', async ({
    page,
  }) => {
    const input = serverInput({ acceleratorType: 'GPU' });
    await signIn(page, admin);
    await openMenuEntry(page, '设备管理', 'AI服务器', screenPath);

    await page.getByRole('button', { name: '新增' }).first().click();
    const createDrawer = drawerTitled(page, '新增AI服务器');
    await fillServerForm(createDrawer, input);
    await createDrawer.getByRole('button', { name: label('保存') }).click();
    const key = await readShownKey(page);
    await screenshot(page, 'aiserver-key-modal');
    await closeKeyModal(page);
    await rowOf(page, input.serialNumber).waitFor();
    await expect(rowOf(page, input.serialNumber).innerText()).resolves.toContain('离线');
    await screenshot(page, 'aiserver-list');

    await searchForm(page).getByLabel('名称', { exact: true }).fill(input.name);
    await searchForm(page)
      .getByRole('button', { name: label('查询') })
      .click();
    await expectAt(page, `${screenPath}?name=${encodeURIComponent(input.name)}`);
    await eventually(() => page.locator('.ant-table-row').count()).toBe(1);
    await rowOf(page, input.serialNumber).waitFor();

    await rowOf(page, input.serialNumber)
      .getByRole('button', { name: label('编辑') })
      .click();
    const editDrawer = drawerTitled(page, '编辑AI服务器');
    await expect(editDrawer.getByLabel('名称', { exact: true }).inputValue()).resolves.toBe(input.name);
    await editDrawer.getByLabel('算力路数', { exact: true }).fill('32');
    await editDrawer.getByLabel('硬件型号', { exact: true }).fill('Atlas 500');
    await editDrawer.getByRole('button', { name: label('保存') }).click();
    await page.getByText('已保存', { exact: true }).waitFor();
    await eventually(() => rowOf(page, input.serialNumber).innerText()).toContain('32');

    await rowOf(page, input.serialNumber)
      .getByRole('button', { name: label('详情') })
      .click();
    const detail = drawerTitled(page, 'AI服务器详情');
    await detail.getByText('Atlas 500', { exact: true }).waitFor();
    await detail.getByText(input.ip, { exact: true }).waitFor();
    await detail.getByText('GPU', { exact: true }).waitFor();
    await screenshot(page, 'aiserver-detail');
    await closeDrawer(detail);

    const { name: fileName, text: csv } = await exportCsv(page);
    expect(fileName).toMatch(/^aiservers-\d{8}-\d{4}\.csv$/);
    expect(csv).toContain(input.serialNumber);
    expect(csv).toContain(input.name);
    expect(csv.split('\n').filter((line) => line.trim() !== '').length).toBe(2);

    await rowOf(page, input.serialNumber).getByRole('button', { name: '更多' }).click();
    await page.getByRole('menuitem', { name: '重置接入密钥' }).click();
    await answerConfirm(page, '旧密钥立即失效');
    const rotated = await readShownKey(page);
    expect(rotated).not.toBe(key);
    await closeKeyModal(page);

    await deleteRow(page, input.serialNumber);
    await page.getByText('没有符合条件的记录').waitFor();
    await page.getByRole('button', { name: '清除筛选' }).click();
    await expectAt(page, screenPath);
  });

  test('filters, sort and page live in the URL: a reload shows the same list and Back the previous one', async ({
    page,
  }) => {
    const tag = unique('url-');
    const inputs = ['c', 'a', 'd', 'b'].map((letter) => serverInput({ name: `${tag}-${letter}` }));
    await signIn(page, admin);
    await createServers(page, inputs);

    const query = `?page=2&pageSize=10&sort=-name&name=${tag}`;
    await openServerScreen(page, query);
    // Four rows on one page of ten: page 2 is past the end, so the list shows page 1 instead.
    await expectAt(page, `${screenPath}?pageSize=10&sort=-name&name=${tag}`);
    const names = () => page.locator('.ant-table-row td:nth-child(2)').allInnerTexts();
    await eventually(names).toEqual([`${tag}-d`, `${tag}-c`, `${tag}-b`, `${tag}-a`]);
    await expect(searchForm(page).getByLabel('名称', { exact: true }).inputValue()).resolves.toBe(tag);

    await page.reload();
    await eventually(names).toEqual([`${tag}-d`, `${tag}-c`, `${tag}-b`, `${tag}-a`]);

    // antd's header cycles descending → unsorted (the server's default order) → ascending.
    await page.getByRole('columnheader', { name: '名称' }).click();
    await expectAt(page, `${screenPath}?pageSize=10&name=${tag}`);
    // While a page loads, antd's table lies under its spinner's mask, which takes the clicks.
    await eventually(() => page.locator('.ant-table-wrapper .ant-spin-spinning').count()).toBe(0);
    await page.getByRole('columnheader', { name: '名称' }).click();
    await expectAt(page, `${screenPath}?pageSize=10&sort=name&name=${tag}`);
    await eventually(names).toEqual([`${tag}-a`, `${tag}-b`, `${tag}-c`, `${tag}-d`]);

    await page.goBack();
    await expectAt(page, `${screenPath}?pageSize=10&name=${tag}`);
    await page.goBack();
    await expectAt(page, `${screenPath}?pageSize=10&sort=-name&name=${tag}`);
    await eventually(names).toEqual([`${tag}-d`, `${tag}-c`, `${tag}-b`, `${tag}-a`]);

    await openServerScreen(page, `?pageSize=10&sort=name&name=${tag}-c`);
    await eventually(names).toEqual([`${tag}-c`]);
    await expect(searchForm(page).getByLabel('名称', { exact: true }).inputValue()).resolves.toBe(`${tag}-c`);
  });

  test('the form names bad fields, shows a duplicate serial number on its field only, toasts a 400 it cannot place and warns before losing changes', async ({
    page,
  }) => {
    const existing = serverInput();
    await signIn(page, admin);
    await createServers(page, [existing]);
    // Opened from the menu, so Back stays inside the console, where the router can ask first.
    await openMenuEntry(page, '设备管理', 'AI服务器', screenPath);

    await page.getByRole('button', { name: '新增' }).first().click();
    const drawer = drawerTitled(page, '新增AI服务器');
    await drawer.getByRole('button', { name: label('保存') }).click();
    await eventually(() => messageOf(drawer, '名称')).toBe('请输入名称');
    await eventually(() => messageOf(drawer, '加速卡类型')).toBe('请选择加速卡类型');

    await fillServerForm(drawer, serverInput({ name: '超'.repeat(65), ip: '10.0.300.1', port: 70000 }));
    await drawer.getByRole('button', { name: label('保存') }).click();
    await eventually(() => messageOf(drawer, '名称')).toBe('名称长度不能超过 64 个字符');
    await eventually(() => messageOf(drawer, 'IP地址')).toBe('IP地址须为有效的 IPv4 地址，如 192.168.1.10');
    await eventually(() => messageOf(drawer, '端口')).toBe('端口须在 1 到 65535 之间');
    await screenshot(page, 'aiserver-form-errors');

    const toasts = await recordToasts(page);
    await fillServerForm(drawer, serverInput({ serialNumber: existing.serialNumber }));
    await drawer.getByRole('button', { name: label('保存') }).click();
    await eventually(() => messageOf(drawer, '序列号')).toBe('序列号已存在');
    await screenshot(page, 'aiserver-form-duplicate-serial');

    // A 400 naming no field of the form (the body spoiled on its way: field `body`) is told by a toast.
    const spoilBody = (url: URL) => url.pathname === '/cfop/aiservers';
    await page.route(spoilBody, (route) =>
      route.request().method() === 'POST' ? route.continue({ postData: '{"name": ' }) : route.continue(),
    );
    // After a quick save antd may leave its loading icon in the button, invisible (width 0) but named.
    await drawer.getByRole('button', { name: /保\s*存\s*$/ }).click();
    await errorToast(page, 'body：不是合法的 JSON').waitFor();
    await page.unroute(spoilBody);
    await screenshot(page, 'aiserver-form-unplaced-error');
    // That toast came after the duplicate's answer, so a toast repeating the field message would show first.
    expect(await toasts()).toEqual([expect.stringContaining('body：不是合法的 JSON')]);

    // Closing with unsaved changes asks first; keeping on editing leaves the drawer as it was.
    await drawer.getByRole('button', { name: '关闭' }).click();
    const discard = page.locator('.ant-modal-confirm').filter({ hasText: '放弃未保存的修改？' });
    await discard.waitFor();
    await screenshot(page, 'aiserver-form-discard-warning');
    await answerConfirm(page, '放弃未保存的修改？', '继续编辑');
    await expect(drawer.getByLabel('序列号', { exact: true }).inputValue()).resolves.toBe(
      existing.serialNumber,
    );

    // Closing the tab gets the browser's own warning; staying keeps the form.
    const dialogType = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.close({ runBeforeUnload: true });
    expect(await dialogType).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);

    // Leaving the route asks too; discarding goes on to the new place.
    await page.goBack();
    await discard.waitFor();
    await expectAt(page, screenPath);
    await answerConfirm(page, '放弃未保存的修改？', '放弃修改');
    await expectAt(page, '/home');
  });

  test('a drawer left open by Back closes with its screen and opens again on Forward', async ({ page }) => {
    const input = serverInput();
    await signIn(page, admin);
    await createServers(page, [input]);
    await openMenuEntry(page, '设备管理', 'AI服务器', screenPath);
    await rowOf(page, input.serialNumber)
      .getByRole('button', { name: label('详情') })
      .click();
    const detail = drawerTitled(page, 'AI服务器详情');
    await detail.getByText(input.ip, { exact: true }).waitFor();

    // The screen is kept, hidden, with its drawer's state; the drawer must not stay over /home.
    await page.goBack();
    await expectAt(page, '/home');
    await detail.waitFor({ state: 'hidden' });
    await eventually(() => page.evaluate(() => getComputedStyle(document.body).overflowY)).not.toBe('hidden');
    await screenshot(page, 'aiserver-detail-left-by-back');

    await page.goForward();
    await expectAt(page, screenPath);
    await detail.getByText(input.ip, { exact: true }).waitFor();
  });

  test('bulk delete asks first; hidden columns stay hidden; a failed load offers a retry', async ({
    page,
  }) => {
    const tag = unique('bulk-');
    await signIn(page, admin);
    await createServers(page, [serverInput({ name: `${tag}-1` }), serverInput({ name: `${tag}-2` })]);

    const listCall = (url: URL) => url.pathname === '/cfop/aiservers';
    await page.route(listCall, (route) => route.abort());
    await page.goto(`${screenPath}?name=${tag}`);
    const failure = page.getByRole('alert').filter({ hasText: '数据加载失败' });
    await failure.waitFor();
    await screenshot(page, 'aiserver-list-failed');
    await page.unroute(listCall);
    await failure.getByRole('button', { name: '重试' }).click();
    await eventually(() => page.locator('.ant-table-row').count()).toBe(2);

    await page.getByRole('button', { name: '列设置' }).click();
    await page.locator('.ant-popover').getByRole('checkbox', { name: '序列号' }).uncheck();
    await screenshot(page, 'aiserver-column-chooser');
    await page.getByRole('columnheader', { name: '序列号' }).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('columnheader', { name: '名称' }).waitFor();
    await expect(page.getByRole('columnheader', { name: '序列号' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: '列设置' }).click();
    await page.locator('.ant-popover').getByRole('button', { name: '恢复默认' }).click();
    await page.getByRole('columnheader', { name: '序列号' }).waitFor();
    // Closed as a person closes it before going on to the rows.
    await page.getByRole('button', { name: '列设置' }).click();
    await page.locator('.ant-popover').waitFor({ state: 'hidden' });

    await page.locator('.ant-table-thead').getByRole('checkbox').check();
    await page.getByText('已选择 2 项').waitFor();
    await page.getByRole('button', { name: '批量删除' }).click();
    // The dialog zooms in; the picture is taken once it has.
    await page.locator('.ant-modal-confirm').filter({ hasText: '确定删除选中的 2 项吗？' }).waitFor();
    await motionsDone(page);
    await screenshot(page, 'aiserver-bulk-delete');
    await answerConfirm(page, '确定删除选中的 2 项吗？', '删除');
    await page.getByText('已删除 2 项').waitFor();
    await page.getByText('没有符合条件的记录').waitFor();
  });

  test('the screen speaks English', async ({ page }) => {
    const input = serverInput();
    await signIn(page, admin);
    await createServers(page, [input]);
    await page.evaluate(() => localStorage.setItem('CFOP_LOCALE', 'en-US'));
    await openServerScreen(page, `?name=${encodeURIComponent(input.name)}`);
    await page.getByRole('button', { name: 'New' }).first().waitFor();
    await rowOf(page, input.serialNumber).getByText('Offline').waitFor();
    await page.getByText('1 in total').waitFor();
    await screenshot(page, 'aiserver-list-en');

    await rowOf(page, input.serialNumber).getByRole('button', { name: 'Details' }).click();
    await drawerTitled(page, 'AI server details').getByText(input.serialNumber, { exact: true }).waitFor();
    await screenshot(page, 'aiserver-detail-en');
    await drawerTitled(page, 'AI server details').getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'New' }).first().click();
    const drawer = drawerTitled(page, 'New AI server');
    await drawer.getByLabel('IP address', { exact: true }).fill('1.2.3');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await eventually(() => messageOf(drawer, 'Name')).toBe('Please enter the name');
    await eventually(() => messageOf(drawer, 'IP address')).toBe(
      'The IP address must be an IPv4 address such as 192.168.1.10',
    );
    await screenshot(page, 'aiserver-form-errors-en');
  });

  test('a user without the AI server key gets 403 on the route', async ({ page }) => {
    await signIn(page, cameraOperator);
    await page.goto(screenPath);
    await page.getByText('抱歉，您无权访问此页面').waitFor();
    await expect(page.locator('.ant-table').count()).resolves.toBe(0);
  });

  test('on the camera screen that user picks an AI server by name without the AI server key', async ({
    page,
  }) => {
    const input = serverInput();
    await signIn(page, admin);
    await createServers(page, [input]);
    await page.evaluate(() => localStorage.clear());
    await signIn(page, cameraOperator);
    await openScreen(page, '/equipment/camera');
    const toasts = await recordToasts(page);

    await page.getByRole('button', { name: '新增' }).first().click();
    const drawer = drawerTitled(page, '新增摄像头');
    await chooseReference(drawer, 'AI服务器', input.name);
    // The chosen label, shown in the select (a hidden echo of it is read out to screen readers).
    await drawer.getByText(input.name, { exact: true }).filter({ visible: true }).waitFor();
    await screenshot(page, 'camera-operator-picks-server');
    await drawer.getByRole('button', { name: label('取消') }).click();
    await answerConfirm(page, '放弃未保存的修改？', '放弃修改');
    await drawer.waitFor({ state: 'hidden' });

    await chooseReference(searchForm(page), 'AI服务器', input.name);
    await searchForm(page)
      .getByRole('button', { name: label('查询') })
      .click();
    await eventually(() => page.url()).toContain('aiServerId=');
    await expect(toasts()).resolves.toEqual([]);
    // A shared link names the server by id only: its name is asked for and shown.
    await page.reload();
    const afterReload = await recordToasts(page);
    await searchForm(page).getByText(input.name, { exact: true }).filter({ visible: true }).waitFor();
    await expect(afterReload()).resolves.toEqual([]);
  });
});

import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, onTestFinished } from 'vitest';
import { startDiscoveryResponder } from '../test-support/onvif-device/discovery-responder';
import { startTestOnvifDevice, type TestOnvifDevice } from '../test-support/onvif-device/onvif-device';
import { startTestCameras, type TestCamera, type TestCameras } from '../test-support/test-cameras';
import { scaled } from '../test-support/test-timeouts';
import { admin } from './accounts';
import { test } from './fixtures';
import {
  createThroughApi,
  drawerTitled,
  openFromMenu,
  readThroughApi,
  rowOf,
  save,
  search,
  unique,
} from './resource-screen';
import { openMenuEntry, screenshot, signIn } from './screen';
import { saveWall, shownNames, tourTimeout } from './video-wall-screen';
import { exportMinuteFromPlayback, loggedExport } from './vms-recording';

// Issue 31's journey in one go: the simulated ONVIF cameras found, four added, one steered, a wall
// saved, a group toured and a minute of recording exported, each step checked where it lands.

const credentials = { username: 'admin', password: 'Journey#onvif 31' };

/** Six simulated ONVIF cameras on loopback streaming the test camera, answering the server's discovery probe. */
async function simulatedSite(camera: TestCamera, names: readonly string[]): Promise<TestOnvifDevice[]> {
  const devices: TestOnvifDevice[] = [];
  onTestFinished(() => Promise.all(devices.map((device) => device.close())).then(() => undefined));
  while (devices.length < names.length)
    devices.push(
      await startTestOnvifDevice({
        ...credentials,
        streams: { main: camera.url, sub: camera.subUrl ?? camera.url },
      }),
    );
  const responder = await startDiscoveryResponder(
    devices.map((device, index) => ({
      endpoint: device.endpoint,
      xaddr: device.xaddr,
      name: names[index] as string,
      hardware: device.info.model,
    })),
    { port: inject('onvifDiscoveryPort') },
  );
  onTestFinished(() => responder.close());
  return devices;
}

/** Closes a drawer as a keyboard user does, and waits until it has gone. */
async function closeByEscape(page: Page, drawer: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
}

/** Opens the interval select and picks the shortest interval it offers; answers its seconds. */
async function pickShortestInterval(field: Locator): Promise<number> {
  const page = field.page();
  await field.click();
  // The field's own list (rc-select names it after the input's id), not the group's leaving one.
  const list = page
    .locator('.ant-select-dropdown:visible:not([class*="-leave"])')
    .filter({ has: page.locator(`[id="${await field.getAttribute('id')}_list"]`) });
  const options = list.locator('.ant-select-item-option');
  await options.first().waitFor();
  const seconds = (await options.allInnerTexts()).map((text) => Number(/^(\d+) 秒$/.exec(text.trim())?.[1]));
  expect(seconds.every(Number.isInteger), 'every interval in whole seconds').toBe(true);
  const shortest = Math.min(...seconds);
  await options.nth(seconds.indexOf(shortest)).click();
  return shortest;
}

describe('the video management journey', () => {
  let testCameras: TestCameras;
  beforeAll(async () => {
    testCameras = await startTestCameras({ rtsp: 0, http: 1, clockedPerKind: 0, subStreamsPerKind: 1 });
  });
  afterAll(async () => {
    await testCameras?.stop();
  });

  test(
    'an operator finds and adds ONVIF cameras, steers one, saves a wall, tours a group of six and exports a minute',
    { timeout: scaled(300_000) },
    async ({ page }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      const camera = testCameras.cameras[0] as TestCamera;
      const prefix = unique('旅程-');
      const onvifNames = [1, 2, 3, 4, 5, 6].map((n) => `${prefix} 枪机${n}`);
      const devices = await simulatedSite(camera, onvifNames);
      await signIn(page, admin);

      // Two cameras from the stream itself, one recording from now: the minute to export accrues
      // while the rest of the journey runs.
      const streamNames = [`${prefix} 录像`, `${prefix} 门岗`];
      const streamCameras: { id: number }[] = [];
      for (const [index, name] of streamNames.entries())
        streamCameras.push(
          await createThroughApi<{ id: number }>(page, '/cameras', {
            name,
            code: unique(`J${index}-`),
            area: '旅程园区',
            mainStreamUrl: camera.url,
            vendor: 'other',
            ip: `10.31.0.${index + 1}`,
            aiServerId: null,
            recordingMode: index === 0 ? 'continuous' : 'off',
          }),
        );
      const recorded = streamCameras[0] as { id: number };

      // ONVIF discovery finds the six; credentials once, profiles read, four added in one go.
      await openFromMenu(page, '设备管理', '摄像头', '/equipment/camera');
      await page.getByRole('button', { name: '发现设备' }).click();
      const discovery = drawerTitled(page, '发现 ONVIF 设备');
      await discovery.getByLabel('等待秒数').fill('1');
      await discovery.getByRole('button', { name: '开始发现' }).click();
      for (const name of onvifNames) await rowOf(discovery, name).waitFor();
      const added = onvifNames.slice(0, 4);
      for (const name of added) await rowOf(discovery, name).getByRole('checkbox').check();
      await discovery.getByLabel('用户名', { exact: true }).fill(credentials.username);
      await discovery.getByLabel('密码', { exact: true }).fill(credentials.password);
      await discovery.getByLabel('区域', { exact: true }).fill('旅程园区');
      await discovery.getByRole('button', { name: '读取所选设备' }).click();
      for (const name of added)
        await rowOf(discovery, name)
          .getByText('Hikvision DS-2CD2T47G2-L · mainStream 1920×1080 H264 · subStream 640×360 H264')
          .waitFor();
      await screenshot(page, 'journey 1 ONVIF discovery read');
      await discovery.getByRole('button', { name: '添加所选设备' }).click();
      await page.getByText('已添加 4 台摄像头').waitFor();
      await discovery.waitFor({ state: 'hidden' });
      await search(page, '名称', prefix);
      for (const name of added) await rowOf(page, name).waitFor();
      const listed = await readThroughApi<{
        items: {
          id: number;
          name: string;
          vendor: string;
          model: string;
          mainStreamUrl: string;
          subStreamUrl: string | null;
        }[];
      }>(page, `/cameras?name=${encodeURIComponent(prefix)}&pageSize=20`);
      const onvifCameras = added.map((name) => listed.items.find((item) => item.name === name));
      // The profiles' addresses, with the device's credentials in them (answered masked).
      const withUser = (url: string | null) =>
        url?.replace('http://', `http://${credentials.username}:******@`);
      for (const found of onvifCameras)
        expect(found).toMatchObject({
          vendor: 'hikvision',
          model: 'DS-2CD2T47G2-L',
          mainStreamUrl: withUser(camera.url),
          subStreamUrl: withUser(camera.subUrl),
        });
      await screenshot(page, 'journey 2 cameras added');

      // One camera steered from its PTZ drawer: held left, a preset saved, home, the preset recalled.
      const steered = added[0] as string;
      const device = devices[0] as TestOnvifDevice;
      await rowOf(page, steered).getByRole('button', { name: '云台' }).click();
      const ptz = drawerTitled(page, `云台控制 · ${steered}`);
      const commands = () => device.ptzCommands.map(({ action, presetToken }) => ({ action, presetToken }));
      await ptz.getByRole('button', { name: '左' }).hover();
      await page.mouse.down();
      await expect.poll(() => commands().map((c) => c.action)).toEqual(['ContinuousMove']);
      await page.mouse.up();
      await expect.poll(() => commands().map((c) => c.action)).toEqual(['ContinuousMove', 'Stop']);
      const preset = unique('东门车道-');
      await ptz.getByPlaceholder('预置位名称').fill(preset);
      await ptz.getByRole('button', { name: '保存当前位置' }).click();
      const presetItem = ptz.locator('.ant-list-item', { hasText: preset });
      await presetItem.waitFor();
      const token = device.ptzCommands.find((c) => c.action === 'SetPreset')?.presetToken;
      expect(token).toEqual(expect.any(String));
      await ptz.getByRole('button', { name: '回到原点' }).click();
      await expect.poll(() => commands().at(-1)?.action).toBe('GotoHomePosition');
      await presetItem.getByRole('button', { name: '转到' }).click();
      await expect.poll(commands).toEqual([
        { action: 'ContinuousMove', presetToken: null },
        { action: 'Stop', presetToken: null },
        { action: 'SetPreset', presetToken: token },
        { action: 'GotoHomePosition', presetToken: null },
        { action: 'GotoPreset', presetToken: token },
      ]);
      // Each through the device's first media profile, the one the server steers.
      expect(new Set(device.ptzCommands.map((c) => c.profileToken))).toEqual(new Set(['Profile_1']));
      await screenshot(page, 'journey 3 PTZ drawer');
      await closeByEscape(page, ptz);

      // A group of six: the four added and the two from the stream, in that order.
      const groupNames = [...added, ...streamNames];
      const groupName = unique('旅程分组-');
      // The camera screen stays alive, hidden, beside it.
      await openMenuEntry(page, '设备管理', '摄像头分组', '/equipment/camera-groups');
      await page.locator('.ant-table:visible').waitFor();
      await page.getByRole('button', { name: '新增' }).first().click();
      const groupForm = drawerTitled(page, '新增摄像头分组');
      await groupForm.getByLabel('名称', { exact: true }).fill(groupName);
      const cameraField = groupForm.getByLabel('摄像头', { exact: true });
      await cameraField.click();
      for (const name of groupNames) {
        await cameraField.fill(name);
        await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${name}"]`).click();
      }
      // The list stays open for more picks, over the form's buttons: a click elsewhere closes it.
      await groupForm.getByLabel('名称', { exact: true }).click();
      await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
      await save(page, '新增摄像头分组');
      await page.getByText('已新增', { exact: true }).waitFor();
      await rowOf(page, groupName).waitFor();

      // A 4-pane wall of the group's first four, saved.
      await openMenuEntry(page, '监控中心', '视频监控', '/monitor/video');
      const tree = page.locator('.cfop-camera-tree');
      await tree.getByText('按分组', { exact: true }).click();
      const group = tree.locator('.cfop-tree-group', { hasText: groupName });
      await expect.poll(() => group.textContent()).toContain('/6');
      for (const name of added) await tree.getByText(name, { exact: true }).click();
      await expect.poll(() => shownNames(page)).toEqual(added);
      const wallName = unique('旅程四画面-');
      await saveWall(page, wallName);
      await screenshot(page, 'journey 4 saved wall');
      await page.getByRole('button', { name: '我的画面' }).click();
      const walls = drawerTitled(page, '我的画面');
      await walls.locator('.cfop-wall-item', { hasText: wallName }).waitFor();
      await closeByEscape(page, walls);

      // The group toured at the shortest interval offered: 1–4, then 5, 6, 1, 2.
      await page.getByRole('button', { name: '开始轮巡' }).click();
      const tourDialog = drawerTitled(page, '开始轮巡');
      await tourDialog.getByLabel('摄像头分组').click();
      await page.locator('.ant-select-item-option', { hasText: groupName }).click();
      const shortest = await pickShortestInterval(tourDialog.getByLabel('间隔'));
      await tourDialog.getByRole('button', { name: '开始轮巡' }).click();
      await page.getByText(`轮巡中 · ${groupName} · 每 ${shortest} 秒`).waitFor();
      await expect
        .poll(() => shownNames(page), tourTimeout)
        .toEqual([groupNames[4], groupNames[5], groupNames[0], groupNames[1]]);
      await screenshot(page, 'journey 5 tour');
      await page.getByRole('button', { name: '停止轮巡' }).click();

      // A minute of the recording camera exported from playback: the file's digest is the one shown and logged.
      const { digest } = await exportMinuteFromPlayback(page, recorded.id);
      await screenshot(page, 'journey 6 export panel');
      expect((await loggedExport(page, recorded.id))?.detail).toContain(digest);
    },
  );
});

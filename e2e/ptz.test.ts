import type { Locator } from 'playwright-core';
import { afterAll, describe, expect } from 'vitest';
import { startTestOnvifDevice, type TestOnvifDevice } from '../test-support/onvif-device/onvif-device';
import { scaled } from '../test-support/test-timeouts';
import { admin, type Account } from './accounts';
import { addTestCamera, freshPage, test } from './fixtures';
import { createThroughApi, drawerTitled, openFromMenu, rowOf, searchOne, unique } from './resource-screen';
import { openMenuEntry, screenshot, signIn } from './screen';
import { pane } from './video-wall-screen';

/** A live view needs ffmpeg to probe and segment the stream first: seconds on a busy machine. */
const liveTimeout = { timeout: scaled(45_000), interval: 250 };
const credentials = { username: 'admin', password: 'Ptz#wall 7' };

/** Frames are decoded and time runs: the pane plays. */
async function expectPlaying(video: Locator): Promise<void> {
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.currentTime > 0), liveTimeout)
    .toBe(true);
}

describe('PTZ on the video wall', () => {
  let device: TestOnvifDevice;
  test.beforeAll(async ({ stream }) => {
    // On 127.0.0.1 only, which the test server's CFOP_CAMERA_ALLOW_HOSTS names.
    device = await startTestOnvifDevice({
      ...credentials,
      streams: { main: stream.liveUrl, sub: stream.liveUrl },
    });
  });
  afterAll(async () => {
    await device.close();
  });

  /** The device's PTZ commands since `from`, by action and preset. */
  const commandsSince = (from: number) =>
    device.ptzCommands.slice(from).map(({ action, presetToken }) => ({ action, presetToken }));

  test(
    'a video operator holding the PTZ key steers a pane by pointer and keys, and recalls a preset saved on the camera screen',
    { timeout: scaled(180_000) },
    async ({ page, browser, stream }) => {
      await signIn(page, admin);
      const name = unique('云台-');
      await addTestCamera(page, {
        name,
        code: unique('PTZ-'),
        area: unique('云台区-'),
        mainStreamUrl: stream.liveUrl,
        ip: `10.62.0.${(Date.now() % 250) + 1}`,
        onvifXaddr: device.xaddr,
        onvifUsername: credentials.username,
        onvifPassword: credentials.password,
      });
      // A video operator with the PTZ key, and not the camera screen's.
      const role = await createThroughApi<{ id: number }>(page, '/roles', {
        code: unique('ptz-video-'),
        name: `视频云台-${unique('')}`,
        accessKeys: ['KEY.CENTER', 'KEY.CENTER.VIDEO', 'KEY.DEVICE.CAMERA.PTZ'],
      });
      const steerer: Account = {
        username: unique('ptz.op.'),
        password: 'Steer-2024',
        name: '云台值班',
        phone: '',
      };
      await createThroughApi(page, '/users', {
        username: steerer.username,
        name: steerer.name,
        phone: null,
        email: null,
        status: 'enabled',
        roleIds: [role.id],
        password: steerer.password,
      });

      // The administrator saves a preset in the camera screen's drawer.
      await openFromMenu(page, '设备管理', '摄像头', '/equipment/camera');
      await searchOne(page, '名称', name);
      await rowOf(page, name).getByRole('button', { name: '云台' }).click();
      const drawer = drawerTitled(page, `云台控制 · ${name}`);
      const preset = unique('北门车道-');
      await drawer.getByPlaceholder('预置位名称').fill(preset);
      const saved = device.ptzCommands.length;
      await drawer.getByRole('button', { name: '保存当前位置' }).click();
      await drawer.locator('.ant-list-item', { hasText: preset }).waitFor();
      const [setPreset] = commandsSince(saved);
      expect(setPreset?.action).toBe('SetPreset');
      const token = setPreset?.presetToken as string;

      // The operator plays the camera on the wall and opens its pad.
      const wall = await freshPage(browser);
      await signIn(wall, steerer);
      await openMenuEntry(wall, '监控中心', '视频监控', '/monitor/video');
      await wall.getByPlaceholder('搜索名称、编码或区域').fill(name);
      await wall.locator('.cfop-camera-tree').getByText(name, { exact: true }).click();
      await expectPlaying(pane(wall, 0).locator('video'));
      await pane(wall, 0).getByText('播放中').waitFor();
      await pane(wall, 0).getByRole('button', { name: '云台' }).click();
      const pad = pane(wall, 0).getByRole('group', { name: '云台' });
      await pad.getByRole('button', { name: preset }).waitFor();
      await screenshot(wall, 'video pane PTZ pad');

      // Held with the pointer: the device moves, and stops on release.
      const left = device.ptzCommands.length;
      await pad.getByRole('button', { name: '左' }).hover();
      await wall.mouse.down();
      await expect.poll(() => commandsSince(left).map((c) => c.action)).toEqual(['ContinuousMove']);
      await wall.mouse.up();
      await expect.poll(() => commandsSince(left).map((c) => c.action)).toEqual(['ContinuousMove', 'Stop']);

      // Held with an arrow key on the pane (its focus in it): the camera moves, not the selection.
      const selected = await wall.locator('[data-pane][aria-selected="true"]').getAttribute('data-pane');
      await pane(wall, 0).getByRole('button', { name: '云台' }).focus();
      const keyed = device.ptzCommands.length;
      await wall.keyboard.down('ArrowRight');
      await expect.poll(() => commandsSince(keyed).map((c) => c.action)).toEqual(['ContinuousMove']);
      await wall.keyboard.up('ArrowRight');
      await expect.poll(() => commandsSince(keyed).map((c) => c.action)).toEqual(['ContinuousMove', 'Stop']);
      await expect(wall.locator('[data-pane][aria-selected="true"]').getAttribute('data-pane')).resolves.toBe(
        selected,
      );

      // The preset saved on the camera screen, recalled from the pane; then home.
      const recalled = device.ptzCommands.length;
      await pad.getByRole('button', { name: preset }).click();
      await expect
        .poll(() => commandsSince(recalled))
        .toEqual([{ action: 'GotoPreset', presetToken: token }]);
      await pad.getByRole('button', { name: '回到原点' }).click();
      await expect
        .poll(() => commandsSince(recalled).map((c) => c.action))
        .toEqual(['GotoPreset', 'GotoHomePosition']);

      // Closed, the pad is gone.
      await pane(wall, 0).getByRole('button', { name: '云台' }).click();
      await pad.waitFor({ state: 'detached' });
      await wall.context().close();
    },
  );
});

import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { admin, cameraOperator } from './accounts';
import { addTestCamera, test } from './fixtures';
import {
  choose,
  chooseReference,
  closeDrawer,
  createThroughApi,
  deleteRow,
  drawerTitled,
  exportCsv,
  messageOf,
  openScreen,
  readThroughApi,
  rowOf,
  searchForm,
  unique,
  uploadThroughApi,
} from './resource-screen';
import {
  errorToast,
  eventually,
  expectAt,
  label,
  recordToasts,
  screenshot,
  openMenuEntry,
  signIn,
} from './screen';
import { scaled } from '../test-support/test-timeouts';

const screenPath = '/equipment/camera';

const randomOctet = () => Math.floor(Math.random() * 250) + 1;

async function addServer(page: Page): Promise<{ id: number; name: string }> {
  const name = unique('摄像头盒子-');
  const { server } = await createThroughApi<{ server: { id: number } }>(page, '/aiservers', {
    name,
    serialNumber: unique('CAMSN-'),
    ip: `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`,
    port: 7000 + Math.floor(Math.random() * 900),
    acceleratorType: 'NPU',
    channelCapacity: 4,
  });
  return { id: server.id, name };
}

async function addCamera(page: Page, mainStreamUrl: string, aiServerId: number | null = null) {
  const name = unique('摄像头-');
  const camera = await addTestCamera(page, {
    name,
    code: unique('C'),
    mainStreamUrl,
    vendor: 'dahua',
    ip: `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`,
    aiServerId,
  });
  return { id: camera.id, name };
}

/** A model for tasks to run, as the model screen would make it; answers its id and its label. */
async function addModel(page: Page): Promise<{ id: number; name: string; label: string }> {
  const file = await uploadThroughApi(page, '/files/model-files', {
    name: 'helmet.onnx',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('camera journey model bytes'),
  });
  const name = unique('安全帽检测-');
  const model = await createThroughApi<{ id: number }>(page, '/models', {
    name,
    algorithm: 'helmet',
    version: '1.0.1',
    fileId: file.id,
    format: 'ONNX',
    inputSize: '640x640',
    targetHardware: 'NPU',
  });
  return { id: model.id, name, label: `${name} 1.0.1` };
}

/** Clicks the frame at a point given as fractions of its width and height. */
async function clickFrame(canvas: Locator, x: number, y: number): Promise<void> {
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the region canvas is not on screen');
  await canvas.page().mouse.click(box.x + box.width * x, box.y + box.height * y);
}

async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Presses on one schedule cell and releases on another, as a person paints a block of the week. */
async function paintCells(drawer: Locator, from: [number, number], to: [number, number]): Promise<void> {
  const cell = ([day, slot]: [number, number]) => drawer.locator(`[data-day="${day}"][data-slot="${slot}"]`);
  const mouse = drawer.page().mouse;
  const start = await centreOf(cell(from));
  const end = await centreOf(cell(to));
  await mouse.move(start.x, start.y);
  await mouse.down();
  await mouse.move((start.x + end.x) / 2, (start.y + end.y) / 2, { steps: 4 });
  await mouse.move(end.x, end.y, { steps: 4 });
  await mouse.up();
}

interface SavedTask {
  id: number;
  name: string;
  modelId: number | null;
  region: { x: number; y: number }[];
  schedule: string[];
  alertLevel: string;
}

describe('the camera screen', () => {
  // The longest journey of the suite: the whole screen, then the task editor.
  test(
    'admin adds a camera bound to an AI server, finds, edits, views, exports it, edits its tasks and deletes it',
    { timeout: scaled(90_000) },
    async ({ page, stream }) => {
      await signIn(page, admin);
      const server = await addServer(page);
      const model = await addModel(page);
      const name = unique('北门-');
      const code = unique('CAM');
      await openMenuEntry(page, '设备管理', '摄像头', screenPath);

      await page.getByRole('button', { name: '新增' }).first().click();
      const createDrawer = drawerTitled(page, '新增摄像头');
      await createDrawer.getByLabel('名称', { exact: true }).fill(name);
      await createDrawer.getByLabel('编码', { exact: true }).fill(code);
      await createDrawer.getByLabel('区域', { exact: true }).fill('一号园区');
      await choose(createDrawer, '厂商', '海康威视');
      await createDrawer.getByLabel('IP地址', { exact: true }).fill('10.20.30.40');
      await createDrawer.getByLabel('主码流地址', { exact: true }).fill(stream.url);
      await chooseReference(createDrawer, 'AI服务器', server.name);
      await screenshot(page, 'camera-form');
      await createDrawer.getByRole('button', { name: label('保存') }).click();
      await page.getByText('已新增', { exact: true }).waitFor();
      await rowOf(page, code).waitFor();
      await expect(rowOf(page, code).innerText()).resolves.toContain(server.name);
      await screenshot(page, 'camera-list');

      await searchForm(page).getByLabel('名称', { exact: true }).fill(name);
      await searchForm(page)
        .getByRole('button', { name: label('查询') })
        .click();
      await expectAt(page, `${screenPath}?name=${encodeURIComponent(name)}`);
      await eventually(() => page.locator('.ant-table-row').count()).toBe(1);
      await searchForm(page).getByLabel('名称', { exact: true }).fill('');
      await chooseReference(searchForm(page), 'AI服务器', server.name);
      await searchForm(page)
        .getByRole('button', { name: label('查询') })
        .click();
      await expectAt(page, `${screenPath}?aiServerId=${server.id}`);
      await eventually(() => page.locator('.ant-table-row').count()).toBe(1);
      await rowOf(page, code).waitFor();

      await rowOf(page, code)
        .getByRole('button', { name: label('编辑') })
        .click();
      const editDrawer = drawerTitled(page, '编辑摄像头');
      await expect(editDrawer.getByLabel('名称', { exact: true }).inputValue()).resolves.toBe(name);
      await editDrawer.getByLabel('区域', { exact: true }).fill('二号园区');
      await editDrawer.getByRole('button', { name: label('保存') }).click();
      await page.getByText('已保存', { exact: true }).waitFor();
      await eventually(() => rowOf(page, code).innerText()).toContain('二号园区');

      await rowOf(page, code)
        .getByRole('button', { name: label('详情') })
        .click();
      const detail = drawerTitled(page, '摄像头详情');
      await detail.getByText(stream.url, { exact: true }).waitFor();
      await detail.getByText(server.name, { exact: true }).waitFor();
      await detail.getByText('海康威视', { exact: true }).waitFor();
      await screenshot(page, 'camera-detail');
      await closeDrawer(detail);

      const { name: fileName, text: csv } = await exportCsv(page);
      expect(fileName).toMatch(/^cameras-\d{8}-\d{4}\.csv$/);
      expect(csv.split('\n').filter((line) => line.trim() !== '').length).toBe(2);
      expect(csv).toContain(`,${name},${code},二号园区,海康威视,`);
      // The AI server by its name and the status by its label, as the table shows them.
      expect(csv).toContain(`,${stream.url},`);
      // Status, its source and time; not recorded, nothing stored; no tasks yet.
      expect(csv).toMatch(new RegExp(`,${server.name},(离线|在线),[^,]*,[^,]*,不录像,0,0,`));

      // The tasks: a polygon drawn over the frame the server grabbed, a block of the week painted.
      await rowOf(page, code).getByRole('button', { name: '分析任务' }).click();
      const tasks = drawerTitled(page, `分析任务 · ${name}`);
      await tasks.getByText('该摄像头还没有分析任务').waitFor();
      await tasks.getByRole('button', { name: '新增任务' }).click();
      const form = drawerTitled(page, '新增任务');
      const frame = form.getByRole('img', { name: '摄像头画面' });
      await frame.waitFor();
      await eventually(() =>
        frame.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]),
      ).toEqual([640, 360]);
      await form.getByLabel('任务名称', { exact: true }).fill('越界检测');
      // Saved without a model, the form says so on the field and sends nothing.
      await form.getByRole('button', { name: label('保存') }).click();
      await eventually(() => messageOf(form, '模型')).toContain('请选择模型');
      // The form scrolled to the drawn region's message; the model's is at its top.
      await form.getByLabel('任务名称', { exact: true }).scrollIntoViewIfNeeded();
      await screenshot(page, 'camera-task-model-missing');
      await chooseReference(form, '模型', model.label, model.name);
      await eventually(() => messageOf(form, '模型')).toBe('');
      await screenshot(page, 'camera-task-model-chosen');
      await choose(form, '告警级别', '紧急');
      const canvas = form.getByTestId('region-canvas');
      for (const [x, y] of [
        [0.2, 0.2],
        [0.8, 0.2],
        [0.5, 0.5],
        [0.8, 0.8],
        [0.2, 0.8],
      ] as const) {
        await clickFrame(canvas, x, y);
      }
      await eventually(() => form.getByTestId('region-corner').count()).toBe(5);
      // The third corner is removed, and the first dragged a little.
      await form.getByTestId('region-corner').nth(2).dblclick();
      await eventually(() => form.getByTestId('region-corner').count()).toBe(4);
      const first = await centreOf(form.getByTestId('region-corner').first());
      const box = (await canvas.boundingBox()) as { x: number; y: number; width: number; height: number };
      await page.mouse.move(first.x, first.y);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.1, { steps: 5 });
      await page.mouse.up();
      await form.getByText('4 个顶点').waitFor();

      await form.getByRole('button', { name: label('清空') }).click();
      await form.getByTestId('schedule-hours').getByText('每周 0 小时').waitFor();
      await paintCells(form, [0, 18], [4, 35]);
      await form.getByTestId('schedule-hours').getByText('每周 45 小时').waitFor();
      await screenshot(page, 'camera-task-editor');
      await form.getByRole('button', { name: label('保存') }).click();
      await page.getByText('任务已保存', { exact: true }).waitFor();
      await rowOf(page, '越界检测').waitFor();
      await expect(rowOf(page, '越界检测').innerText()).resolves.toContain('每周 45 小时');
      await expect(rowOf(page, '越界检测').innerText()).resolves.toContain(model.label);
      await screenshot(page, 'camera-tasks-list');

      // The model cannot go while the task runs it: the model screen's refusal says where it is used.
      const modelScreen = await page.context().newPage();
      await modelScreen.goto(`/model?name=${encodeURIComponent(model.name)}`);
      await deleteRow(modelScreen, model.name);
      await errorToast(
        modelScreen,
        `模型 #${model.id} ${model.name} 被 1 个分析任务使用（摄像头「${name}」1 个），请先为这些任务换用其他模型或删除任务再删除`,
      ).waitFor();
      await screenshot(modelScreen, 'model-delete-refused-by-task');
      await rowOf(modelScreen, model.name).waitFor();
      await modelScreen.close();

      const [saved] = await readThroughApi<SavedTask[]>(
        page,
        `/cameras/${await cameraIdOf(page, code)}/tasks`,
      );
      expect(saved?.alertLevel).toBe('critical');
      expect(saved?.modelId).toBe(model.id);
      const expected = [
        [0.1, 0.1],
        [0.8, 0.2],
        [0.8, 0.8],
        [0.2, 0.8],
      ];
      expect(saved?.region).toHaveLength(4);
      saved?.region.forEach((point, i) => {
        expect(point.x).toBeCloseTo(expected[i]?.[0] ?? -1, 1);
        expect(point.y).toBeCloseTo(expected[i]?.[1] ?? -1, 1);
      });
      expect(saved?.schedule.slice(0, 5)).toEqual(
        Array(5).fill('0'.repeat(18) + '1'.repeat(18) + '0'.repeat(12)),
      );
      expect(saved?.schedule.slice(5)).toEqual(['0'.repeat(48), '0'.repeat(48)]);

      // Reopened, the task shows what was saved.
      await rowOf(page, '越界检测')
        .getByRole('button', { name: label('编辑') })
        .click();
      const reopened = drawerTitled(page, '编辑任务');
      await reopened.getByText('4 个顶点').waitFor();
      await reopened.getByTestId('schedule-hours').getByText('每周 45 小时').waitFor();
      await expect(reopened.getByLabel('任务名称', { exact: true }).inputValue()).resolves.toBe('越界检测');
      await reopened.getByText(model.label, { exact: true }).filter({ visible: true }).waitFor();
      await expect(
        reopened.locator('[data-day="0"][data-slot="18"]').getAttribute('aria-selected'),
      ).resolves.toBe('true');
      await expect(
        reopened.locator('[data-day="5"][data-slot="18"]').getAttribute('aria-selected'),
      ).resolves.toBe('false');
      await screenshot(page, 'camera-task-reopened');
      await reopened.getByRole('button', { name: '返回任务列表' }).click();

      await deleteRow(page, '越界检测');
      await page.getByText('任务已删除', { exact: true }).waitFor();
      await tasks.getByText('该摄像头还没有分析任务').waitFor();
      await closeDrawer(tasks);

      await deleteRow(page, code);
      await page.getByText('没有符合条件的记录').waitFor();
    },
  );

  test('a stream that cannot be reached gives a blank 16:9 frame saying so, and a region can still be drawn', async ({
    page,
    stream,
  }) => {
    await signIn(page, admin);
    const model = await addModel(page);
    const camera = await addCamera(page, stream.unreachableUrl);
    await openScreen(page, `${screenPath}?name=${encodeURIComponent(camera.name)}`);
    await rowOf(page, camera.name).getByRole('button', { name: '分析任务' }).click();
    await drawerTitled(page, `分析任务 · ${camera.name}`).getByRole('button', { name: '新增任务' }).click();
    const form = drawerTitled(page, '新增任务');
    const note = form.getByRole('status');
    await note.getByText('无法获取摄像头画面，请在空白画面上绘制').waitFor();
    // A fixed reason by kind; ffmpeg's own words (hosts, ports) stay in the server log.
    await note.getByText(/摄像头拒绝了连接或取流请求/).waitFor();
    await expect(note.innerText()).resolves.not.toMatch(/Connection refused|127\.0\.0\.1/);
    const frame = form.getByTestId('region-frame');
    const box = (await frame.boundingBox()) as { width: number; height: number };
    expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
    await expect(form.getByRole('img', { name: '摄像头画面' }).count()).resolves.toBe(0);
    // No error toast: the frame itself says what happened.
    await expect(errorToast(page, /无法从视频流取帧/).count()).resolves.toBe(0);

    await form.getByLabel('任务名称', { exact: true }).fill('空白画面上的区域');
    await chooseReference(form, '模型', model.label, model.name);
    const canvas = form.getByTestId('region-canvas');
    for (const [x, y] of [
      [0.3, 0.3],
      [0.7, 0.3],
      [0.5, 0.7],
    ] as const) {
      await clickFrame(canvas, x, y);
    }
    await form.getByText('3 个顶点').waitFor();
    await screenshot(page, 'camera-task-blank-frame');
    await form.getByRole('button', { name: label('保存') }).click();
    await page.getByText('任务已保存', { exact: true }).waitFor();
    await rowOf(page, '空白画面上的区域').waitFor();
  });

  test('a camera operator without the model key picks a task’s model by name, and nothing is refused', async ({
    page,
    stream,
  }) => {
    await signIn(page, admin);
    const model = await addModel(page);
    await page.evaluate(() => localStorage.clear());
    await signIn(page, cameraOperator);
    const camera = await addCamera(page, stream.unreachableUrl);
    await openScreen(page, `${screenPath}?name=${encodeURIComponent(camera.name)}`);
    const toasts = await recordToasts(page);
    await rowOf(page, camera.name).getByRole('button', { name: '分析任务' }).click();
    const tasks = drawerTitled(page, `分析任务 · ${camera.name}`);
    await tasks.getByRole('button', { name: '新增任务' }).click();
    const form = drawerTitled(page, '新增任务');
    await form.getByLabel('任务名称', { exact: true }).fill('值班员的任务');
    await chooseReference(form, '模型', model.label, model.name);
    await form.getByText(model.label, { exact: true }).filter({ visible: true }).waitFor();
    await screenshot(page, 'camera-operator-picks-model');
    const canvas = form.getByTestId('region-canvas');
    for (const [x, y] of [
      [0.3, 0.3],
      [0.7, 0.3],
      [0.5, 0.7],
    ] as const) {
      await clickFrame(canvas, x, y);
    }
    await form.getByRole('button', { name: label('保存') }).click();
    await page.getByText('任务已保存', { exact: true }).waitFor();
    await expect(rowOf(tasks, '值班员的任务').innerText()).resolves.toContain(model.label);
    await expect(toasts()).resolves.toEqual(['任务已保存']);
  });

  test('a stream password is shown masked, and an edit saving the masked address keeps it', async ({
    page,
    stream,
  }) => {
    await signIn(page, admin);
    const secretUrl = stream.url.replace('http://', 'http://admin:cam-pass@');
    const maskedUrl = stream.url.replace('http://', 'http://admin:******@');
    const camera = await addCamera(page, secretUrl);
    await openScreen(page, `${screenPath}?name=${encodeURIComponent(camera.name)}`);
    await expect(rowOf(page, camera.name).innerText()).resolves.not.toContain('cam-pass');
    await rowOf(page, camera.name)
      .getByRole('button', { name: label('编辑') })
      .click();
    const editDrawer = drawerTitled(page, '编辑摄像头');
    await expect(editDrawer.getByLabel('主码流地址', { exact: true }).inputValue()).resolves.toBe(maskedUrl);
    await screenshot(page, 'camera-form-masked-password');
    await editDrawer.getByLabel('区域', { exact: true }).fill('三号园区');
    await editDrawer.getByRole('button', { name: label('保存') }).click();
    await page.getByText('已保存', { exact: true }).waitFor();
    // A masked password the server could not resolve to the stored one would have been refused.
    const saved = await readThroughApi<{ area: string; mainStreamUrl: string }>(
      page,
      `/cameras/${camera.id}`,
    );
    expect(saved).toMatchObject({ area: '三号园区', mainStreamUrl: maskedUrl });
  });

  test('an AI server with a camera bound cannot be deleted: the refusal says how many', async ({
    page,
    stream,
  }) => {
    await signIn(page, admin);
    const server = await addServer(page);
    await addCamera(page, stream.url, server.id);
    await page.goto(`/equipment/aiserver?name=${encodeURIComponent(server.name)}`);
    await eventually(() => rowOf(page, server.name).innerText()).toContain('1');
    await deleteRow(page, server.name);
    await errorToast(
      page,
      `无法删除AI服务器：「${server.name}」仍绑定 1 台摄像头，请先解绑或删除这些摄像头`,
    ).waitFor();
    await screenshot(page, 'aiserver-delete-refused');
    await rowOf(page, server.name).waitFor();
  });
});

/** The id of the camera with this code, as the list answers it. */
async function cameraIdOf(page: Page, code: string): Promise<number> {
  const { items } = await readThroughApi<{ items: { id: number }[] }>(
    page,
    `/cameras?code=${encodeURIComponent(code)}`,
  );
  expect(items).toHaveLength(1);
  return (items[0] as { id: number }).id;
}

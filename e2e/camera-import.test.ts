import { downloadedBytes } from './downloads';
import { expect } from 'vitest';
import { admin } from './accounts';
import { test } from './fixtures';
import { drawerTitled, openScreen, rowOf, unique } from './resource-screen';
import { screenshot, signIn } from './screen';

const screenPath = '/equipment/camera';
const octet = () => Math.floor(Math.random() * 250) + 1;

test('an operator imports cameras from the template, fixing the one row the check refuses', async ({
  page,
}) => {
  await signIn(page, admin);
  await openScreen(page, screenPath);
  await page.getByRole('button', { name: '导入' }).click();
  const drawer = drawerTitled(page, '导入摄像头');

  const download = page.waitForEvent('download');
  await drawer.getByRole('button', { name: '下载模板' }).click();
  const template = (await downloadedBytes(await download)).toString('utf8');
  // One header line, the columns the export writes (its set grows with the camera's fields).
  expect(template).toMatch(/^\uFEFF[^\r\n]+\r\n$/);
  const header = template.slice(1).trimEnd().split(',');
  expect(header).toEqual(expect.arrayContaining(['名称', '编码', '区域', '厂商', 'IP地址', '主码流地址']));

  const cameras = Array.from({ length: 4 }, (_, n) => ({
    name: unique(`导入-${n + 1}-`),
    code: unique('IMP'),
    ip: `10.${octet()}.${octet()}.${octet()}`,
  }));
  const lineOf = (cells: Readonly<Record<string, string>>) =>
    header.map((column) => cells[column] ?? '').join(',');
  const fileOf = (badIpOnThird: boolean) => ({
    name: 'cameras.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      template +
        cameras
          .map(({ name, code, ip }, n) =>
            lineOf({
              名称: name,
              编码: code,
              区域: '三号园区',
              厂商: '大华',
              IP地址: badIpOnThird && n === 2 ? '10.1.0' : ip,
              主码流地址: `rtsp://${ip}/main`,
            }),
          )
          .join('\r\n'),
    ),
  });
  const chooser = drawer.locator('input[type="file"]');
  const importButton = drawer.getByRole('button', { name: '确认导入' });

  await chooser.setInputFiles(fileOf(true));
  await drawer.getByText('共 4 行，其中 1 行有误：请修正后重新选择文件，未导入任何数据').waitFor();
  const problem = rowOf(drawer, 'IP地址');
  await expect
    .poll(() => problem.locator('td').allInnerTexts())
    .toEqual(['4', 'IP地址', '格式不正确（ipv4）']);
  expect(await importButton.isDisabled()).toBe(true);
  await screenshot(page, 'camera-import-refused-row');

  await chooser.setInputFiles(fileOf(false));
  await drawer.getByText('共 4 行，均可导入').waitFor();
  await importButton.click();
  await drawer.waitFor({ state: 'hidden' });
  await page.getByText('已导入 4 条').waitFor();
  for (const { code } of cameras) await rowOf(page, code).waitFor();
});

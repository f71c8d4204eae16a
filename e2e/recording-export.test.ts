import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { startTestCameras, type TestCameras } from '../test-support/test-cameras';
import { scaled } from '../test-support/test-timeouts';
import { admin } from './accounts';
import { apiHeaders, signedInToken } from './api';
import { artifactPath } from './artifacts';
import { downloadedBytes } from './downloads';
import { edgeBox } from './edge-box';
import { test } from './fixtures';
import { screenshot, signIn } from './screen';

/** Recording a minute and more, then joining it, on a busy machine. */
const slow = { timeout: scaled(150_000), interval: 1000 };

/** The camera's latest unbroken span recorded today (the browser's day), as the playback screen reads it. */
async function lastSpan(page: Page, cameraId: number): Promise<{ start: number; end: number } | null> {
  const token = await signedInToken(page);
  const from = new Date();
  from.setHours(0, 0, 0, 0);
  const to = new Date(from.getFullYear(), from.getMonth(), from.getDate() + 1);
  const query = new URLSearchParams({ from: from.toISOString(), to: to.toISOString() });
  const response = await page.request.get(`/cfop/recordings/cameras/${cameraId}?${query.toString()}`, {
    headers: apiHeaders(page, token),
  });
  const span = (
    (await response.json()) as { data: { spans: { start: string; end: string }[] } }
  ).data.spans.at(-1);
  return span ? { start: Date.parse(span.start), end: Date.parse(span.end) } : null;
}

describe("exporting a range of a camera's recording", () => {
  let testCameras: TestCameras;
  beforeAll(async () => {
    testCameras = await startTestCameras({ rtsp: 0, http: 1, clockedPerKind: 0 });
  });
  afterAll(async () => {
    await testCameras.stop();
  });

  test(
    'the playback page exports a minute as an MP4 and shows the SHA-256 of the very file',
    { timeout: scaled(300_000) },
    async ({ page }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      await signIn(page, admin);
      const { cameras } = await edgeBox(page, 1, {
        mainStreamUrl: (testCameras.cameras[0] as TestCameras['cameras'][number]).url,
        recordingMode: 'continuous',
      });
      const camera = cameras[0] as (typeof cameras)[number];
      // A minute from a second after the recording's start, with room after it.
      await expect
        .poll(async () => {
          const span = await lastSpan(page, camera.id);
          return span ? span.end - span.start : 0;
        }, slow)
        .toBeGreaterThanOrEqual(70_000);
      const span = (await lastSpan(page, camera.id)) as { start: number; end: number };
      const at = new Date(Math.ceil(span.start / 1000) * 1000 + 1000);

      await page.goto(`/monitor/playback?camera=${camera.id}&at=${at.toISOString()}`);
      const video = page.locator('.cfop-playback-video');
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2), slow).toBe(true);
      // Held where it opened, the export offers the minute from the picture's time.
      await video.evaluate((v: HTMLVideoElement) => v.pause());
      await page.getByRole('button', { name: '导出片段' }).click();
      const panel = page.locator('.cfop-playback-export');
      await panel.getByText('最长 30 分钟').waitFor();

      const downloaded = page.waitForEvent('download');
      await panel.getByRole('button', { name: '下载 MP4' }).click();
      const bytes = await downloadedBytes(await downloaded);
      const digest = createHash('sha256').update(bytes).digest('hex');
      const shown = panel.getByTestId('export-sha256');
      await expect.poll(async () => (await shown.innerText()).trim(), slow).toBe(digest);
      await screenshot(page, 'playback page exporting a minute with its digest');

      // A valid MP4 of about the minute (whole 2-second segments: up to a few seconds wider).
      const file = artifactPath('exported minute.mp4');
      writeFileSync(file, bytes);
      const { stdout } = await promisify(execFile)('ffprobe', [
        ...['-v', 'error', '-show_entries', 'format=duration,format_name', '-of', 'json', file],
      ]);
      const probed = JSON.parse(stdout) as { format: { duration: string; format_name: string } };
      expect(probed.format.format_name).toContain('mp4');
      expect(Number(probed.format.duration)).toBeGreaterThanOrEqual(58);
      expect(Number(probed.format.duration)).toBeLessThanOrEqual(66);

      // The operation log holds who exported which camera's footage, with the same digest.
      const token = await signedInToken(page);
      const log = await page.request.get('/cfop/operation-logs?pageSize=20', {
        headers: apiHeaders(page, token),
      });
      const entries = (
        (await log.json()) as { data: { items: { action: string; target: string; detail: string }[] } }
      ).data.items;
      const entry = entries.find(
        (item) => item.action === 'exportRecording' && item.target.startsWith(`#${camera.id} `),
      );
      expect(entry?.detail).toContain(digest);
    },
  );
});

import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { scaled } from '../test-support/test-timeouts';
import { apiHeaders, signedInToken } from './api';
import { downloadedBytes } from './downloads';

// A camera's recording as the playback screen offers it: waiting for a minute of it, exporting it.

/** Recording a minute and more, then joining it, on a busy machine. */
export const recordingTimeout = { timeout: scaled(150_000), interval: 1000 };

export interface Timeline {
  spans: { start: string; end: string }[];
  alerts: { id: number; occurredAt: string }[];
}

/** Today's (the browser's day) recording of the camera, as the playback screen asks for it. */
export async function timelineOf(page: Page, cameraId: number): Promise<Timeline> {
  const token = await signedInToken(page);
  const from = new Date();
  from.setHours(0, 0, 0, 0);
  const to = new Date(from.getFullYear(), from.getMonth(), from.getDate() + 1);
  const query = new URLSearchParams({ from: from.toISOString(), to: to.toISOString() });
  const response = await page.request.get(`/cfop/recordings/cameras/${cameraId}?${query.toString()}`, {
    headers: apiHeaders(page, token),
  });
  return ((await response.json()) as { data: Timeline }).data;
}

/** The camera's latest unbroken span recorded today, in ms. */
async function lastSpan(page: Page, cameraId: number): Promise<{ start: number; end: number } | null> {
  const span = (await timelineOf(page, cameraId)).spans.at(-1);
  return span ? { start: Date.parse(span.start), end: Date.parse(span.end) } : null;
}

/**
 * Waits for a minute of the camera's recording with room around it, opens playback a second after
 * the recording's start, holds the picture there and downloads the minute the export panel offers
 * from it; answers the file's bytes once the panel shows their SHA-256.
 */
export async function exportMinuteFromPlayback(
  page: Page,
  cameraId: number,
): Promise<{ bytes: Buffer; digest: string }> {
  await expect
    .poll(async () => {
      const span = await lastSpan(page, cameraId);
      return span ? span.end - span.start : 0;
    }, recordingTimeout)
    .toBeGreaterThanOrEqual(70_000);
  const span = (await lastSpan(page, cameraId)) as { start: number; end: number };
  const at = new Date(Math.ceil(span.start / 1000) * 1000 + 1000);

  await page.goto(`/monitor/playback?camera=${cameraId}&at=${at.toISOString()}`);
  const video = page.locator('.cfop-playback-video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2), recordingTimeout)
    .toBe(true);
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
  await expect.poll(async () => (await shown.innerText()).trim(), recordingTimeout).toBe(digest);
  return { bytes, digest };
}

/** The operation log's entry of the camera's latest export (`#<id> …`), or undefined. */
export async function loggedExport(page: Page, cameraId: number): Promise<{ detail: string } | undefined> {
  const token = await signedInToken(page);
  const log = await page.request.get('/cfop/operation-logs?pageSize=20', {
    headers: apiHeaders(page, token),
  });
  const entries = (
    (await log.json()) as { data: { items: { action: string; target: string; detail: string }[] } }
  ).data.items;
  return entries.find((item) => item.action === 'exportRecording' && item.target.startsWith(`#${cameraId} `));
}

import type { Locator } from 'playwright-core';
import { describe, expect } from 'vitest';
import { admin } from './accounts';
import { addTestCamera, test } from './fixtures';
import { unique } from './resource-screen';
import { screenshot, signIn } from './screen';
import { scaled } from '../test-support/test-timeouts';

/** A first live view needs ffmpeg to probe and segment the stream: seconds on a busy machine. */
const liveTimeout = { timeout: scaled(45_000), interval: 250 };

/** The video's time moves on from where it is now: new frames show. */
async function expectAdvancing(video: Locator, within = liveTimeout): Promise<void> {
  const before = await video.evaluate((v: HTMLVideoElement) => (v.readyState >= 2 ? v.currentTime : -1));
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => (v.readyState >= 2 ? v.currentTime : -1)), within)
    .toBeGreaterThan(Math.max(before, 0) + 0.5);
}

/** The seconds the pane's 信号中断 message counts. */
async function lostSeconds(status: Locator): Promise<number> {
  const text = await status.locator('strong').innerText();
  return Number(/信号中断 · (\d+) 秒/.exec(text)?.[1] ?? NaN);
}

describe('a live pane whose source dies', () => {
  test(
    'says 信号中断 with the time since its last frame over that frame dimmed, and plays again by itself within 20 s of the source’s return',
    { timeout: scaled(180_000) },
    async ({ page, stream }) => {
      await signIn(page, admin);
      const camera = await addTestCamera(page, {
        name: unique('断流-'),
        code: unique('ST'),
        area: unique('断流区-'),
        mainStreamUrl: stream.liveUrl,
      });
      await page.goto(`/monitor/video?layout=4&cams=${camera.id}`);
      const pane = page.locator('[data-pane="0"]');
      const video = pane.locator('video');
      const badge = pane.locator('.cfop-live-badge');
      const status = pane.getByRole('alert');
      await badge.getByText('播放中').waitFor(liveTimeout);
      await expectAdvancing(video);

      // The camera loses power behind its switch: its stream stays connected and sends nothing.
      stream.cut();
      await status.getByText(/^信号中断 · \d+ 秒$/).waitFor({ timeout: scaled(10_000) });
      await badge.waitFor({ state: 'detached' });
      // The last frame stays under the message, dimmed, in place of the live picture.
      const still = pane.locator('canvas.cfop-live-still');
      await still.waitFor();
      expect(await still.evaluate((c: HTMLCanvasElement) => [c.width, c.height])).toEqual([640, 360]);
      // The pane tries again, waiting longer each time, and counts on. The source returns at the
      // start of a long wait: the slowest return the back-off allows.
      const first = await lostSeconds(status);
      await status.getByText(/^([7-9]|\d\d) 秒后重新连接$/).waitFor({ timeout: scaled(60_000) });
      expect(await lostSeconds(status)).toBeGreaterThan(first + 10);
      await screenshot(page, 'video pane signal lost');

      // The source comes back: the pane plays again without a click.
      stream.restore();
      await badge.getByText('播放中').waitFor({ timeout: scaled(20_000) });
      await status.waitFor({ state: 'detached' });
      expect(await still.isVisible()).toBe(false);
      await expectAdvancing(video);
      await screenshot(page, 'video pane recovered');
    },
  );
});

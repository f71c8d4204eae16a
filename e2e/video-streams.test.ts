import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { startTestCameras, type TestCameras } from '../test-support/test-cameras';
import { admin } from './accounts';
import { test } from './fixtures';
import { createThroughApi, unique } from './resource-screen';
import { signIn } from './screen';
import { pane } from './video-wall-screen';
import { scaled } from '../test-support/test-timeouts';

const liveTimeout = { timeout: scaled(45_000), interval: 250 };

/**
 * From now on, at each animation frame: whether the pane's player on screen (its front layer) has a
 * frame to show, and which stream it plays. Read back with `shownSamples`.
 */
function sampleShownPlayer(page: Page, index: number) {
  return page.evaluate((paneIndex) => {
    const samples: { ready: boolean; stream: string | null }[] = [];
    (window as unknown as { __shown: typeof samples }).__shown = samples;
    const sample = () => {
      const player = document.querySelector(`[data-pane="${paneIndex}"] .cfop-live-player`);
      const front = player?.querySelector<HTMLVideoElement>(
        '.cfop-live-layer:not([aria-hidden="true"]) video',
      );
      // HAVE_CURRENT_DATA: a frame to show; below it the element is black.
      samples.push({
        ready: (front?.readyState ?? 0) >= 2,
        stream: player?.getAttribute('data-stream') ?? null,
      });
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  }, index);
}

const shownSamples = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __shown: { ready: boolean; stream: string | null }[] }).__shown,
  );

describe('main and sub streams on the wall', () => {
  // One HTTP MPEG-TS camera with a 320×180 sub stream beside its 640×360 main one.
  let testCameras: TestCameras;
  beforeAll(async () => {
    testCameras = await startTestCameras({ rtsp: 0, http: 1, clockedPerKind: 0, subStreamsPerKind: 1 });
  });
  afterAll(async () => {
    await testCameras.stop();
  });

  test(
    'a 16-pane wall plays the sub stream, and full screen switches to the main one without a black frame',
    { timeout: scaled(180_000) },
    async ({ page }) => {
      const [camera] = testCameras.cameras;
      await signIn(page, admin);
      const created = await createThroughApi<{ id: number }>(page, '/cameras', {
        name: unique('双码流-'),
        code: unique('S-'),
        area: unique('码流区-'),
        mainStreamUrl: camera?.url,
        subStreamUrl: camera?.subUrl,
        vendor: 'hikvision',
        ip: '10.61.0.1',
        aiServerId: null,
      });
      // Which stream each live socket says it plays (its first text message).
      const played: string[] = [];
      page.on('websocket', (socket) =>
        socket.on('framereceived', ({ payload }) => {
          if (typeof payload !== 'string') return;
          const message = JSON.parse(payload) as { type?: string; stream?: string };
          if (message.type === 'media' && message.stream) played.push(message.stream);
        }),
      );

      await page.goto(`/monitor/video?layout=16&cams=${created.id}`);
      const player = pane(page, 0).locator('.cfop-live-player');
      await expect.poll(() => player.getAttribute('data-stream')).toBe('sub');
      await pane(page, 0).getByText('播放中').waitFor(liveTimeout);
      expect(played).toEqual(['sub']);

      await sampleShownPlayer(page, 0);
      await pane(page, 0).getByRole('button', { name: '全屏' }).click();
      await expect.poll(() => player.getAttribute('data-stream'), liveTimeout).toBe('main');
      await pane(page, 0).getByText('播放中').waitFor();
      const samples = await shownSamples(page);
      // The sub stream's picture stayed on screen until the main one had a frame: never black.
      expect(samples.length).toBeGreaterThan(0);
      expect(samples.filter((sample) => !sample.ready)).toEqual([]);
      expect(samples.at(-1)?.stream).toBe('main');
      expect(played).toEqual(['sub', 'main']);
      // The sub player stopped once the main one showed: one video left in the pane.
      await expect.poll(() => pane(page, 0).locator('video').count()).toBe(1);
    },
  );
});

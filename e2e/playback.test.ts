import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { clockBits, clockBlockPx, clockOffBy as offBy, clockOfGrey } from '../test-support/clock-picture';
import { readClockInPage } from '../test-support/clock-reader';
import { startTestCameras, type TestCameras } from '../test-support/test-cameras';
import { admin } from './accounts';
import { timelineOf, type Timeline } from './vms-recording';
import { artifactPath } from './artifacts';
import { edgeBox } from './edge-box';
import { test } from './fixtures';
import { expectAt, screenshot, signIn } from './screen';
import { scaled } from '../test-support/test-timeouts';

/** Recording, probing and a player's start all wait on ffmpeg and a busy machine. */
const slow = { timeout: scaled(45_000), interval: 250 };
/** The server's settings for this run (e2e/global-setup.ts). */
const preSeconds = 4;
const postSeconds = 4;
/** A jump to an alert plays from this long before it (playbackLeadMs). */
const leadMs = 5000;

/** How many seconds the camera has recorded without a break up to now. */
async function recordedSeconds(page: Page, cameraId: number): Promise<number> {
  const span = (await timelineOf(page, cameraId)).spans.at(-1);
  return span ? (Date.parse(span.end) - Date.parse(span.start)) / 1000 : 0;
}

/** Frames are decoded and time runs. */
async function expectPlaying(video: Locator): Promise<void> {
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2 && v.currentTime > 0), slow)
    .toBe(true);
}

/** The time of day a `<time data-testid=…>` shows, as soon as it shows one. */
async function shownTime(scope: Page | Locator, testId: string): Promise<number> {
  const time = scope.getByTestId(testId);
  await expect.poll(() => time.getAttribute('datetime'), slow).toMatch(/^\d{4}-/);
  return Date.parse((await time.getAttribute('datetime')) as string);
}

/** The burnt-in time of the frame the video shows now, or null before it has one. */
const pictureClock = (video: Locator) =>
  video.evaluate(readClockInPage, { bits: clockBits, blockPx: clockBlockPx });

/** The burnt-in time of an MP4's first or last frame, read with ffmpeg from its blocks. */
async function fileClock(file: string, frame: 'first' | 'last'): Promise<number> {
  const width = clockBits * clockBlockPx;
  const { stdout } = await promisify(execFile)(
    'ffmpeg',
    [
      ...['-v', 'error', ...(frame === 'last' ? ['-sseof', '-0.5'] : []), '-i', file],
      ...['-vf', `crop=${width}:${clockBlockPx}:0:0,format=gray`, '-f', 'rawvideo', 'pipe:1'],
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  const frameBytes = width * clockBlockPx;
  return clockOfGrey(stdout.subarray(frame === 'first' ? 0 : stdout.length - frameBytes), width);
}

describe('recording playback and alert clips', () => {
  // One HTTP MPEG-TS camera whose picture carries the time it was made.
  let testCameras: TestCameras;
  beforeAll(async () => {
    testCameras = await startTestCameras({ rtsp: 0, http: 1, clockedPerKind: 1 });
  });
  afterAll(async () => {
    await testCameras.stop();
  });

  test(
    'a camera’s day plays from a chosen time, jumps to its alert, and the alert’s drawer plays and downloads its clip',
    { timeout: scaled(240_000) },
    async ({ page }) => {
      await page.setViewportSize({ width: 1366, height: 768 });
      await signIn(page, admin);
      const { cameras, raise } = await edgeBox(page, 1, {
        mainStreamUrl: (testCameras.cameras[0] as TestCameras['cameras'][number]).url,
        recordingMode: 'continuous',
      });
      const camera = cameras[0] as (typeof cameras)[number];
      // Enough recorded for a chosen moment with the pre-alert window before an alert.
      await expect.poll(() => recordedSeconds(page, camera.id), slow).toBeGreaterThanOrEqual(12);
      const alert = await raise(camera, '未戴安全帽', 'high');
      const alertAt = Date.parse(alert.occurredAt);
      const recorded = (await timelineOf(page, camera.id)).spans.at(-1) as Timeline['spans'][number];
      const chosen = Date.parse(recorded.start) + 3000;

      // Opened at a chosen moment, it shows the picture the camera made then, and says its time.
      await page.goto(`/monitor/playback?camera=${camera.id}&at=${new Date(chosen).toISOString()}`);
      const video = page.locator('.cfop-playback-video');
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2), slow).toBe(true);
      // Held on its first frame, so the time read is the moment the player started at.
      await video.evaluate((v: HTMLVideoElement) => v.pause());
      const firstPicture = (await pictureClock(video)) as number;
      expect(Math.abs(offBy(firstPicture, chosen))).toBeLessThanOrEqual(2000);
      const shown = await shownTime(page, 'playback-time');
      expect(Math.abs(shown - chosen)).toBeLessThanOrEqual(2000);
      expect(Math.abs(offBy(firstPicture, shown))).toBeLessThanOrEqual(2000);
      await page.getByRole('button', { name: '播放' }).click();
      await expectPlaying(video);
      // The camera is chosen, the day's recording and the alert are on the timeline.
      await page.locator('.cfop-playback-camera').getByText(camera.name).waitFor();
      await expect.poll(() => page.locator('.cfop-timeline-span').count(), slow).toBeGreaterThan(0);
      const marker = page.locator(`.cfop-timeline-alert[data-alert-id="${alert.id}"]`);
      await marker.waitFor();

      // 4× plays four times as fast; the alert's marker jumps to the picture five seconds before it.
      await page.getByText('4×', { exact: true }).click();
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(4);
      await page.getByText('1×', { exact: true }).click();
      await marker.click();
      await expect
        .poll(async () => Math.abs(offBy((await pictureClock(video)) ?? 0, alertAt - leadMs)), slow)
        .toBeLessThanOrEqual(2000);
      await expect
        .poll(async () => Math.abs((await shownTime(page, 'playback-time')) - (alertAt - leadMs)), slow)
        .toBeLessThanOrEqual(2000);
      await expect
        .poll(() => new URL(page.url()).searchParams.get('at'))
        .toBe(new Date(alertAt - leadMs).toISOString());
      // Zoomed to ten minutes, the recording and the alert stand apart from the cursor.
      await page.getByText('10 分钟', { exact: true }).click();
      await expect
        .poll(() =>
          page
            .locator('.cfop-timeline-span')
            .first()
            .evaluate((bar) => bar.clientWidth),
        )
        .toBeGreaterThan(20);
      await screenshot(page, 'playback of a camera’s day at its alert');

      // The day before has no recording, and says so.
      await page.getByRole('button', { name: '前一天' }).click();
      await page.getByText('该日没有录像').waitFor();

      // The alert's card leads to the same moment; its drawer plays the clip around it.
      await page.goto(`/monitor/ai?cameraId=${camera.id}`);
      const card = page.locator(`.cfop-alert-card[data-alert-id="${alert.id}"]`);
      await card.waitFor();
      const playbackLink = card.getByRole('link', { name: '查看录像' });
      const at = new Date(alertAt - leadMs).toISOString();
      expect(await playbackLink.getAttribute('href')).toBe(
        `/monitor/playback?${new URLSearchParams({ camera: String(camera.id), at, fromAlert: String(alert.id) }).toString()}`,
      );
      await card.click();
      const drawer = page.locator('.ant-drawer-section').filter({ hasText: '告警详情 · 未戴安全帽' });
      await drawer.waitFor();
      const clipVideo = drawer.locator('.cfop-alert-clip video');
      await expectPlaying(clipVideo);
      // Its pictures are the camera's around the alert, and their time is said.
      const clipPicture = (await pictureClock(clipVideo)) as number;
      expect(offBy(clipPicture, alertAt - preSeconds * 1000)).toBeGreaterThanOrEqual(-3000);
      expect(offBy(clipPicture, alertAt + postSeconds * 1000)).toBeLessThanOrEqual(3000);
      const clipTime = await shownTime(drawer, 'clip-time');
      expect(Math.abs(offBy(clipPicture, clipTime))).toBeLessThanOrEqual(2000);
      // Once the after-alert part is recorded, the clip is whole and says no more.
      await expect.poll(() => drawer.getByText('仍在录制').count(), slow).toBe(0);
      await screenshot(page, 'alert drawer playing its clip');

      const downloaded = page.waitForEvent('download');
      await drawer.getByRole('button', { name: '下载 MP4' }).click();
      const download = await downloaded;
      expect(download.suggestedFilename()).toMatch(/^厂区门口-.+-\d{8}-\d{6}\.mp4$/);
      const file = artifactPath('alert clip.mp4');
      await download.saveAs(file);
      const { stdout } = await promisify(execFile)('ffprobe', [
        ...['-v', 'error', '-show_entries', 'format=duration:format_tags=creation_time', '-of', 'json', file],
      ]);
      const probed = JSON.parse(stdout) as { format: { duration: string; tags: { creation_time: string } } };
      // Frames from before the alert to after it: by its own times, and by the pictures' clocks.
      const start = Date.parse(probed.format.tags.creation_time);
      expect(start).toBeLessThanOrEqual(alertAt - preSeconds * 1000);
      expect(start + Number(probed.format.duration) * 1000).toBeGreaterThanOrEqual(
        alertAt + postSeconds * 1000 - 1000,
      );
      expect(offBy(await fileClock(file, 'first'), alertAt - preSeconds * 1000)).toBeLessThanOrEqual(1000);
      expect(offBy(await fileClock(file, 'last'), alertAt + postSeconds * 1000)).toBeGreaterThanOrEqual(
        -1000,
      );

      // The drawer's 查看录像 opens the playback screen at the alert.
      await drawer.getByRole('link', { name: '查看录像' }).click();
      await page.mouse.move(400, 400);
      await expectAt(
        page,
        `/monitor/playback?${new URLSearchParams({ camera: String(camera.id), at, fromAlert: String(alert.id) }).toString()}`,
      );
      await expectPlaying(page.locator('.cfop-playback-video'));
    },
  );

  test(
    'footage removed while the day plays is said to be gone, and the player moves on past it',
    { timeout: scaled(240_000) },
    async ({ page }) => {
      await signIn(page, admin);
      const { cameras } = await edgeBox(page, 1, {
        mainStreamUrl: (testCameras.cameras[0] as TestCameras['cameras'][number]).url,
        recordingMode: 'continuous',
      });
      const camera = cameras[0] as (typeof cameras)[number];
      // More than the player reads ahead (20 s), so a segment is still to be fetched while it plays.
      await expect.poll(() => recordedSeconds(page, camera.id), slow).toBeGreaterThanOrEqual(32);
      const recorded = (await timelineOf(page, camera.id)).spans.at(-1) as Timeline['spans'][number];
      const start = Date.parse(recorded.start);

      await page.goto(`/monitor/playback?camera=${camera.id}&at=${new Date(start + 1000).toISOString()}`);
      const video = page.locator('.cfop-playback-video');
      await expectPlaying(video);
      // A segment some 25 s on loses its file, as a disk failure or a hand would remove it.
      const segments = await storedSegments(camera.id, start);
      const index = segments.findIndex((segment) => segment.start >= start + 24_000);
      const removed = segments[index] as StoredSegment;
      const after = segments[index + 1] as StoredSegment;
      expect(Date.parse(recorded.end)).toBeGreaterThan(after.start);
      await rm(removed.file);

      // The player gets there, says why it cannot play it, and plays on from the next footage.
      await page
        .getByText('该段录像已被删除（录像文件已不存在），跳到下一段')
        .waitFor({ timeout: scaled(60_000) });
      await expect
        .poll(async () => (await shownTime(page, 'playback-time')) > after.start + 500, slow)
        .toBe(true);
      await expectPlaying(video);
      await screenshot(page, 'playback moving on past removed footage');
    },
  );
});

/**
 * A camera on loopback sending H.265 in MPEG-TS over HTTP (ffmpeg's test pattern, libx265, a key
 * frame every 2 s): each viewer gets its own ffmpeg, ended when it goes.
 */
async function startHevcCamera(): Promise<{ url: string; stop: () => Promise<void> }> {
  const server = createServer((request, response) => {
    const ffmpeg = spawn('ffmpeg', [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=15'],
      ...[
        '-c:v',
        'libx265',
        '-preset',
        'ultrafast',
        '-x265-params',
        'log-level=error:keyint=30:min-keyint=30',
      ],
      ...['-pix_fmt', 'yuv420p', '-f', 'mpegts', 'pipe:1'],
    ]);
    response.writeHead(200, { 'content-type': 'video/mp2t' });
    ffmpeg.stdout.pipe(response);
    request.on('close', () => ffmpeg.kill('SIGKILL'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hevc.ts`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('H.265 recordings', () => {
  let camera: Awaited<ReturnType<typeof startHevcCamera>>;
  beforeAll(async () => {
    camera = await startHevcCamera();
  });
  afterAll(async () => {
    await camera.stop();
  });

  test(
    'play where the browser cannot decode H.265, as H.264 copies the server makes',
    { timeout: scaled(240_000) },
    async ({ page }) => {
      await signIn(page, admin);
      const { cameras } = await edgeBox(page, 1, { mainStreamUrl: camera.url, recordingMode: 'continuous' });
      const recorded = cameras[0] as (typeof cameras)[number];
      await expect.poll(() => recordedSeconds(page, recorded.id), slow).toBeGreaterThanOrEqual(8);
      // A browser without H.265 decoding, whatever this one's build has.
      await page.addInitScript(() => {
        const decodes = MediaSource.isTypeSupported.bind(MediaSource);
        MediaSource.isTypeSupported = (type: string) => !/hvc1|hev1/.test(type) && decodes(type);
      });
      const segmentUrls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/segments/')) segmentUrls.push(request.url());
      });
      const start = Date.parse(
        ((await timelineOf(page, recorded.id)).spans.at(-1) as Timeline['spans'][number]).start,
      );

      await page.goto(`/monitor/playback?camera=${recorded.id}&at=${new Date(start + 1000).toISOString()}`);
      const video = page.locator('.cfop-playback-video');
      await expectPlaying(video);
      // Its time runs on across segments: copies play on from one another.
      const first = await shownTime(page, 'playback-time');
      await expect
        .poll(async () => (await shownTime(page, 'playback-time')) - first, slow)
        .toBeGreaterThan(4000);
      expect(await page.getByText('视频流中断').count()).toBe(0);
      expect(segmentUrls.length).toBeGreaterThan(0);
      expect(segmentUrls.filter((url) => !url.endsWith('?video=h264'))).toEqual([]);
      await screenshot(page, 'playback of an H.265 camera');
    },
  );
});

interface StoredSegment {
  readonly file: string;
  /** Its start, from its name (the recorder names it by its start). */
  readonly start: number;
}

/** The camera's stored segments of the day holding `time`, oldest first. */
async function storedSegments(cameraId: number, time: number): Promise<StoredSegment[]> {
  const dir = join(
    inject('dataDir'),
    'recordings',
    String(cameraId),
    new Date(time).toISOString().slice(0, 10),
  );
  const names = (await readdir(dir)).filter((name) => name.endsWith('.ts')).sort();
  return names.map((name) => {
    const [, day, hour, minute, second, ms] = /^(\d{8})T(\d{2})(\d{2})(\d{2})(\d{3})Z/.exec(name) ?? [];
    const iso = `${day?.slice(0, 4)}-${day?.slice(4, 6)}-${day?.slice(6, 8)}T${hour}:${minute}:${second}.${ms}Z`;
    return { file: join(dir, name), start: Date.parse(iso) };
  });
}

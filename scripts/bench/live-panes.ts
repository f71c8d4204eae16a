import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { TestCamera } from '../../test-support/test-cameras';
import { consoleCall } from './console-api';
import { videoProbe, type VideoMarks } from './video-probe';

/** How long a pane may take to play before the benchmark gives up on it. */
export const firstFrameTimeoutMs = 60_000;

/**
 * Adds the test cameras to the console (no AI server); answers their ids in order. With `subStreams`
 * they are added again, as other cameras, with their sub streams: the wall can then be measured on
 * either.
 */
export async function addTestCameras(
  server: string,
  token: string,
  cameras: readonly TestCamera[],
  subStreams = false,
) {
  const ids: number[] = [];
  for (const [index, camera] of cameras.entries()) {
    const created = await consoleCall<{ id: number }>(
      server,
      '/cameras',
      {
        name: subStreams ? `${camera.name} sub` : camera.name,
        code: `BENCH-${subStreams ? 'SUB-' : ''}${index + 1}`,
        area: 'Bench',
        mainStreamUrl: camera.url,
        ...(subStreams && camera.subUrl ? { subStreamUrl: camera.subUrl } : {}),
        vendor: 'hikvision',
        ip: `10.${subStreams ? 71 : 70}.0.${index + 1}`,
        aiServerId: null,
      },
      token,
    );
    ids.push(created.id);
  }
  return ids;
}

/**
 * The live views' relays (ffmpeg reading a camera for the console) this process's server runs now.
 * Its children only: other work on the machine may run relays of its own.
 */
function relaysRunning(): number {
  let count = 0;
  for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      // The parent's pid is the field after the command's name, which is in parentheses.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(') ') + 2).split(' ')[1]);
      if (parent !== process.pid) continue;
      const [program = '', ...args] = readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0');
      // A relay reads a camera (through the checked protocols) and writes MPEG-TS to its pipe. It
      // starts through setpriv (spawnDyingWithParent), which runs ffmpeg by its path.
      const relay = ['-protocol_whitelist', 'mpegts', 'pipe:1'].every((part) => args.includes(part));
      if (basename(program) === 'ffmpeg' && relay) count += 1;
    } catch {
      // ended meanwhile
    }
  }
  return count;
}

/** Waits until every live view has stopped for want of viewers, so the next open is cold. */
export async function untilCold(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (relaysRunning() > 0) {
    if (Date.now() > deadline) throw new Error('live views still run a minute after their viewers left');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A new browser context signed in (the token stored as the console stores it) with the video probe. */
export async function withVideoPage<T>(
  browser: Browser,
  base: string,
  token: string,
  measure: (page: Page) => Promise<T>,
) {
  const context = await browser.newContext({
    baseURL: base,
    locale: 'zh-CN',
    viewport: { width: 1600, height: 900 },
  });
  try {
    context.setDefaultTimeout(firstFrameTimeoutMs);
    await context.addInitScript({ content: videoProbe });
    await context.addInitScript((value) => localStorage.setItem('CFOP_TOKEN', value), token);
    return await measure(await context.newPage());
  } finally {
    await context.close();
  }
}

const marksOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { __videoBench: VideoMarks }).__videoBench);

/** Waits until `panes` panes have shown a frame; answers the probe's marks. */
export async function untilFirstFrames(page: Page, panes: number): Promise<VideoMarks> {
  const deadline = Date.now() + firstFrameTimeoutMs;
  for (;;) {
    const marks = await marksOf(page);
    if (Object.keys(marks.firstFrames).length >= panes) return marks;
    if (Date.now() > deadline)
      throw new Error(`${Object.keys(marks.firstFrames).length} of ${panes} panes played`);
    await page.waitForTimeout(50);
  }
}

/**
 * One camera clicked in the tree into the empty single pane: ms from the click to its first frame,
 * and to the first video fragment over its socket (before it, the server's start; after, the player).
 */
export function singlePane(browser: Browser, base: string, token: string, camera: TestCamera) {
  return withVideoPage(browser, base, token, async (page) => {
    await page.goto('/monitor/video?layout=1');
    // Found by the tree's search as an operator finds one among thousands (bench:render's seed).
    const tree = page.locator('.cfop-camera-tree');
    await tree.getByRole('textbox').fill(camera.name);
    await tree.getByText(camera.name, { exact: true }).click();
    const marks = await untilFirstFrames(page, 1);
    const click = marks.lastClick ?? Number.NaN;
    return {
      frame: (marks.firstFrames['0'] ?? Number.NaN) - click,
      fragment: (marks.firstFragment ?? Number.NaN) - click,
    };
  });
}

/**
 * Each camera clicked into a pane while another tab already plays it (its relay runs): ms from the
 * click to its first frame, which the relay's kept pictures since its last key frame make no wait
 * for the camera's next one.
 */
export async function relayedSinglePanes(
  browser: Browser,
  base: string,
  token: string,
  cameras: readonly TestCamera[],
  ids: readonly number[],
) {
  const frames: number[] = [];
  for (const [index, camera] of cameras.entries()) {
    const frame = await withVideoPage(browser, base, token, async (watching) => {
      await watching.goto(`/monitor/video?layout=1&cams=${ids[index]}`);
      await untilFirstFrames(watching, 1);
      return (await singlePane(browser, base, token, camera)).frame;
    });
    frames.push(frame);
  }
  await untilCold();
  return frames;
}

/**
 * Each camera put in a pane once, cold (no live view of it running), after a first open of the
 * video wall that warms the browser's cache of its scripts as an operator's is.
 */
export async function coldSinglePanes(
  browser: Browser,
  base: string,
  token: string,
  cameras: readonly TestCamera[],
) {
  await withVideoPage(browser, base, token, (page) =>
    page.goto('/monitor/video?layout=1').then(() => undefined),
  );
  const frames: number[] = [];
  const fragments: number[] = [];
  for (const camera of cameras) {
    const { frame, fragment } = await singlePane(browser, base, token, camera);
    frames.push(frame);
    fragments.push(fragment);
  }
  await untilCold();
  return { frames, fragments };
}

import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { startTestCameras, type TestCameras } from '../test-support/test-cameras';
import { scaled } from '../test-support/test-timeouts';
import { admin } from './accounts';
import { artifactPath } from './artifacts';
import { edgeBox } from './edge-box';
import { test } from './fixtures';
import { screenshot, signIn } from './screen';
import { exportMinuteFromPlayback, loggedExport } from './vms-recording';

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
      const { bytes, digest } = await exportMinuteFromPlayback(page, camera.id);
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
      expect((await loggedExport(page, camera.id))?.detail).toContain(digest);
    },
  );
});

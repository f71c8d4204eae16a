import type { ChildProcess } from 'node:child_process';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { scaled } from '../../test-support/test-timeouts';
import { ApiError } from '../kernel/api-error';
import type { LocalText } from '../kernel/locale';
import { childOfKilledParent, isRunning } from '../test-support/process-state';
import { streamEndReason, streamFailureReasons, streamInput, watchStreamProcess } from './stream-process';

describe('streamInput', () => {
  it('gives RTSP its demuxer’s read time-out and TCP, and HTTP the protocol read time-out without redirects, both in microseconds', () => {
    const rtsp = streamInput({ scheme: 'rtsps', url: 'rtsps://10.0.0.5/main', hostHeader: null }, 2500);
    expect(rtsp.join(' ')).toContain('-rtsp_transport tcp -timeout 2500000 -i rtsps://10.0.0.5/main');
    expect(rtsp).not.toContain('-rw_timeout');
    const http = streamInput({ scheme: 'http', url: 'http://10.0.0.9/live.ts', hostHeader: 'cam.lan' }, 5000);
    expect(http.join(' ')).toContain('-rw_timeout 5000000 -max_redirects 0 -headers Host: cam.lan\r\n -i');
    expect(http).not.toContain('-timeout');
    // The live view's probe limits, read by every relay, probe and frame grab alike.
    for (const input of [rtsp, http]) {
      expect(input.slice(0, 4)).toEqual(['-analyzeduration', '1000000', '-probesize', '1000000']);
    }
  });
});

describe('streamEndReason', () => {
  it('names a reader’s end from its last error line first, then its exit code', () => {
    expect(streamEndReason(0, 'http://10.0.0.9/live.ts: Connection timed out')).toBe('timeout');
    expect(streamEndReason(1, '[rtsp @ 0x55] method DESCRIBE failed: 401 Unauthorized')).toBe('refused');
    expect(streamEndReason(1, 'rtsp://10.0.0.5/main: Connection refused')).toBe('refused');
    expect(streamEndReason(1, 'rtsp://10.0.0.5/main: No route to host')).toBe('unreachable');
    expect(streamEndReason(0, '')).toBe('endOfStream');
    expect(streamEndReason(1, 'rtsp://10.0.0.5/main: End of file')).toBe('endOfStream');
    expect(streamEndReason(1, 'Invalid data found when processing input')).toBe('error');
    expect(streamEndReason(null, '')).toBe('error');
  });
});

describe('watchStreamProcess', () => {
  /** The fixed reason a reader whose error output ended with `line` is answered with. */
  async function reasonAfter(line: string): Promise<LocalText> {
    const stderr = new PassThrough();
    const child = { stderr, spawnfile: 'ffprobe' } as unknown as ChildProcess;
    const watched = watchStreamProcess(
      child,
      (reason) => new ApiError('502', reason),
      () => undefined,
    );
    stderr.write(`${line}\n`);
    await new Promise((resolve) => setImmediate(resolve));
    return watched.exitFailure(1).text;
  }

  it('tells a read that timed out from a camera that refused or cannot be reached', async () => {
    expect(await reasonAfter('rtsp://10.0.0.5/main: Connection timed out')).toEqual(
      streamFailureReasons.timedOut,
    );
    expect(await reasonAfter('rtsp://10.0.0.5/main: Connection refused')).toEqual(
      streamFailureReasons.refused,
    );
    expect(await reasonAfter('rtsp://10.0.0.5/main: No route to host')).toEqual(
      streamFailureReasons.unreachable,
    );
    expect(await reasonAfter('Invalid data found when processing input')).toEqual(
      streamFailureReasons.noFrame,
    );
  });
});

describe('spawnPiped', () => {
  it.runIf(process.platform === 'linux')(
    'starts an ffmpeg that dies with the server, also one killed outright',
    async () => {
      // A stand-in server: starts an endless ffmpeg the way the recorders and live views do.
      const ffmpeg = await childOfKilledParent(
        `import { spawnPiped } from './server/streams/stream-process.ts';
         console.log(spawnPiped('ffmpeg', ['-hide_banner', '-nostdin', '-re', '-f', 'lavfi',
           '-i', 'color=c=black:s=16x16:r=1', '-f', 'null', '-']).pid);`,
        'ffmpeg',
      );
      await expect.poll(() => isRunning(ffmpeg), { timeout: scaled(10_000), interval: 100 }).toBe(false);
    },
  );
});

import type { ChildProcess } from 'node:child_process';
import type { ServerResponse } from 'node:http';
import { spawnDyingWithParent } from '../server/process/parent-death';

/**
 * Answers an HTTP request with an endless live MPEG-TS: the clip (an MPEG-TS file) looped and
 * paced in real time by an ffmpeg of its own, as a camera streams. The ffmpeg is in `loops` while it
 * runs and is killed when the viewer goes.
 */
export function serveLoopedClip(clip: string, response: ServerResponse, loops: Set<ChildProcess>): void {
  const loop = spawnDyingWithParent(
    'ffmpeg',
    ['-hide_banner', '-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', clip].concat([
      '-c',
      'copy',
      '-f',
      'mpegts',
      'pipe:1',
    ]),
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  loops.add(loop);
  loop.on('close', () => {
    loops.delete(loop);
    response.end();
  });
  response.on('close', () => loop.kill('SIGKILL'));
  response.writeHead(200, { 'content-type': 'video/mp2t' });
  loop.stdout?.pipe(response);
}

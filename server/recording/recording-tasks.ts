import type { FastifyInstance } from 'fastify';
import type { RecordingContext } from './recording-context';
import { runEvery } from '../background-tasks';

/** Cameras changed by other means than the console (the operator CLI) are found within this long. */
const defaultSyncEveryMs = 5000;

/**
 * Keeps the recorders matching the cameras' modes (the camera operations also ask at once after
 * each write) and sweeps the recordings once per segment's length by default.
 */
export function startRecordingTasks(
  app: FastifyInstance,
  ctx: RecordingContext,
  every: { readonly syncEveryMs?: number; readonly sweepEveryMs?: number },
): void {
  const { recordings } = ctx;
  runEvery(
    app,
    ctx.background,
    'starting and stopping recorders',
    every.syncEveryMs ?? defaultSyncEveryMs,
    () => recordings.sync(),
  );
  const sweepEveryMs = every.sweepEveryMs ?? recordings.settings.segmentSeconds * 1000;
  runEvery(app, ctx.background, 'sweeping recordings', sweepEveryMs, async () => {
    await recordings.sweep();
  });
}

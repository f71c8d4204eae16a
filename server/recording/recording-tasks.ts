import type { RecordingContext } from './recording-context';
import { runEvery } from '../background-tasks';
import { domainPlugin } from '../operations/domain-plugin';

/** Cameras changed by other means than the console (the operator CLI) are found within this long. */
const defaultSyncEveryMs = 5000;

/** How often the recorders are synced with the cameras' modes, and the recordings swept; tests shorten them. */
interface RecordingJobTimes {
  readonly syncEveryMs?: number;
  readonly sweepEveryMs?: number;
}

/**
 * Keeps the recorders matching the cameras' modes (the camera operations also ask at once after
 * each write) and sweeps the recordings once per segment's length by default.
 */
export const recordingJobs = domainPlugin(
  'recording jobs',
  (app, { ctx, every }: { ctx: RecordingContext; every: RecordingJobTimes }) => {
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
  },
);

import { domainPlugin } from '../operations/domain-plugin';
import { forgetStreamReads } from './camera-status';
import type { CamerasContext } from './cameras-context';
import { startStreamProbes, type StreamProbeOptions } from './stream-probe';

/**
 * The cameras' part of a start: the reads of an earlier run forgotten, then, unless
 * CFOP_CAMERA_PROBE_SECONDS is 0, the unwatched cameras' streams probed every `probeEveryMs`.
 */
export const cameraJobs = domainPlugin(
  'camera jobs',
  async (
    app,
    { ctx, probeEveryMs, probe }: { ctx: CamerasContext; probeEveryMs: number; probe: StreamProbeOptions },
  ) => {
    await forgetStreamReads(ctx);
    if (probeEveryMs > 0) startStreamProbes(app, ctx, probeEveryMs, probe);
  },
);

import type { Clock } from '../server/kernel/clock';
import { aiServerClient, randomReport } from '../test-support/ai-server-client';
import { must, signIn } from './console-api';
import type { DemoSite } from './seed';
import type { Scenes } from './scenes';

/** The system clock, or a moment of the past it is set to while history is written. */
export interface DemoClock extends Clock {
  set(moment: Date | null): void;
}

export function demoClock(): DemoClock {
  let moment: Date | null = null;
  return {
    now: () => moment ?? new Date(),
    set(to) {
      moment = to;
    },
  };
}

/** How busy each hour of a day is: quiet at night, peaks in the morning and afternoon shifts. */
const hourWeights = [1, 1, 1, 1, 1, 2, 3, 5, 8, 9, 8, 6, 4, 6, 8, 9, 8, 6, 4, 3, 2, 2, 1, 1];
const weightTotal = hourWeights.reduce((sum, weight) => sum + weight, 0);

function randomHour(): number {
  let pick = Math.random() * weightTotal;
  for (const [hour, weight] of hourWeights.entries()) {
    pick -= weight;
    if (pick < 0) return hour;
  }
  return 12;
}

/**
 * Writes `days` days of alerts before today, and today's until a few minutes ago, through the
 * ingest path itself, the console's clock set to each alert's moment so its age checks and received
 * times are as on that day (an AI server cannot send them now: an alert older than
 * CFOP_INGEST_MAX_AGE_HOURS is refused). Weekdays are
 * busier than weekends; most alerts of each day are then handled by the administrator, as that day.
 * Answers how many alerts were written.
 */
export async function writeHistory(options: {
  consoleUrl: string;
  password: string;
  site: DemoSite;
  scenes: Scenes;
  clock: DemoClock;
  days: number;
}): Promise<number> {
  const { site, clock } = options;
  const boxes = site.servers.map((server) => aiServerClient(options.consoleUrl, server.ingestKey));
  const cameras = await Promise.all(boxes.map((box) => box.cameras()));
  // A few drawn frames per scene, reused: a month of history need not run ffmpeg a thousand times.
  const frames = new Map<string, { boxes: ReturnType<typeof randomReport>['boxes']; jpeg: Buffer }>();
  const frameFor = async (cameraId: number, report: ReturnType<typeof randomReport>) => {
    const key = `${cameraId}:${Math.floor(Math.random() * 3)}`;
    let frame = frames.get(key);
    if (!frame) {
      frame = {
        boxes: report.boxes,
        jpeg: await options.scenes.snapshot(site.sceneOf.get(cameraId) ?? 0, report.boxes),
      };
      frames.set(key, frame);
    }
    return frame;
  };
  let written = 0;
  const midnight = new Date();
  midnight.setHours(0, 0, 0, 0);
  try {
    // Today up to a few minutes ago as well: the dashboard opens on the last 24 hours.
    const historyEnd = Date.now() - 5 * 60_000;
    for (let day = options.days; day >= 0; day -= 1) {
      const date = new Date(midnight.getTime() - day * 86_400_000);
      const weekend = date.getDay() === 0 || date.getDay() === 6;
      const count = Math.round((weekend ? 5 : 14) * (0.7 + Math.random() * 0.6));
      const moments = Array.from(
        { length: count },
        () => date.getTime() + randomHour() * 3_600_000 + Math.floor(Math.random() * 3_600_000),
      )
        .filter((moment) => moment < historyEnd)
        .sort((a, b) => a - b);
      const ids: number[] = [];
      for (const moment of moments) {
        const server = Math.floor(Math.random() * boxes.length);
        const report = randomReport(cameras[server] ?? []);
        const frame = await frameFor(report.cameraId, report);
        const at = new Date(moment);
        clock.set(at);
        const alert = await boxes[server]?.reportWithSnapshot(
          {
            ...report,
            boxes: frame.boxes.map((box) => ({ ...box, label: report.label })),
            occurredAt: at.toISOString(),
          },
          frame.jpeg,
        );
        if (alert) ids.push(alert.id);
      }
      written += ids.length;
      await handleMost(options, ids, new Date(Math.min(date.getTime() + 23.5 * 3_600_000, historyEnd)));
    }
  } finally {
    clock.set(null);
  }
  return written;
}

/** Confirms or dismisses most of a day's alerts at the day's end, signed in as on that day. */
async function handleMost(
  options: { consoleUrl: string; password: string; clock: DemoClock },
  ids: readonly number[],
  at: Date,
): Promise<void> {
  const handled = ids.filter(() => Math.random() < 0.85);
  if (handled.length === 0) return;
  options.clock.set(at);
  const api = await signIn(options.consoleUrl, 'admin', options.password);
  const confirmed = handled.filter(() => Math.random() < 0.7);
  const dismissed = handled.filter((id) => !confirmed.includes(id));
  if (confirmed.length > 0)
    await must(
      api.client.POST('/alerts/bulk-handling', {
        body: { ids: confirmed, decision: 'confirm', note: '已现场确认并处置' },
      }),
    );
  if (dismissed.length > 0)
    await must(
      api.client.POST('/alerts/bulk-handling', {
        body: { ids: dismissed, decision: 'dismiss', note: '误报' },
      }),
    );
}

import { randomUUID } from 'node:crypto';
import { aiServerClient, randomReport } from '../test-support/ai-server-client';
import type { Scenes } from './scenes';
import type { DemoSite } from './seed';

const alertEveryMs = 4000;
const heartbeatEveryMs = 20_000;
const passageEveryMs = 9000;
/** One camera's stream drops this long after the start, then again every few minutes, for a while. */
const firstStreamDropAfterMs = 40_000;
const streamDropEveryMs = 5 * 60_000;
const streamDropForMs = 45_000;
const gates = ['东门闸机', '西门闸机', '车辆道闸'];

export interface LiveSite {
  /** Settles with the first live alert's id. */
  readonly firstAlert: Promise<number>;
  stop(): Promise<void>;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

/**
 * The site coming alive: each AI server (through the stand-in's ingest client) heartbeats, an alert
 * with a snapshot of its camera's scene and the detection's boxes drawn goes up every few seconds,
 * and the gates report staff, visitors and vehicles passing now and then. `say` prints one line.
 */
export async function startLiveSite(
  consoleUrl: string,
  site: DemoSite,
  scenes: Scenes,
  say: (line: string) => void,
): Promise<LiveSite> {
  const boxes = await Promise.all(
    site.servers.map(async (server) => {
      const client = aiServerClient(consoleUrl, server.ingestKey);
      return { ...server, client, cameras: await client.cameras() };
    }),
  );
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  // A failure is printed and the next round tries again: the demo keeps going while the server does.
  const launch = (work: () => Promise<unknown>) => {
    if (stopped) return;
    const done = work()
      .catch((error: unknown) => say(`! ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => running.delete(done));
    running.add(done);
  };
  const every = (ms: number, work: () => Promise<unknown>) => {
    launch(work);
    timers.push(setInterval(() => launch(work), ms));
  };
  const after = (ms: number, work: () => Promise<unknown>) => {
    timers.push(setTimeout(() => launch(work), ms));
  };

  // The last server's last camera loses its stream now and then, so device alerts reach the wall,
  // the dashboard and the rule as they do on a real site; its box says so at once, as boxes do.
  const flaky = boxes.at(-1);
  const flakyCamera = flaky?.cameras.at(-1);
  const lost = new Set<number>();
  const beat = (box: (typeof boxes)[number]) =>
    box.client.heartbeat(box.cameras, box === flaky ? lost : undefined);
  every(heartbeatEveryMs, () => Promise.all(boxes.map(beat)));
  if (flaky && flakyCamera) {
    const dropStream = async () => {
      lost.add(flakyCamera.id);
      await beat(flaky);
      say(`断流 / stream lost: ${flakyCamera.name}`);
      after(streamDropForMs, async () => {
        lost.delete(flakyCamera.id);
        await beat(flaky);
        say(`恢复 / stream back: ${flakyCamera.name}`);
      });
    };
    after(firstStreamDropAfterMs, () => {
      every(streamDropEveryMs, dropStream);
      return Promise.resolve();
    });
  }

  let resolveFirst: (id: number) => void = () => {};
  const firstAlert = new Promise<number>((resolve) => (resolveFirst = resolve));
  every(alertEveryMs, async () => {
    const box = pick(boxes);
    const report = randomReport(box.cameras);
    const jpeg = await scenes.snapshot(site.sceneOf.get(report.cameraId) ?? 0, report.boxes);
    const alert = await box.client.reportWithSnapshot(report, jpeg);
    resolveFirst(alert.id);
    say(`告警 / alert #${alert.id}: ${alert.label} (${alert.level}) @ ${alert.cameraName}`);
  });

  let passages = 0;
  every(passageEveryMs, async () => {
    passages += 1;
    const who = pick([
      { employeeNo: pick(site.employeeNos) },
      { plate: pick(site.plates) },
      ...site.passCodes.map((passCode) => ({ passCode })),
    ]);
    const plate = 'plate' in who ? who.plate : undefined;
    const passage = await pick(boxes).client.passage({
      sourceId: `demo-gate-${randomUUID()}`,
      gate: plate ? (gates[2] as string) : pick(gates.slice(0, 2)),
      direction: passages % 3 === 0 ? 'out' : 'in',
      occurredAt: new Date().toISOString(),
      // The gate itself refuses a blacklisted car; the console raises an access alert for it.
      result: plate && site.blacklistedPlates.includes(plate) ? 'denied' : 'allowed',
      ...who,
    });
    say(`通行 / passage: ${Object.values(who)[0]} ${passage.direction} @ ${passage.gate}`);
  });

  return {
    firstAlert,
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled([...running]);
    },
  };
}

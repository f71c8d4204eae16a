/**
 * `npm run simulate -- --url http://127.0.0.1:8000 --key <ingest key> [--rate 1]
 * [--count 0] [--heartbeat 30]`: stands in for an AI server (an edge box). With the ingest key the
 * console showed when the server was added, it reports heartbeats (made-up loads, its cameras
 * online) every `--heartbeat` seconds and alerts at `--rate` per second: a snapshot (a frame of
 * ffmpeg's testsrc pattern) uploaded, then an alert naming it, from a random enabled task of a random
 * bound camera, labelled with one of its model's classes, with one to three random boxes. `--count`
 * stops after that many alerts (0: until Ctrl-C).
 */
import { aiServerClient, randomReport, testPatternJpeg } from '../test-support/ai-server-client';

function option(args: readonly string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

async function main(args: readonly string[]): Promise<void> {
  const url = option(args, 'url') ?? 'http://127.0.0.1:8000';
  const key = option(args, 'key') ?? process.env.CFOP_INGEST_KEY;
  const rate = Number(option(args, 'rate') ?? 1);
  const count = Number(option(args, 'count') ?? 0);
  const heartbeatSeconds = Number(option(args, 'heartbeat') ?? 30);
  if (!key || !(rate > 0) || !(count >= 0) || !(heartbeatSeconds > 0)) {
    throw new Error(
      'usage: npm run simulate -- --url <console URL> --key <ingest key> [--rate <alerts/s>] [--count <n>] [--heartbeat <s>]',
    );
  }
  const server = aiServerClient(url, key);
  const cameras = await server.cameras();
  if (cameras.length === 0)
    throw new Error('no camera is bound to this AI server: bind one in the console first');
  const frames = await Promise.all([0, 1, 2, 3].map((second) => testPatternJpeg(second)));
  const beat = async () => {
    await server.heartbeat(cameras);
    console.log(`heartbeat: ${cameras.length} cameras online`);
  };
  await beat();
  const heartbeats = setInterval(
    () => void beat().catch((error: unknown) => console.error(error)),
    heartbeatSeconds * 1000,
  );
  let sent = 0;
  try {
    while (count === 0 || sent < count) {
      const alert = await server.reportWithSnapshot(
        randomReport(cameras),
        frames[sent % frames.length] as Buffer,
      );
      sent += 1;
      console.log(`alert #${alert.id}: ${alert.label} (${alert.level}) on ${alert.cameraName}`);
      await new Promise((resolve) => setTimeout(resolve, 1000 / rate));
    }
  } finally {
    clearInterval(heartbeats);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

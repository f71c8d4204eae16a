/**
 * The AI servers of `npm run bench:ingest`, in a process of their own so that the page and the
 * bench's bookkeeping do not slow them, and made as cheap as a box's firmware would be: one kept-alive
 * connection per server, each multipart body assembled from prebuilt parts (only the small `alert`
 * part is written per call). Started by the bench with its plan on IPC; answers its tally on IPC.
 */
import { Agent, request } from 'node:http';
import { securityHeaders } from '../../src/generated/contract';
import type { AlertDetection } from '../../test-support/ai-server-client';

export interface ClientPlan {
  readonly base: string;
  readonly servers: readonly { key: string; cameraId: number }[];
  readonly frames: readonly string[];
  readonly until: number;
  /** Every this many reports, a server sends an earlier report again, as a box retrying after a time-out. */
  readonly replayEvery: number;
}

export interface ClientTally {
  /** Request start (Date.now()) and answer time of each acknowledged new alert: [id, startedAt, ms]. */
  readonly accepted: [number, number, number][];
  readonly replays: number;
  readonly replaysAnsweredFirst: number;
  readonly refused: Record<string, number>;
  /** The CPU time this process used reporting, user and system, in ms. */
  readonly cpuMs: number;
}

const boundary = 'bench-ingest-boundary-7d1c0f';

/** The file part, from its header to the body's closing boundary: the same for every call. */
function filePart(jpeg: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="snapshot.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

function alertPart(report: AlertDetection): Buffer {
  return Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="alert"\r\n` +
      `Content-Type: application/json\r\n\r\n${JSON.stringify(report)}`,
  );
}

function post(
  url: URL,
  agent: Agent,
  key: string,
  parts: readonly Buffer[],
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const length = parts.reduce((sum, part) => sum + part.length, 0);
    const outgoing = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          [securityHeaders.ingestKey]: key,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': length,
        },
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        answer.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    for (const part of parts) outgoing.write(part);
    outgoing.end();
  });
}

/** One AI server reporting until `until`: new alerts, and now and then a replay of an earlier one. */
async function reportUntil(plan: ClientPlan, server: ClientPlan['servers'][number], tally: ClientTally) {
  const url = new URL(`${plan.base}/cfop/ingest/alerts-with-snapshot`);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const files = plan.frames.map((frame) => filePart(Buffer.from(frame, 'base64')));
  const acknowledged: { report: AlertDetection; id: number }[] = [];
  let replays = 0;
  let replaysAnsweredFirst = 0;
  for (let sent = 0; Date.now() < plan.until; sent += 1) {
    const earlier = sent % plan.replayEvery === plan.replayEvery - 1 ? acknowledged.at(-1) : undefined;
    const report: AlertDetection = earlier?.report ?? {
      cameraId: server.cameraId,
      label: '人员闯入',
      level: 'high',
      confidence: 0.9,
      boxes: [{ x: 0.4, y: 0.3, width: 0.2, height: 0.5, label: '人员闯入', confidence: 0.9 }],
      occurredAt: new Date().toISOString(),
      sourceId: `bench-${server.cameraId}-${sent}`,
    };
    const started = Date.now();
    const { status, body } = await post(url, agent, server.key, [
      alertPart(report),
      files[sent % files.length] as Buffer,
    ]);
    if (status !== 200) {
      tally.refused[status] = (tally.refused[status] ?? 0) + 1;
      continue;
    }
    const { id } = (JSON.parse(body) as { data: { id: number } }).data;
    if (earlier) {
      replays += 1;
      if (id === earlier.id) replaysAnsweredFirst += 1;
      continue;
    }
    tally.accepted.push([id, started, Date.now() - started]);
    acknowledged.push({ report, id });
  }
  agent.destroy();
  return { replays, replaysAnsweredFirst };
}

process.once('message', (plan: ClientPlan) => {
  const cpuAtStart = process.cpuUsage();
  const tally = { accepted: [], replays: 0, replaysAnsweredFirst: 0, refused: {}, cpuMs: 0 } as {
    -readonly [K in keyof ClientTally]: ClientTally[K];
  };
  Promise.all(plan.servers.map((server) => reportUntil(plan, server, tally)))
    .then((counts) => {
      for (const count of counts) {
        tally.replays += count.replays;
        tally.replaysAnsweredFirst += count.replaysAnsweredFirst;
      }
      const { user, system } = process.cpuUsage(cpuAtStart);
      tally.cpuMs = (user + system) / 1000;
      process.send?.(tally, () => process.disconnect());
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
});

/**
 * The AI servers of `npm run bench:ingest`, in a process of their own so that the page and the
 * bench's bookkeeping do not slow them, and made as cheap as a box's firmware would be: one kept-alive
 * connection per server speaking HTTP/1.1 itself (Node's HTTP client took 0.4 ms of CPU per call,
 * on the two cores the server shares), each request assembled from prebuilt parts (only
 * its head and the small `alert` part are written per call). Started by the bench, it runs each plan
 * it gets on IPC and answers its tally there, until the bench disconnects.
 */
import { connect, type Socket } from 'node:net';
import { securityHeaders } from '../../src/generated/contract';
import type { AlertDetection } from '../../test-support/ai-server-client';

export interface ClientPlan {
  /** Each AI server: the console server it reports to (one of several behind nginx), its key and camera. */
  readonly servers: readonly { base: string; key: string; cameraId: number }[];
  readonly frames: readonly string[];
  readonly until: number;
  /** Every this many reports, a server sends an earlier report again, as a box retrying after a time-out. */
  readonly replayEvery: number;
  /** Starts each new report's sourceId, so that a second plan repeats none of the first's. */
  readonly sourcePrefix: string;
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

/** The HTTP/1.1 answer at the start of `data`, once it is there whole: its status, body and length. */
function parseAnswer(data: Buffer): { status: number; body: string; length: number; close: boolean } | null {
  const headEnd = data.indexOf('\r\n\r\n');
  if (headEnd < 0) return null;
  const head = data.toString('latin1', 0, headEnd).toLowerCase();
  const bodyLength = Number(/\r\ncontent-length: *(\d+)/.exec(head)?.[1]);
  if (!Number.isInteger(bodyLength)) throw new Error(`an answer without Content-Length: ${head}`);
  const length = headEnd + 4 + bodyLength;
  if (data.length < length) return null;
  return {
    status: Number(head.slice(9, 12)),
    body: data.toString('utf8', headEnd + 4, length),
    length,
    close: /\r\nconnection: *close/.test(head),
  };
}

/** One AI server's kept-alive connection: a request at a time, its answer read as it comes. */
function connection(url: URL, key: string) {
  let socket: Socket | null = null;
  let received: Buffer = Buffer.alloc(0);
  let waiting: {
    resolve: (answer: { status: number; body: string }) => void;
    reject: (error: Error) => void;
  } | null = null;
  const open = () => {
    const opened = connect(Number(url.port), url.hostname);
    opened.setNoDelay(true);
    opened.on('data', (chunk: Buffer) => {
      received = received.length === 0 ? chunk : Buffer.concat([received, chunk]);
      const answer = parseAnswer(received);
      if (!answer || !waiting) return;
      received = received.subarray(answer.length);
      if (answer.close) opened.destroy();
      const { resolve } = waiting;
      waiting = null;
      resolve(answer);
    });
    opened.on('close', () => {
      if (socket === opened) socket = null;
      received = Buffer.alloc(0);
      waiting?.reject(new Error('the server closed the connection before answering'));
      waiting = null;
    });
    opened.on('error', () => undefined);
    return opened;
  };
  const head = (length: number) =>
    `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\n${securityHeaders.ingestKey}: ${key}\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\n\r\n`;
  return {
    post(alert: Buffer, file: Buffer): Promise<{ status: number; body: string }> {
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
        socket ??= open();
        socket.cork();
        socket.write(head(alert.length + file.length));
        socket.write(alert);
        socket.write(file);
        socket.uncork();
      });
    },
    close: () => socket?.destroy(),
  };
}

/** One AI server reporting until `until`: new alerts, and now and then a replay of an earlier one. */
async function reportUntil(plan: ClientPlan, box: ClientPlan['servers'][number], tally: ClientTally) {
  const link = connection(new URL(`${box.base}/cfop/ingest/alerts-with-snapshot`), box.key);
  const files = plan.frames.map((frame) => filePart(Buffer.from(frame, 'base64')));
  const acknowledged: { report: AlertDetection; id: number }[] = [];
  let replays = 0;
  let replaysAnsweredFirst = 0;
  for (let sent = 0; Date.now() < plan.until; sent += 1) {
    const earlier = sent % plan.replayEvery === plan.replayEvery - 1 ? acknowledged.at(-1) : undefined;
    const report: AlertDetection = earlier?.report ?? {
      cameraId: box.cameraId,
      label: '人员闯入',
      level: 'high',
      confidence: 0.9,
      boxes: [{ x: 0.4, y: 0.3, width: 0.2, height: 0.5, label: '人员闯入', confidence: 0.9 }],
      occurredAt: new Date().toISOString(),
      sourceId: `${plan.sourcePrefix}-${box.cameraId}-${sent}`,
    };
    const started = Date.now();
    const { status, body } = await link.post(alertPart(report), files[sent % files.length] as Buffer);
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
  link.close();
  return { replays, replaysAnsweredFirst };
}

process.on('message', (plan: ClientPlan) => {
  const cpuAtStart = process.cpuUsage();
  const tally = {
    accepted: [],
    replays: 0,
    replaysAnsweredFirst: 0,
    refused: {},
    cpuMs: 0,
  } as {
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
      process.send?.(tally);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
});

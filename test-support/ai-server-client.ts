/**
 * An AI server (an edge box) as it talks to the console: its ingest calls with its key, made-up
 * detections, and frames of ffmpeg's test pattern for snapshots. The simulator (`npm run simulate`),
 * the browser tests and the alert benchmark stand in for a box with it.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import createClient from 'openapi-fetch';
import type { components, paths } from '../src/generated/openapi';
import { securityHeaders } from '../src/generated/contract';

type IngestCamera = components['schemas']['IngestCamera'];
type AlertReport = components['schemas']['AlertReport'];
/** A report as the one-call form sends it: its snapshot goes beside it. */
export type AlertDetection = Omit<AlertReport, 'snapshotId'>;
type Alert = components['schemas']['Alert'];
type AlertLevel = components['schemas']['AlertLevel'];
type PassageReport = components['schemas']['PassageReport'];
type PassageReceipt = components['schemas']['PassageReceipt'];

/** A JPEG of ffmpeg's testsrc pattern at `second` (its counter makes each second a different frame). */
export async function testPatternJpeg(second = 0): Promise<Buffer> {
  const { stdout } = await promisify(execFile)(
    'ffmpeg',
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=640x360:rate=1:duration=${second + 1}`,
      '-vf',
      `select=eq(n\\,${second})`,
      '-frames:v',
      '1',
      '-f',
      'image2pipe',
      '-vcodec',
      'mjpeg',
      '-',
    ],
    { encoding: 'buffer', maxBuffer: 8 * 1024 * 1024 },
  );
  return stdout;
}

interface Envelope<T> {
  readonly success: boolean;
  readonly msg: string;
  readonly data: T;
}

/** Waits the seconds a 429's Retry-After says (a second without one). */
function waitAsTold(retryAfter: string | null): Promise<void> {
  const seconds = Number(retryAfter ?? 1);
  return new Promise((resolve) => setTimeout(resolve, seconds * 1000));
}

function unwrap<T>(answer: { data?: { success: boolean; msg: string; data?: T }; error?: unknown }): T {
  const envelope = answer.data ?? (answer.error as { success: boolean; msg: string } | undefined);
  if (!envelope?.success) throw new Error(envelope?.msg ?? 'no answer');
  return (answer.data as { data: T }).data;
}

/** The ingest calls of one AI server, as it makes them: its key in the ingest header, no session. */
export function aiServerClient(consoleUrl: string, ingestKey: string) {
  const base = `${consoleUrl.replace(/\/$/, '')}/cfop`;
  const headers = { [securityHeaders.ingestKey]: ingestKey };
  const client = createClient<paths>({ baseUrl: base, headers });
  return {
    async cameras(): Promise<IngestCamera[]> {
      return unwrap(await client.GET('/ingest/cameras')).items;
    },
    /** Reports every camera online except those in `lost`, whose streams the box cannot read. */
    async heartbeat(cameras: readonly IngestCamera[], lost: ReadonlySet<number> = new Set()) {
      const load = () => Math.round(Math.random() * 800) / 10;
      return unwrap(
        await client.POST('/ingest/heartbeat', {
          body: {
            cpuLoad: load(),
            memoryLoad: load(),
            acceleratorLoad: load(),
            cameras: cameras.map((camera) => ({
              id: camera.id,
              status: lost.has(camera.id) ? ('offline' as const) : ('online' as const),
            })),
          },
        }),
      );
    },
    async uploadSnapshot(jpeg: Buffer): Promise<number> {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'snapshot.jpg');
      const response = await fetch(`${base}/files/alert-snapshots`, { method: 'POST', headers, body: form });
      const envelope = (await response.json()) as { success: boolean; msg: string; data: { id: number } };
      if (!envelope.success) throw new Error(envelope.msg);
      return envelope.data.id;
    },
    /** Over its alert quota the console answers 429 and how long to wait; then the same report goes again. */
    async report(report: AlertReport): Promise<Alert> {
      for (;;) {
        const answer = await client.POST('/ingest/alerts', { body: report });
        if (answer.response.status !== 429) return unwrap(answer);
        await waitAsTold(answer.response.headers.get('retry-after'));
      }
    },
    /** A gate's passage, as the box wired to the gate reports it. */
    async passage(report: PassageReport): Promise<PassageReceipt> {
      return unwrap(await client.POST('/ingest/passages', { body: report }));
    },
    /** One call: the report and its snapshot together; the HTTP status and envelope as answered. */
    async postWithSnapshot(
      report: AlertDetection,
      jpeg: Buffer,
    ): Promise<{ status: number; retryAfter: string | null; envelope: Envelope<Alert> }> {
      const form = new FormData();
      form.append('alert', JSON.stringify(report));
      form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'snapshot.jpg');
      const response = await fetch(`${base}/ingest/alerts-with-snapshot`, {
        method: 'POST',
        headers,
        body: form,
      });
      const envelope = (await response.json()) as Envelope<Alert>;
      return { status: response.status, retryAfter: response.headers.get('retry-after'), envelope };
    },
    /** reportWithSnapshot in one round trip; over a quota (429) the same call goes again after the wait. */
    async reportWithSnapshot(report: AlertDetection, jpeg: Buffer): Promise<Alert> {
      for (;;) {
        const { status, retryAfter, envelope } = await this.postWithSnapshot(report, jpeg);
        if (status !== 429) {
          if (!envelope.success) throw new Error(envelope.msg);
          return envelope.data;
        }
        await waitAsTold(retryAfter);
      }
    },
  };
}

const levels: readonly AlertLevel[] = ['low', 'medium', 'high', 'critical'];

/**
 * A made-up detection on one of the cameras: a random enabled task, one of its classes, 1–3 boxes,
 * and its own id (`sourceId`), as a real box sends so that a retried report is not stored twice;
 * its snapshot goes beside it (reportWithSnapshot), or is uploaded first and named (report).
 */
export function randomReport(
  cameras: readonly IngestCamera[],
  random: () => number = Math.random,
): AlertDetection {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const camera = pick(cameras);
  const tasks = camera.tasks.filter((task) => task.enabled);
  const task = tasks.length > 0 ? pick(tasks) : undefined;
  const label = task && task.classes.length > 0 ? pick(task.classes) : '人员闯入';
  const confidence = Math.round((0.55 + random() * 0.44) * 100) / 100;
  const boxes = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
    const width = 0.08 + random() * 0.25;
    const height = 0.15 + random() * 0.35;
    const round = (value: number) => Math.round(value * 1000) / 1000;
    return {
      x: round(random() * (1 - width)),
      y: round(random() * (1 - height)),
      width: round(width),
      height: round(height),
      label,
      confidence,
    };
  });
  return {
    cameraId: camera.id,
    ...(task && { taskId: task.id }),
    label,
    level: task?.alertLevel ?? pick(levels),
    confidence,
    boxes,
    occurredAt: new Date().toISOString(),
    sourceId: randomUUID(),
  };
}

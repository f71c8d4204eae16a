import { alertReactions } from '../alert-reactions';
import type { AppOptions } from '../app';
import { createAlertFeed, type AlertFeed } from '../cluster/alert-feed';
import { notifySettings } from '../notify/notify-settings';
import { jpegBytes, multipartBody, multipartFile } from './multipart';
import {
  clientHeaders,
  createTestModel,
  ingestKeyHeader,
  startTestApp,
  testAdminPassword,
  type CallOptions,
} from './test-app';

/**
 * What an app at the default settings does when alerts change, telling `feed` once they committed:
 * for a test calling alerts' code itself.
 */
export const testAlertHooksTelling = (feed: AlertFeed) => alertReactions(notifySettings().timeZone, feed);

/** The same, telling a feed nobody listens to. */
export const testAlertHooks = testAlertHooksTelling(createAlertFeed());

/**
 * An app with what alerts need: an AI server (its ingest key), two cameras bound to it with a task
 * each, a third camera on another server, and the administrator signed in. `options` change the
 * app (a session lasting long enough for a test that moves the clock by days).
 */
export async function alertWorld(options: Partial<AppOptions> = {}) {
  const t = await startTestApp(options);
  const token = await t.signIn('admin', testAdminPassword);
  const ok = async (operationId: string, options: CallOptions) => {
    const { body } = await t.call(operationId, { token, ...options });
    if (!body.success) throw new Error(`${operationId}: ${body.msg}`);
    return body.data;
  };
  const addServer = (n: number) =>
    ok('createAiServer', {
      body: {
        name: `边缘盒子-${n}`,
        serialNumber: `SN-000${n}`,
        ip: `10.0.0.${n}`,
        port: 8000,
        acceleratorType: 'NPU',
        channelCapacity: 8,
      },
    });
  const server = await addServer(1);
  const other = await addServer(2);
  const modelId = await createTestModel(t, token, { classes: ['未戴安全帽', '吸烟'] });
  const addCamera = async (n: number, aiServerId: number) => {
    const camera = await ok('createCamera', {
      body: {
        name: `北门-${n}`,
        code: `CAM-00${n}`,
        area: n === 1 ? '一号园区' : '二号园区',
        mainStreamUrl: `rtsp://10.1.0.${n}:554/main`,
        vendor: 'hikvision',
        ip: `10.1.0.${n}`,
        aiServerId,
      },
    });
    const task = await ok('createCameraTask', {
      params: { id: camera.id },
      body: {
        name: `安全帽检测-${n}`,
        modelId,
        confidenceThreshold: 0.5,
        region: [
          { x: 0, y: 0 },
          { x: 1, y: 0 },
          { x: 1, y: 1 },
        ],
        schedule: Array.from({ length: 7 }, () => '1'.repeat(48)),
        alertLevel: 'high',
      },
    });
    return { id: camera.id as number, taskId: task.id as number };
  };
  const cameras = [await addCamera(1, server.server.id), await addCamera(2, server.server.id)];
  const foreign = await addCamera(3, other.server.id);
  const key = server.ingestKey as string;

  /** Calls an operation as the AI server does: its ingest key, no session. */
  const ingest = (operationId: string, options: CallOptions = {}, as = key) =>
    t.call(operationId, { ...options, headers: { [ingestKeyHeader]: as, ...options.headers } });

  /** Uploads a snapshot as the AI server does (the other one with `as` its key); the raw answer. */
  const postSnapshot = (bytes: Buffer, as = key) => {
    const { payload, headers } = multipartFile(bytes, { fileName: 'frame.jpg' });
    return t.app.inject({
      method: 'POST',
      url: '/cfop/files/alert-snapshots',
      headers: { ...clientHeaders, [ingestKeyHeader]: as, ...headers },
      payload,
    });
  };
  const uploadSnapshot = async (bytes = jpegBytes, as = key): Promise<number> => {
    const answer = (await postSnapshot(bytes, as)).json() as {
      success: boolean;
      msg: string;
      data: { id: number };
    };
    if (!answer.success) throw new Error(answer.msg);
    return answer.data.id;
  };

  /** Reports an alert with its snapshot in one call (the report's snapshotId left out); the raw answer. */
  const postAlertWithSnapshot = (
    alert: Record<string, unknown>,
    bytes: Buffer = jpegBytes,
    alertFirst = false,
    alertType?: string,
  ) => {
    const parts = [
      { field: 'file', bytes, fileName: 'frame.jpg', contentType: 'image/jpeg' },
      { field: 'alert', bytes: Buffer.from(JSON.stringify(alert)), contentType: alertType },
    ];
    const { payload, headers } = multipartBody(alertFirst ? parts.reverse() : parts);
    return t.app.inject({
      method: 'POST',
      url: '/cfop/ingest/alerts-with-snapshot',
      headers: { ...clientHeaders, [ingestKeyHeader]: key, ...headers },
      payload,
    });
  };

  const snapshotId = await uploadSnapshot();
  let reports = 0;
  /** A report the server accepts, with its own sourceId as a box sends, changed by `change`. */
  const report = (change: Record<string, unknown> = {}) => ({
    sourceId: `box-1-alert-${(reports += 1)}`,
    cameraId: cameras[0]?.id,
    taskId: cameras[0]?.taskId,
    label: '未戴安全帽',
    level: 'high',
    confidence: 0.87,
    boxes: [{ x: 0.1, y: 0.2, width: 0.3, height: 0.4, label: '未戴安全帽', confidence: 0.87 }],
    occurredAt: t.clock.now().toISOString(),
    snapshotId,
    ...change,
  });
  /** Reports an alert and answers it; the clock moves a second after each. */
  const raise = async (change: Record<string, unknown> = {}) => {
    const { body } = await ingest('ingestAlert', { body: report(change) });
    if (!body.success) throw new Error(body.msg);
    t.clock.advance(1000);
    return body.data as { id: number; revision: number; [field: string]: unknown };
  };
  return {
    t,
    token,
    ok,
    serverId: server.server.id as number,
    key,
    otherKey: other.ingestKey as string,
    cameras,
    foreign,
    snapshotId,
    ingest,
    postSnapshot,
    uploadSnapshot,
    postAlertWithSnapshot,
    report,
    raise,
  };
}

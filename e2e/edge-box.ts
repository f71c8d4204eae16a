import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { aiServerClient, testPatternJpeg } from '../test-support/ai-server-client';
import { createThroughApi, unique, uploadThroughApi } from './resource-screen';

let jpeg: Promise<Buffer> | undefined;
/** One frame of ffmpeg's test pattern, as the simulator sends; made once per test file. */
function snapshotJpeg(): Promise<Buffer> {
  jpeg ??= testPatternJpeg(2);
  return jpeg;
}

/**
 * An AI server with `cameraCount` cameras bound to it (a helmet task each), made through the API
 * as the device screens would, and a way to raise alerts through the server's own ingest client (its
 * key, as the simulator uses). The cameras stream from `mainStreamUrl` when given (a live test stream),
 * recorded in `recordingMode` (default off). The box reports to `ingestUrl`, default the run's server
 * (one of several servers behind nginx, as a box is configured with one server's address).
 */
export async function edgeBox(
  page: Page,
  cameraCount: number,
  options: {
    mainStreamUrl?: string;
    recordingMode?: 'off' | 'continuous' | 'alerts';
    ingestUrl?: string;
    /** The cameras' names start with it (default 厂区门口-); a unique suffix follows. */
    cameraNamePrefix?: string;
  } = {},
) {
  const { server, ingestKey } = await createThroughApi<{ server: { id: number }; ingestKey: string }>(
    page,
    '/aiservers',
    {
      name: unique('告警盒子-'),
      serialNumber: unique('ALSN-'),
      ip: `10.77.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`,
      port: 8000,
      acceleratorType: 'NPU',
      channelCapacity: 8,
    },
  );
  const file = await uploadThroughApi(page, '/files/model-files', {
    name: 'helmet.onnx',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('alert journey model bytes'),
  });
  const model = await createThroughApi<{ id: number }>(page, '/models', {
    name: unique('安全帽检测-'),
    algorithm: 'helmet',
    version: '2.0.0',
    fileId: file.id,
    format: 'ONNX',
    inputSize: '640x640',
    targetHardware: 'NPU',
    classes: ['未戴安全帽', '吸烟', '人员闯入'],
  });
  const cameras: { id: number; name: string; taskId: number }[] = [];
  for (let n = 0; n < cameraCount; n += 1) {
    const name = unique(options.cameraNamePrefix ?? '厂区门口-');
    const camera = await createThroughApi<{ id: number }>(page, '/cameras', {
      name,
      code: unique('AC'),
      area: n === 0 ? '一号厂区' : '二号厂区',
      mainStreamUrl: options.mainStreamUrl ?? `rtsp://10.78.0.${n + 1}:554/main`,
      vendor: 'hikvision',
      ip: `10.78.0.${n + 1}`,
      aiServerId: server.id,
      recordingMode: options.recordingMode ?? 'off',
    });
    const task = await createThroughApi<{ id: number }>(page, `/cameras/${camera.id}/tasks`, {
      name: '安全帽检测',
      modelId: model.id,
      confidenceThreshold: 0.5,
      region: [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
        { x: 1, y: 1 },
      ],
      schedule: Array.from({ length: 7 }, () => '1'.repeat(48)),
      alertLevel: 'high',
    });
    cameras.push({ id: camera.id, name, taskId: task.id });
  }
  const box = aiServerClient(options.ingestUrl ?? inject('baseUrl'), ingestKey);
  await box.heartbeat(await box.cameras());
  const snapshotId = await box.uploadSnapshot(await snapshotJpeg());
  const raise = (
    camera: (typeof cameras)[number],
    label: string,
    level: 'low' | 'medium' | 'high' | 'critical',
  ) =>
    box.report({
      cameraId: camera.id,
      taskId: camera.taskId,
      label,
      level,
      confidence: 0.91,
      boxes: [{ x: 0.3, y: 0.2, width: 0.25, height: 0.5, label, confidence: 0.91 }],
      occurredAt: new Date().toISOString(),
      snapshotId,
      sourceId: randomUUID(),
    });
  return { cameras, raise };
}

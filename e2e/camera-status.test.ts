import { describe, expect, inject } from 'vitest';
import { aiServerClient } from '../test-support/ai-server-client';
import { admin } from './accounts';
import { test } from './fixtures';
import { createThroughApi, openScreen, rowOf, unique } from './resource-screen';
import { signIn } from './screen';
import { scaled } from '../test-support/test-timeouts';

describe('camera status on an open camera list', () => {
  test('a camera going offline and back shows on the open list without a refresh or reload', async ({
    page,
  }) => {
    await signIn(page, admin);
    const { server, ingestKey } = await createThroughApi<{ server: { id: number }; ingestKey: string }>(
      page,
      '/aiservers',
      {
        name: unique('状态盒子-'),
        serialNumber: unique('STSN-'),
        ip: `10.79.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`,
        port: 8000,
        acceleratorType: 'NPU',
        channelCapacity: 4,
      },
    );
    const name = unique('状态摄像头-');
    // An address nothing answers on: only the AI server's report can tell it plays.
    const camera = await createThroughApi<{ id: number }>(page, '/cameras', {
      name,
      code: unique('ST'),
      mainStreamUrl: 'rtsp://10.79.0.1:554/main',
      vendor: 'hikvision',
      ip: '10.79.0.1',
      aiServerId: server.id,
    });
    const box = aiServerClient(inject('baseUrl'), ingestKey);
    const cameras = await box.cameras();
    await box.heartbeat(cameras);

    await openScreen(page, `/equipment/camera?name=${encodeURIComponent(name)}`);
    const row = rowOf(page, name);
    await row.getByText('在线').waitFor();
    // From here on the list must change by its event alone: no list request, no page load.
    const listed: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/cfop/cameras') listed.push(request.url());
    });
    let loads = 0;
    page.on('load', () => (loads += 1));

    await box.heartbeat(cameras, new Set([camera.id]));
    await row.getByText('离线').waitFor({ timeout: scaled(10_000) });
    await box.heartbeat(cameras);
    await row.getByText('在线').waitFor({ timeout: scaled(10_000) });
    expect(listed).toEqual([]);
    expect(loads).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { alertWorld } from '../test-support/alert-world';
import { fieldMessages } from '../test-support/test-app';

const serverInput = (n: number, name: string) => ({
  name,
  serialNumber: `SN-100${n}`,
  ip: `10.0.1.${n}`,
  port: 8000,
  acceleratorType: 'NPU',
  channelCapacity: 8,
});

describe('an ingest key the console keeps once found', () => {
  it('stops at once when rotated, and its server reports under a new name at once', async () => {
    const { ingest, ok, serverId, key, foreign } = await alertWorld();
    const status = async (as: string) => (await ingest('listIngestCameras', {}, as)).status;
    // The second call finds the key kept.
    expect([await status(key), await status(key)]).toEqual([200, 200]);

    const { ingestKey } = (await ok('rotateAiServerKey', { params: { id: serverId } })) as {
      ingestKey: string;
    };
    expect(await status(key)).toBe(401);
    expect([await status(ingestKey), await status(ingestKey)]).toEqual([200, 200]);

    await ok('updateAiServer', { params: { id: serverId }, body: serverInput(1, '边缘盒子-改名') });
    const { body } = await ingest(
      'ingestHeartbeat',
      { body: { cpuLoad: 1, memoryLoad: 1, cameras: [{ id: foreign.id, status: 'online' }] } },
      ingestKey,
    );
    expect(fieldMessages(body)).toEqual({
      'cameras[0].id': `摄像头 ${foreign.id} 未绑定到本AI服务器「边缘盒子-改名」`,
    });
  });

  it('stops at once when its server is deleted, alone or with others', async () => {
    const { ingest, ok } = await alertWorld();
    const status = async (as: string) => (await ingest('listIngestCameras', {}, as)).status;
    const add = async (n: number) =>
      (await ok('createAiServer', { body: serverInput(n, `待删盒子-${n}`) })) as {
        server: { id: number };
        ingestKey: string;
      };
    const [alone, first, second] = [await add(1), await add(2), await add(3)];
    for (const { ingestKey } of [alone, first, second]) expect(await status(ingestKey)).toBe(200);

    await ok('deleteAiServer', { params: { id: alone.server.id } });
    expect(await status(alone.ingestKey)).toBe(401);
    expect(await status(first.ingestKey)).toBe(200);

    await ok('bulkDeleteAiServers', { body: { ids: [first.server.id, second.server.id] } });
    expect([await status(first.ingestKey), await status(second.ingestKey)]).toEqual([401, 401]);
  });
});

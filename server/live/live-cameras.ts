import type { Db } from '../db/open-database';
import { notFound } from '../resources/resource-service';
import type { LiveStreamName, LiveView } from './live-sessions';

/** Every camera with what the video wall's tree shows, by area then name. */
export async function listLiveCameras(db: Db) {
  const cameras = await db
    .selectFrom('cameras')
    .leftJoin('ai_servers', 'ai_servers.id', 'cameras.ai_server_id')
    .select([
      'cameras.id',
      'cameras.name',
      'cameras.code',
      'cameras.area',
      'cameras.status',
      'ai_servers.name as aiServerName',
      // Its address may hold credentials: only whether there is one leaves the server.
      'cameras.sub_stream_url',
      // Likewise only whether it can be steered: never the device's address or credentials.
      'cameras.onvif_xaddr',
    ])
    .orderBy('cameras.area')
    .orderBy('cameras.name')
    .orderBy('cameras.id')
    .execute();
  return cameras.map(({ sub_stream_url, onvif_xaddr, ...camera }) => ({
    ...camera,
    hasSubStream: sub_stream_url !== '',
    ptz: onvif_xaddr !== '',
  }));
}

/**
 * The stream a live view of the camera reads: its sub stream falls back to the main one when it has
 * none, and the view is then the main one's, so both askers share one relay.
 */
export async function liveView(db: Db, cameraId: number, asked: LiveStreamName): Promise<LiveView> {
  const camera = await db
    .selectFrom('cameras')
    .select(['main_stream_url', 'sub_stream_url'])
    .where('id', '=', cameraId)
    .executeTakeFirst();
  if (!camera) throw notFound(cameraId);
  return asked === 'sub' && camera.sub_stream_url !== ''
    ? { cameraId, stream: 'sub', url: camera.sub_stream_url }
    : { cameraId, stream: 'main', url: camera.main_stream_url };
}

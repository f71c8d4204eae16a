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
 * Every camera group by name with its cameras' ids: what the tree's 按分组 tab shows. A video
 * operator may watch every camera (listLiveCameras), so each group's every camera is theirs to see.
 */
export async function listLiveCameraGroups(db: Db) {
  const [groups, members] = await Promise.all([
    db.selectFrom('camera_groups').select(['id', 'name']).orderBy('name').orderBy('id').execute(),
    db
      .selectFrom('camera_group_cameras')
      .select(['group_id', 'camera_id'])
      .orderBy('group_id')
      .orderBy('camera_id')
      .execute(),
  ]);
  const cameraIds = new Map(groups.map((group) => [group.id, [] as number[]]));
  for (const member of members) cameraIds.get(member.group_id)?.push(member.camera_id);
  return groups.map((group) => ({ ...group, cameraIds: cameraIds.get(group.id) ?? [] }));
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

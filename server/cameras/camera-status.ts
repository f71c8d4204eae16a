import type { components } from '../../src/generated/openapi';
import type { Db } from '../db/open-database';
import type { StatusEvent } from '../events/status-feed';

type Schemas = components['schemas'];
type CameraStatusSource = Schemas['CameraStatusSource'];
type CameraStatusEvent = Schemas['CameraStatusEvent'];

/** What read a camera's stream on the console's side. */
export type StreamReader = Exclude<CameraStatusSource, 'aiServer'>;

/** What a camera's status is decided from: the console's last read and its AI server's last report. */
export interface StatusEvidence {
  /** The console's last read: 1 readable, 0 not, null not read since the server started. */
  readonly readOk: number | null;
  readonly readBy: StreamReader | null;
  /** The AI server's last report of the stream: 1 working, 0 lost, null never reported. */
  readonly reportedOk: number | null;
  /** null: the camera has no AI server. */
  readonly aiServerOnline: boolean | null;
}

/**
 * A camera is online when the console reads its stream (the live relay or the probe), or else when
 * its AI server, itself online, reports it online: either is proof the stream plays, so an AI server
 * that cannot reach a camera the console plays (or the reverse) does not mark it offline, and a
 * silent AI server's cameras stay online while their streams are read. Offline, the source says who
 * last failed to read it (the console first, as the more direct), or the silent AI server.
 */
export function cameraStatusOf(evidence: StatusEvidence): {
  status: Schemas['CameraStatus'];
  source: CameraStatusSource | null;
} {
  const { readOk, readBy, reportedOk, aiServerOnline } = evidence;
  const reader = readBy ?? 'probe';
  if (readOk === 1) return { status: 'online', source: reader };
  if (aiServerOnline === true && reportedOk === 1) return { status: 'online', source: 'aiServer' };
  if (readOk === 0) return { status: 'offline', source: reader };
  return { status: 'offline', source: aiServerOnline === null ? null : 'aiServer' };
}

/** Which cameras to settle: some by id, or all those of some AI servers. */
export type CameraSelection =
  { readonly cameraIds: readonly number[] } | { readonly aiServerIds: readonly number[] };

/**
 * Stores the status each selected camera's evidence gives, and when it changed; answers the cameras
 * whose status or source changed, as events for the consoles. Run it in the transaction that
 * changed the evidence.
 */
export async function settleCameraStatus(
  db: Db,
  now: Date,
  selection: CameraSelection,
): Promise<StatusEvent[]> {
  const [column, ids] =
    'cameraIds' in selection
      ? (['cameras.id', selection.cameraIds] as const)
      : (['cameras.ai_server_id', selection.aiServerIds] as const);
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('cameras')
    .leftJoin('ai_servers', 'ai_servers.id', 'cameras.ai_server_id')
    .select([
      'cameras.id',
      'cameras.status',
      'cameras.status_source',
      'cameras.status_changed_at',
      'cameras.read_ok',
      'cameras.read_by',
      'cameras.stream_ok',
      'ai_servers.status as aiServerStatus',
    ])
    .where(column, 'in', [...ids])
    .execute();
  const events: StatusEvent[] = [];
  for (const row of rows) {
    const { status, source } = cameraStatusOf({
      readOk: row.read_ok,
      readBy: row.read_by === 'aiServer' ? null : row.read_by,
      reportedOk: row.stream_ok,
      aiServerOnline: row.aiServerStatus === null ? null : row.aiServerStatus === 'online',
    });
    if (status === row.status && source === row.status_source) continue;
    const changedAt = status === row.status ? row.status_changed_at : now.toISOString();
    await db
      .updateTable('cameras')
      .set({ status, status_source: source, status_changed_at: changedAt })
      .where('id', '=', row.id)
      .execute();
    const data: CameraStatusEvent = { id: row.id, status, statusSource: source, statusChangedAt: changedAt };
    events.push({ event: 'cameraStatus', data });
  }
  return events;
}

/**
 * Records what the console's read of a camera's stream found (`null`: it no longer reads it) and
 * settles its status; answers the events to publish.
 */
export async function recordStreamRead(
  db: Db,
  now: Date,
  cameraId: number,
  reader: StreamReader,
  ok: boolean | null,
): Promise<StatusEvent[]> {
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable('cameras')
      .set({ read_ok: ok === null ? null : Number(ok), read_by: ok === null ? null : reader })
      .where('id', '=', cameraId)
      .execute();
    return settleCameraStatus(trx, now, { cameraIds: [cameraId] });
  });
}

/**
 * Forgets every read of an earlier run (no relay runs at start, and the first probe round reads
 * again) and settles every camera from what is left.
 */
export async function forgetStreamReads(db: Db, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('cameras').set({ read_ok: null, read_by: null }).execute();
    const ids = (await trx.selectFrom('cameras').select('id').execute()).map((row) => row.id);
    await settleCameraStatus(trx, now, { cameraIds: ids });
  });
}

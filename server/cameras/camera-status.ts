import type { components } from '../../src/generated/openapi';
import type { CameraRef, CamerasContext, StreamAlerts } from './cameras-context';
import type { Db } from '../db/open-database';
import type { StatusEvent } from '../cluster/status-event';
import { dialectOf } from '../db/dialect';

type Schemas = components['schemas'];
type CameraStatusSource = Schemas['CameraStatusSource'];
type CameraStatusEvent = Schemas['CameraStatusEvent'];

/** What read a camera's stream on the console's side. */
export type StreamReader = Exclude<CameraStatusSource, 'aiServer'>;

/** What a camera's status is decided from: the console's last read and its AI server's last report, each with its time. */
export interface StatusEvidence {
  /** The console's last read: 1 readable, 0 not, null not read since the server started. */
  readonly readOk: number | null;
  readonly readBy: StreamReader | null;
  /** When the console read it (ISO time); null: before times were kept, older than any evidence. */
  readonly readAt: string | null;
  /** A live relay reads it now: its read is renewed with every frame, newer than any report. */
  readonly readLive: boolean;
  /** The AI server's last report of the stream: 1 working, 0 lost, null never reported. */
  readonly reportedOk: number | null;
  /** When the heartbeat that listed the camera came; null as for `readAt`. */
  readonly reportedAt: string | null;
  /** null: the camera has no AI server. */
  readonly aiServerOnline: boolean | null;
}

/**
 * The newest evidence of the stream decides the status: the console's read (the live relay or the
 * probe) or its AI server's report (a heartbeat listing the camera; only while the server is
 * online), whichever came last, playing or lost. A relay that plays the stream now is the newest;
 * at equal times the console's read wins, as the more direct. A heartbeat that leaves a camera out
 * says nothing new of it: its last report keeps its time and ages, and the console's next read
 * decides. With neither, it is offline: the source is the silent AI server, or none.
 * `streamOk` is what the evidence proves of the stream: playing, lost, or nothing (null).
 */
export function cameraStatusOf(evidence: StatusEvidence): {
  status: Schemas['CameraStatus'];
  source: CameraStatusSource | null;
  streamOk: boolean | null;
} {
  const { readOk, readBy, readAt, readLive, reportedOk, reportedAt, aiServerOnline } = evidence;
  const read = readOk === null ? null : { ok: readOk === 1, source: readBy ?? 'probe' };
  const report =
    aiServerOnline === true && reportedOk !== null
      ? { ok: reportedOk === 1, source: 'aiServer' as const }
      : null;
  const readIsNewer = readLive || (readAt ?? '') >= (reportedAt ?? '');
  const newest = read && (!report || readIsNewer) ? read : report;
  if (newest) return { status: newest.ok ? 'online' : 'offline', source: newest.source, streamOk: newest.ok };
  return { status: 'offline', source: aiServerOnline === null ? null : 'aiServer', streamOk: null };
}

/** The events for the consoles, and how many device alerts were raised (the alert feed is told after the commit). */
export interface Settled {
  readonly events: StatusEvent[];
  readonly alerts: number;
}

/** Which cameras to settle: some by id, or all those of some AI servers. */
export type CameraSelection =
  { readonly cameraIds: readonly number[] } | { readonly aiServerIds: readonly number[] };

/**
 * Stores the status each selected camera's evidence gives, and when it changed; answers the cameras
 * whose status or source changed, as events for the consoles. A stream proven lost after it was
 * known to play raises one "stream lost" alert, and proven playing again one "back", whatever
 * proved it (relay, probe or AI server), so a camera without an AI server alerts too; a stream
 * nobody can tell of (a silent AI server's, one no longer read) raises none. Run it in the
 * transaction that changed the evidence: the state and its alert commit together.
 */
export async function settleCameraStatus(
  db: Db,
  now: Date,
  selection: CameraSelection,
  streamAlerts: StreamAlerts,
): Promise<Settled> {
  const [column, ids] =
    'cameraIds' in selection
      ? (['cameras.id', selection.cameraIds] as const)
      : (['cameras.ai_server_id', selection.aiServerIds] as const);
  if (ids.length === 0) return { events: [], alerts: 0 };
  const query = db
    .selectFrom('cameras')
    .leftJoin('ai_servers', 'ai_servers.id', 'cameras.ai_server_id')
    .select([
      'cameras.id',
      'cameras.status',
      'cameras.status_source',
      'cameras.status_changed_at',
      'cameras.read_ok',
      'cameras.read_by',
      'cameras.read_at',
      'cameras.read_live',
      'cameras.stream_ok',
      'cameras.reported_at',
      'cameras.stream_known_ok',
      'cameras.ai_server_id',
      'ai_servers.status as aiServerStatus',
    ])
    .where(column, 'in', [...ids])
    .orderBy('cameras.id');
  // Evidence recorded at once by another transaction waits for this one to settle (PostgreSQL locks
  // the rows; SQLite runs one writer at a time), so no status is stored from evidence since replaced.
  const rows = await (dialectOf(db) === 'postgres' ? query.forUpdate('cameras') : query).execute();
  const events: StatusEvent[] = [];
  const lost: CameraRef[] = [];
  const back: CameraRef[] = [];
  for (const row of rows) {
    const { status, source, streamOk } = cameraStatusOf({
      readOk: row.read_ok,
      readBy: row.read_by === 'aiServer' ? null : row.read_by,
      readAt: row.read_at,
      readLive: row.read_live === 1,
      reportedOk: row.stream_ok,
      reportedAt: row.reported_at,
      aiServerOnline: row.aiServerStatus === null ? null : row.aiServerStatus === 'online',
    });
    // A failed read of a stream never seen playing proves nothing lost, and so nothing comes back
    // when it first plays: a probe timing out before a new camera's first picture raised "back" alone.
    const unproven = streamOk === null || (!streamOk && row.stream_known_ok === null);
    const known = unproven ? row.stream_known_ok : Number(streamOk);
    if (row.stream_known_ok === 1 && known === 0) lost.push(cameraRef(row));
    if (row.stream_known_ok === 0 && known === 1) back.push(cameraRef(row));
    const changed = status !== row.status || source !== row.status_source;
    if (!changed && known === row.stream_known_ok) continue;
    const changedAt = status === row.status ? row.status_changed_at : now.toISOString();
    await db
      .updateTable('cameras')
      .set({ status, status_source: source, status_changed_at: changedAt, stream_known_ok: known })
      .where('id', '=', row.id)
      .execute();
    if (!changed) continue;
    const data: CameraStatusEvent = { id: row.id, status, statusSource: source, statusChangedAt: changedAt };
    events.push({ event: 'cameraStatus', data });
  }
  await streamAlerts.raise(db, now, 'cameraStreamLost', lost);
  await streamAlerts.raise(db, now, 'cameraStreamBack', back);
  return { events, alerts: lost.length + back.length };
}

const cameraRef = (row: { id: number; ai_server_id: number | null }): CameraRef => ({
  cameraId: row.id,
  aiServerId: row.ai_server_id,
});

/** What recording a read needs: the database, the clock, the stream alerts, and the feeds to tell. */
export type StreamReadContext = Pick<CamerasContext, 'db' | 'clock' | 'streamAlerts' | 'statusFeed'>;

/**
 * What the console's read of a camera's stream found: playing or not, and whether a live relay
 * goes on reading it (its read renewed with every frame); `null`: it no longer reads it.
 */
export type StreamRead = { readonly ok: boolean; readonly live: boolean } | null;

/**
 * Records what the console's read of a camera's stream found, unless newer evidence is stored
 * already (a read is as of the clock's now), settles its status and tells the consoles (its
 * status, and any alert it raised).
 */
export async function recordStreamRead(
  ctx: StreamReadContext,
  cameraId: number,
  reader: StreamReader,
  read: StreamRead,
): Promise<void> {
  const now = ctx.clock.now();
  const at = now.toISOString();
  const settled = await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('cameras')
      .set({
        read_ok: read === null ? null : Number(read.ok),
        read_by: read === null ? null : reader,
        read_at: read === null ? null : at,
        read_live: read === null ? null : Number(read.live),
      })
      .where('id', '=', cameraId)
      .where((eb) => eb.or([eb('read_at', 'is', null), eb('read_at', '<=', at)]))
      .execute();
    return settleCameraStatus(trx, now, { cameraIds: [cameraId] }, ctx.streamAlerts);
  });
  ctx.statusFeed.publish(settled.events);
  if (settled.alerts > 0) ctx.streamAlerts.committed();
}

const settleBatch = 5_000;

/**
 * Forgets every read of an earlier run (no relay runs at start, and the first probe round reads
 * again) and settles every camera from what is left. A read forgotten proves nothing either way:
 * what was last known of each stream is kept, and the next read alerts only if it differs. Only
 * cameras holding a read are written: rewriting 100,000 unread cameras at each start took 24 s on
 * PostgreSQL and left as many dead rows and trigram index entries for the lists to pass over.
 */
export async function forgetStreamReads(
  ctx: Pick<CamerasContext, 'db' | 'clock' | 'streamAlerts'>,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('cameras')
      .set({ read_ok: null, read_by: null, read_at: null, read_live: null })
      .where((eb) => eb.or([eb('read_ok', 'is not', null), eb('read_by', 'is not', null)]))
      .execute();
    const ids = (await trx.selectFrom('cameras').select('id').execute()).map((row) => row.id);
    // A batch at a time: SQLite binds at most 32,766 values to one statement.
    for (let first = 0; first < ids.length; first += settleBatch) {
      const cameraIds = ids.slice(first, first + settleBatch);
      await settleCameraStatus(trx, ctx.clock.now(), { cameraIds }, ctx.streamAlerts);
    }
  });
}

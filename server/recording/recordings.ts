import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { StreamAddressPolicy } from '../streams/stream-address';
import type { StreamSpawn } from '../streams/stream-process';
import type { Clock } from '../kernel/clock';
import { privateDirMode } from '../kernel/private-files';
import type { Db } from '../db/open-database';
import type { ChangeChannel } from '../cluster/change-channel';
import { everyCamera, type CameraClaim, type CameraClaims } from './camera-claims';
import { createStreamSlots, type StreamSlot, type StreamSlots } from '../streams/stream-slots';
import { startRecorder, type Backoff, type Recorder, type RecorderState } from './recorder';
import type { RecordingSettings } from './recording-settings';
import type { RecordingStore } from './recording-store';
import { sweepRecordings, type SweepResult } from './recording-sweep';
import { indexedSegments } from './segment-index';
import { createSegmentTranscoder, type SegmentTranscoder } from './segment-transcode';

export interface RecordingsOptions {
  readonly db: Db;
  readonly clock: Clock;
  readonly store: RecordingStore;
  /** Where recorders write their segments in progress (emptied at start: a crash leaves partial ones). */
  readonly spoolDir: string;
  readonly settings: RecordingSettings;
  readonly policy: StreamAddressPolicy;
  readonly readTimeoutMs: number;
  readonly backoff: Backoff;
  readonly log: FastifyBaseLogger;
  /** Starts the recorders' and transcodes' ffmpeg; tests read their arguments. */
  readonly spawn?: StreamSpawn;
  /** Which cameras this server may record, with others on one database; default every camera. */
  readonly claims?: CameraClaims;
  /**
   * The other servers of the database: told when this one, closing, gave its cameras up, and telling
   * it when one of them did, so that a camera is recorded on without waiting for the next sync.
   */
  readonly changes?: ChangeChannel | null;
}

/** The server's recording: one recorder per camera whose mode is not off, and the sweep that bounds them. */
export interface Recordings {
  readonly store: RecordingStore;
  readonly settings: RecordingSettings;
  /** Alert clips being joined into MP4 files (CFOP_RECORDING_MAX_CLIP_EXPORTS). */
  readonly clipExports: StreamSlots;
  /** Where MP4 clips are written before they are sent (inside the spool, so emptied at start). */
  readonly clipDir: string;
  /** H.264 copies of segments for browsers that cannot decode theirs (CFOP_RECORDING_MAX_TRANSCODES). */
  readonly transcoder: SegmentTranscoder;
  /** Starts and stops recorders to match the cameras' modes and addresses now. */
  sync(): Promise<void>;
  /** Applies retention, quota and the disk's floor; a disk still short pauses every recorder. */
  sweep(): Promise<SweepResult>;
  /** Cameras recorded now, by id. */
  recording(): number[];
  /** The camera's recorder's state, or null when none runs. */
  state(cameraId: number): RecorderState | null;
  close(): Promise<void>;
}

interface Held {
  readonly recorder: Recorder;
  readonly slot: StreamSlot;
  readonly claim: CameraClaim;
}

/**
 * The local folder ffmpeg writes segments into before they are stored, emptied at start. Servers
 * that share DATA_DIR (on PostgreSQL) each have their own, named after the server, so one starting
 * does not empty another's.
 */
export function recordingSpoolDir(dataDir: string, sharedByServer?: string): string {
  const spool = join(dataDir, 'recording-spool');
  return sharedByServer === undefined ? spool : join(spool, sharedByServer.replace(/[^\w.-]/g, '_'));
}

/**
 * Recorders have a budget of their own (CFOP_RECORDING_MAX_STREAMS), not the live views': a
 * recorder runs for days, and drawing on the live budget would leave a wall of recorded cameras
 * without views. A copying recorder costs little CPU; its budget bounds processes and disk writes.
 * Cameras beyond it are not recorded (lowest ids first), with a warning.
 */
export async function createRecordings(options: RecordingsOptions): Promise<Recordings> {
  await rm(options.spoolDir, { recursive: true, force: true });
  await mkdir(options.spoolDir, { recursive: true, mode: privateDirMode });
  await removeUnindexed(options);
  const slots = createStreamSlots(options.settings.maxRecorders);
  const transcoder = createSegmentTranscoder({
    store: options.store,
    dir: join(options.spoolDir, 'transcoded'),
    maxAtOnce: options.settings.maxTranscodes,
    cacheBytes: options.settings.transcodeCacheBytes,
    log: options.log,
    spawn: options.spawn,
  });
  const claims = options.claims ?? everyCamera;
  const running = new Map<number, Held>();
  const stopping = new Set<Promise<void>>();
  let diskLow = false;
  let closed = false;
  // One sync at a time: two would start a camera's recorder twice.
  let syncing = Promise.resolve();

  const stop = (cameraId: number) => {
    const held = running.get(cameraId);
    if (!held) return;
    running.delete(cameraId);
    // The claim goes once ffmpeg has closed its last segment: another server then records on.
    const gone = held.recorder
      .stop()
      .then(() => held.claim.release())
      .finally(() => {
        held.slot.release();
        stopping.delete(gone);
      });
    stopping.add(gone);
  };

  async function syncNow(): Promise<void> {
    const wanted =
      closed || diskLow
        ? []
        : await options.db
            .selectFrom('cameras')
            .select(['id', 'main_stream_url', 'recording_mode'])
            .where('recording_mode', '!=', 'off')
            .orderBy('id')
            .execute();
    const byId = new Map(wanted.map((camera) => [camera.id, camera]));
    for (const [cameraId, { recorder }] of running) {
      const camera = byId.get(cameraId);
      if (!camera || camera.main_stream_url !== recorder.url || camera.recording_mode !== recorder.mode) {
        stop(cameraId);
      }
    }
    const left: number[] = [];
    for (const camera of wanted) {
      if (running.has(camera.id) || camera.recording_mode === 'off') continue;
      const slot = slots.tryTake();
      if (!slot) {
        left.push(camera.id);
        continue;
      }
      const claim = await claims.claim(camera.id);
      // Recorded by another server.
      if (!claim) {
        slot.release();
        continue;
      }
      const recorder = startRecorder({
        cameraId: camera.id,
        url: camera.main_stream_url,
        mode: camera.recording_mode,
        spoolDir: join(options.spoolDir, String(camera.id)),
        segmentSeconds: options.settings.segmentSeconds,
        store: options.store,
        db: options.db,
        clock: options.clock,
        policy: options.policy,
        readTimeoutMs: options.readTimeoutMs,
        backoff: options.backoff,
        log: options.log,
        spawn: options.spawn,
      });
      running.set(camera.id, { recorder, slot, claim });
    }
    if (left.length > 0) {
      options.log.warn(
        `not recorded, beyond CFOP_RECORDING_MAX_STREAMS (${slots.max}): cameras ${left.join(', ')}`,
      );
    }
  }

  const sync = () => {
    syncing = syncing.then(syncNow, syncNow);
    return syncing;
  };
  // Claims lost at once may be another server's already: every recorder stops, and the next sync
  // claims again those it still can.
  claims.onLost(() => {
    for (const cameraId of [...running.keys()]) stop(cameraId);
  });
  const unsubscribe = options.changes?.subscribe((notice) => {
    if (notice.kind !== 'recordingReleased' || closed) return;
    sync().catch((error: unknown) =>
      options.log.warn({ err: error }, 'taking the cameras another server gave up failed'),
    );
  });

  return {
    store: options.store,
    settings: options.settings,
    clipExports: createStreamSlots(options.settings.maxClipExports),
    clipDir: join(options.spoolDir, 'clips'),
    transcoder,
    sync,
    async sweep() {
      const result = await sweepRecordings(options);
      await transcoder.keepIndexed((ids) => indexedSegments(options.db, ids));
      const changed = result.diskLow !== diskLow;
      diskLow = result.diskLow;
      if (changed) await sync();
      return result;
    },
    recording: () => [...running.keys()],
    state: (cameraId) => running.get(cameraId)?.recorder.state() ?? null,
    async close() {
      closed = true;
      unsubscribe?.();
      const handingOver = running.size > 0;
      await sync();
      await Promise.allSettled([...stopping]);
      await claims.close();
      if (handingOver) options.changes?.publish({ kind: 'recordingReleased' });
    },
  };
}

const unindexedGraceMs = 10 * 60_000;

/**
 * A stop between storing a segment and indexing it (a crash, a power cut) leaves an object no row
 * names, which no quota would count: those of the last two days (where a recorder could have been
 * writing) are removed at start.
 */
async function removeUnindexed({ db, store, clock, log, claims }: RecordingsOptions): Promise<void> {
  const now = clock.now().getTime();
  // Servers sharing the storage (claims): another may have stored a segment whose row is not yet
  // committed, so only objects older than any store-then-index step are strays. The storage dates
  // its objects by the system's clock, not the app's.
  const settledBefore = claims ? Date.now() - unindexedGraceMs : Infinity;
  const days = [now - 86_400_000, now].map((ms) => new Date(ms).toISOString().slice(0, 10));
  const cameras = await db.selectFrom('cameras').select('id').execute();
  for (const { id } of cameras) {
    for (const day of days) {
      const prefix = `${id}/${day}/`;
      const stored = await store.list(prefix);
      if (stored.length === 0) continue;
      const indexed = await db
        .selectFrom('recording_segments')
        .select('store_key')
        .where('store_key', 'like', `${prefix}%`)
        .execute();
      const known = new Set(indexed.map((row) => row.store_key));
      const unindexed = stored.filter(
        (object) => !known.has(object.key) && object.modifiedAt.getTime() < settledBefore,
      );
      for (const { key } of unindexed) {
        log.warn(`recording ${key} was never indexed: removed`);
        await store.remove(key);
      }
    }
  }
}

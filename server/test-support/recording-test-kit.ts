import type { ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject, onTestFinished } from 'vitest';
import { spawnPiped, type StreamSpawn } from '../streams/stream-process';
import { systemClock, type Clock } from '../kernel/clock';
import { databaseFileName, openDatabase, type Db } from '../db/open-database';
import type { RecordingMode } from '../db/schema';
import { tempDir } from './test-app';
import { testDatabaseUrl } from './test-database';
import { createFolderStorage } from '../storage/folder-storage';
import { recordingStore, type RecordingStore } from '../recording/recording-store';
import { addSegment } from '../recording/segment-index';

/** A migrated database and a recording store in a fresh data folder, closed after the test. */
export async function recordingWorld(clock: Clock = systemClock) {
  const dataDir = tempDir();
  copyFileSync(inject('migratedDatabase'), join(dataDir, databaseFileName));
  const db: Db = await openDatabase(dataDir, await testDatabaseUrl(dataDir, onTestFinished));
  onTestFinished(() => db.destroy());
  const store: RecordingStore = recordingStore(createFolderStorage(dataDir));
  const now = clock.now().toISOString();
  let cameras = 0;
  return {
    dataDir,
    db,
    store,
    /** A camera reading `url`, recorded in `mode`; answers its id. */
    async addCamera(url: string, mode: RecordingMode): Promise<number> {
      cameras += 1;
      const row = await db
        .insertInto('cameras')
        .values({
          name: `录像-${cameras}`,
          code: `REC-${cameras}`,
          area: '',
          main_stream_url: url,
          sub_stream_url: '',
          vendor: 'other',
          ip: `10.9.0.${cameras}`,
          ai_server_id: null,
          status: 'offline',
          stream_ok: null,
          read_ok: null,
          read_by: null,
          status_source: null,
          status_changed_at: null,
          recording_mode: mode,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** A stored, indexed segment of `bytes` bytes over [start, end) (ISO times); answers its key. */
    async addStoredSegment(cameraId: number, start: string, end: string, bytes: number, awaitingAlert = 0) {
      const spool = join(dataDir, 'test-spool');
      mkdirSync(spool, { recursive: true });
      const key = `${cameraId}/${start.slice(0, 10)}/${start.replace(/[-:.]/g, '')}.ts`;
      const file = join(spool, 'segment.ts');
      writeFileSync(file, Buffer.alloc(bytes));
      const stored = await store.put(key, file);
      await addSegment(db, {
        camera_id: cameraId,
        started_at: start,
        ended_at: end,
        bytes: stored,
        store_key: key,
        run: 'test',
        awaiting_alert: awaitingAlert,
      });
      return key;
    },
    async segmentKeys(): Promise<string[]> {
      const rows = await db
        .selectFrom('recording_segments')
        .select('store_key')
        .orderBy('started_at')
        .execute();
      return rows.map((row) => row.store_key);
    },
  };
}

let revisions = 0;

/** An alert of the camera at `occurredAt` (ISO), as an AI server's report leaves it. */
export async function addAlert(db: Db, cameraId: number, occurredAt: string): Promise<void> {
  revisions += 1;
  await db
    .insertInto('alerts')
    .values({
      ai_server_id: null,
      camera_id: cameraId,
      task_id: null,
      model_id: null,
      ai_server_name: '一号服务器',
      camera_name: '北门',
      area: '',
      task_name: '',
      model_name: '',
      label: '未戴安全帽',
      label_en: 'no helmet',
      level: 'high',
      confidence: 0.9,
      boxes: '[]',
      snapshot_file_id: null,
      occurred_at: occurredAt,
      received_at: occurredAt,
      status: 'pending',
      handled_by: null,
      handled_by_name: '',
      handled_at: null,
      handling_note: '',
      revision: revisions,
      source_id: null,
      source: 'ai',
      type: 'detection',
    })
    .execute();
}

/** A spawn for the recorders that keeps each ffmpeg it starts, and those of them still running. */
export function keptRecorders() {
  const recorders: ChildProcess[] = [];
  const spawn: StreamSpawn = (command, args) => {
    const child = spawnPiped(command, args);
    recorders.push(child);
    return child;
  };
  const running = () => recorders.filter((child) => child.exitCode === null && child.signalCode === null);
  return { recorders, spawn, running };
}

import type { Db } from '../db/open-database';
import type { Selectable } from 'kysely';
import type { AlertLevel, AlertSource, Table } from '../db/schema';

/** What a message tells of an alert: copied when it is queued, so it outlives the alert's purge. */
export interface Notice {
  readonly alertId: number;
  readonly source: AlertSource;
  readonly type: string;
  readonly level: AlertLevel;
  readonly label: string;
  readonly labelEn: string;
  readonly cameraId: number | null;
  readonly cameraName: string;
  readonly area: string;
  readonly aiServerId: number | null;
  readonly aiServerName: string;
  /** ISO time. */
  readonly occurredAt: string;
  readonly snapshotFileId: number | null;
}

/** The columns of an alert that a notice copies. */
export type NoticeColumns = Pick<
  Selectable<Table<'alerts'>>,
  | 'id'
  | 'source'
  | 'type'
  | 'level'
  | 'label'
  | 'label_en'
  | 'camera_id'
  | 'camera_name'
  | 'area'
  | 'ai_server_id'
  | 'ai_server_name'
  | 'occurred_at'
  | 'snapshot_file_id'
>;

/** An alert as a notice, from the columns its insert has just written (no read back). */
export function noticeOf(row: NoticeColumns): Notice {
  return {
    alertId: row.id,
    source: row.source,
    type: row.type,
    level: row.level,
    label: row.label,
    labelEn: row.label_en,
    cameraId: row.camera_id,
    cameraName: row.camera_name,
    area: row.area,
    aiServerId: row.ai_server_id,
    aiServerName: row.ai_server_name,
    occurredAt: row.occurred_at,
    snapshotFileId: row.snapshot_file_id,
  };
}

/**
 * The alert a test send tells of: plainly a test, so nobody acts on it. It shows `snapshotFileId`
 * (the newest alert snapshot, if any), so a receiver checks that the snapshot link opens.
 */
export function sampleNotice(occurredAt: string, snapshotFileId: number | null): Notice {
  return {
    alertId: 0,
    source: 'ai',
    type: 'detection',
    level: 'high',
    label: '测试告警',
    labelEn: 'Test alert',
    cameraId: null,
    cameraName: '测试摄像头 / Test camera',
    area: '测试区域 / Test area',
    aiServerId: null,
    aiServerName: '',
    occurredAt,
    snapshotFileId,
  };
}

/** The newest alert's snapshot still kept, for a test send to link to; null when there is none. */
export async function newestAlertSnapshot(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('alerts')
    .innerJoin('files', 'files.id', 'alerts.snapshot_file_id')
    .select('files.id')
    .orderBy('alerts.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

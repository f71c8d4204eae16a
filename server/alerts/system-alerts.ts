import { sql, type Insertable } from 'kysely';
import type { Clock } from '../kernel/clock';
import type { Db } from '../db/open-database';
import type { AlertLevel, Table } from '../db/schema';
import type { LocalText } from '../kernel/locale';
import type { AlertHooks } from './alert-hooks';
import { nextRevision } from './alert-revisions';

/**
 * An alert the console raises itself (a device's health, a gate), not an AI server: it has no
 * snapshot, boxes, task or model, and is handled on the wall like any other.
 */
export interface SystemAlert {
  readonly source: 'device' | 'access';
  /** What happened, e.g. 'aiServerOffline', 'cameraStreamLost', 'blacklistedPlate'. */
  readonly type: string;
  readonly level: AlertLevel;
  /** What the wall shows, in both languages. */
  readonly title: LocalText;
  readonly cameraId?: number | null;
  readonly aiServerId?: number | null;
  readonly area?: string | null;
  /** ISO time. */
  readonly occurredAt: string;
  /** Idempotency key, unique per source: raising it again answers the first alert. */
  readonly sourceId?: string;
}

/**
 * The key as stored: its source first, so that it never equals an AI server's own id of an alert
 * (those have no '/'), which is unique per AI server only (0014), nor another source's key.
 */
const storedKey = (alert: SystemAlert) =>
  alert.sourceId === undefined ? null : `${alert.source}/${alert.sourceId}`;

/** The alert stored with this key, if one was raised. */
async function raisedBefore(db: Db, key: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('alerts')
    .select('id')
    .where('source', '<>', 'ai')
    .where('source_id', '=', key)
    .executeTakeFirst();
  return row?.id;
}

/**
 * Stores a system alert inside the caller's transaction (which may decide whether to raise it, as a
 * device's change of state does), counted and with the notifications its rules call for (`hooks`);
 * answers its id. The caller tells the live streams after the
 * commit. The names of its camera and AI server are copied in, as for an AI alert.
 */
export async function insertSystemAlert(
  db: Db,
  receivedAt: string,
  alert: SystemAlert,
  hooks: AlertHooks,
): Promise<number> {
  const key = storedKey(alert);
  if (key !== null) {
    const first = await raisedBefore(db, key);
    if (first !== undefined) return first;
  }
  const camera =
    alert.cameraId == null
      ? undefined
      : await db
          .selectFrom('cameras')
          .select(['name', 'area'])
          .where('id', '=', alert.cameraId)
          .executeTakeFirst();
  const server =
    alert.aiServerId == null
      ? undefined
      : await db
          .selectFrom('ai_servers')
          .select('name')
          .where('id', '=', alert.aiServerId)
          .executeTakeFirst();
  const row = {
    source: alert.source,
    type: alert.type,
    ai_server_id: server ? (alert.aiServerId ?? null) : null,
    camera_id: camera ? (alert.cameraId ?? null) : null,
    task_id: null,
    model_id: null,
    ai_server_name: server?.name ?? '',
    camera_name: camera?.name ?? '',
    area: alert.area ?? camera?.area ?? '',
    task_name: '',
    model_name: '',
    label: alert.title.zh,
    label_en: alert.title.en,
    level: alert.level,
    confidence: 1,
    boxes: '[]',
    snapshot_file_id: null,
    occurred_at: new Date(alert.occurredAt).toISOString(),
    received_at: receivedAt,
    status: 'pending',
    handled_by_name: '',
    handling_note: '',
    revision: await nextRevision(db),
    source_id: key,
  } satisfies Insertable<Table<'alerts'>>;
  const inserted = await db
    .insertInto('alerts')
    .values(row)
    // The partial unique index (0015), not the look-up above, settles two raising the same key at once.
    .onConflict((conflict) =>
      conflict
        .columns(['source', 'source_id'])
        .where(sql<boolean>`source <> 'ai'`)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  if (inserted) {
    const stored = { ...row, id: inserted.id, handled_by: null, handled_at: null };
    await hooks.alertsCounted(db, [{ before: null, after: stored }]);
    await hooks.alertsStored(db, [stored], new Date(receivedAt));
    return inserted.id;
  }
  const first = key === null ? undefined : await raisedBefore(db, key);
  if (first === undefined) throw new Error('a system alert conflicted with no stored alert');
  return first;
}

/** What raising a system alert on its own needs of the app (AppContext satisfies it). */
export interface SystemAlertContext {
  readonly db: Db;
  readonly clock: Clock;
  /** What the domains above do when the alert is stored. */
  readonly alertHooks: AlertHooks;
}

/** Raises a system alert on its own: stored, then shown on the live walls. Answers its id. */
export async function raiseSystemAlert(ctx: SystemAlertContext, alert: SystemAlert): Promise<number> {
  const id = await ctx.db
    .transaction()
    .execute(async (trx) => insertSystemAlert(trx, ctx.clock.now().toISOString(), alert, ctx.alertHooks));
  ctx.alertHooks.alertsCommitted();
  return id;
}

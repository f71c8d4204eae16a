import type { AppContext } from '../app-context';
import type { LocalText } from '../http/locale';
import { nextRevision } from './alert-revisions';

/** An alert the console raises itself (a device's health, a gate's passage), not an AI detection. */
export interface SystemAlert {
  readonly source: 'device' | 'access';
  /** e.g. 'aiServerOffline', 'cameraStreamLost', 'blacklistedPlate' */
  readonly type: string;
  readonly level: 'low' | 'medium' | 'high' | 'critical';
  /** What the wall shows, zh/en. */
  readonly title: LocalText;
  readonly cameraId?: number | null;
  readonly aiServerId?: number | null;
  readonly area?: string | null;
  /** ISO */
  readonly occurredAt: string;
  /** Idempotency key, unique per source. */
  readonly sourceId?: string;
}

/**
 * Stores the alert on the wall (pending, like an AI alert) and tells the live streams; answers its
 * id. One raised again with the same `sourceId` answers the first. Its title is its label.
 */
export async function raiseSystemAlert(ctx: AppContext, alert: SystemAlert): Promise<number> {
  const now = ctx.clock.now().toISOString();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const server =
      alert.aiServerId == null
        ? undefined
        : await trx
            .selectFrom('ai_servers')
            .select('name')
            .where('id', '=', alert.aiServerId)
            .executeTakeFirst();
    const camera =
      alert.cameraId == null
        ? undefined
        : await trx.selectFrom('cameras').select('name').where('id', '=', alert.cameraId).executeTakeFirst();
    const sourceId = alert.sourceId === undefined ? null : `${alert.source}:${alert.sourceId}`;
    const inserted = await trx
      .insertInto('alerts')
      .values({
        ai_server_id: alert.aiServerId ?? null,
        camera_id: alert.cameraId ?? null,
        task_id: null,
        model_id: null,
        ai_server_name: server?.name ?? '',
        camera_name: camera?.name ?? '',
        area: alert.area ?? '',
        task_name: '',
        model_name: '',
        label: alert.title.zh,
        level: alert.level,
        confidence: 1,
        boxes: '[]',
        snapshot_file_id: null,
        occurred_at: new Date(alert.occurredAt).toISOString(),
        received_at: now,
        status: 'pending',
        handled_by_name: '',
        handling_note: '',
        revision: await nextRevision(trx),
        source_id: sourceId,
      })
      .onConflict((conflict) => conflict.columns(['ai_server_id', 'source_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return inserted.id;
    const first = await trx
      .selectFrom('alerts')
      .select('id')
      .where('source_id', '=', sourceId)
      .executeTakeFirstOrThrow();
    return first.id;
  });
  ctx.alertFeed.changed();
  return id;
}

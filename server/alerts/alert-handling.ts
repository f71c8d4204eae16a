import { sql } from 'kysely';
import type { components } from '../../src/generated/openapi';
import type { AlertsContext } from './alerts-context';
import { countedColumns, type AlertChange, type AlertHooks } from './alert-hooks';
import type { Db } from '../db/open-database';
import type { AlertStatus } from '../db/schema';
import { badInput } from '../kernel/api-error';
import type { LocalText } from '../kernel/locale';
import { notFound } from '../resources/resource-service';
import { selectPage, type RowSelection } from '../resources/resource-store';
import { nextRevision } from './alert-revisions';

// An alert's way: pending → confirmed (a real event) or dismissed (a false alarm), by one operator's
// decision, once. Nothing moves it back: the record says who decided what and when.

type AlertDecision = components['schemas']['AlertDecision'];
type AlertHandling = components['schemas']['AlertHandling'];

export const statusOfDecision: Record<AlertDecision, Exclude<AlertStatus, 'pending'>> = {
  confirm: 'confirmed',
  dismiss: 'dismissed',
};

const statusNames: Record<AlertStatus, LocalText> = {
  pending: { zh: '待处理', en: 'pending' },
  confirmed: { zh: '已确认', en: 'confirmed' },
  dismissed: { zh: '已忽略', en: 'dismissed' },
};

export const decisionNames: Record<AlertDecision, LocalText> = {
  confirm: { zh: '确认', en: 'confirmed' },
  dismiss: { zh: '忽略', en: 'dismissed' },
};

interface Handler {
  readonly id: number;
  readonly name: string;
}

async function handlerOf(db: Db, userId: number): Promise<Handler> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'name', 'username'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { id: user.id, name: user.name || user.username };
}

/**
 * Sets the decision on each pending alert of `ids`, each with a revision of its own, and moves it in
 * the rollups; answers those changed. Each update asks again that the alert is pending: of two
 * operators deciding one alert at once (PostgreSQL runs both), the second changes nothing, so the
 * alert is counted as handled once.
 */
async function decide(
  db: Db,
  hooks: AlertHooks,
  ids: readonly number[],
  handling: AlertHandling,
  handler: Handler,
  now: string,
) {
  const pending = await db
    .selectFrom('alerts')
    .select('id')
    .where('id', 'in', [...ids])
    .where('status', '=', 'pending')
    .orderBy('id')
    .execute();
  let revision = await nextRevision(db);
  const decided: number[] = [];
  const changes: AlertChange[] = [];
  for (const alert of pending) {
    const row = await db
      .updateTable('alerts')
      .set({
        status: statusOfDecision[handling.decision],
        handled_by: handler.id,
        handled_by_name: handler.name,
        handled_at: now,
        handling_note: handling.note?.trim() ?? '',
        revision: revision++,
      })
      .where('id', '=', alert.id)
      .where('status', '=', 'pending')
      .returning(['id', ...countedColumns])
      .executeTakeFirst();
    if (!row) continue;
    decided.push(row.id);
    changes.push({ before: { ...row, status: 'pending', handled_at: null }, after: row });
  }
  await hooks.alertsCounted(db, changes);
  return decided;
}

const alreadyHandled = (alert: { status: AlertStatus; handled_by_name: string }) => {
  const status = statusNames[alert.status];
  return badInput([
    {
      field: 'decision',
      message: {
        zh: `只能处理待处理的告警：该告警已由 ${alert.handled_by_name} ${status.zh}`,
        en: `only a pending alert can be handled: ${alert.handled_by_name} has ${status.en} this one`,
      },
    },
  ]);
};

/** Confirms or dismisses one pending alert; a 404 for no such alert, a 400 on `decision` once handled. */
export async function handleAlert(ctx: AlertsContext, id: number, handling: AlertHandling, userId: number) {
  const now = ctx.clock.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const alert = await trx
      .selectFrom('alerts')
      .select(['label', 'status', 'handled_by_name'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!alert) throw notFound(id);
    if (alert.status !== 'pending') throw alreadyHandled(alert);
    const decided = await decide(trx, ctx.alertHooks, [id], handling, await handlerOf(trx, userId), now);
    if (decided.length === 0) {
      // Another operator's decision committed meanwhile: theirs stands.
      const decidedMeanwhile = await trx
        .selectFrom('alerts')
        .select(['status', 'handled_by_name'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      throw alreadyHandled(decidedMeanwhile);
    }
    return alert.label;
  });
}

/**
 * Handles the pending alerts among `ids` alike in one transaction; answers their ids and how many
 * were already handled. Ids that do not exist are a 400 naming `ids`.
 */
export async function bulkHandleAlerts(
  ctx: AlertsContext,
  ids: readonly number[],
  handling: AlertHandling,
  userId: number,
): Promise<{ handled: number[]; skipped: number }> {
  const now = ctx.clock.now().toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const found = new Set(
      (
        await trx
          .selectFrom('alerts')
          .select('id')
          .where('id', 'in', [...ids])
          .execute()
      ).map((row) => row.id),
    );
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length > 0) {
      throw badInput([
        {
          field: 'ids',
          message: {
            zh: `告警不存在（id ${missing.join('、')}）`,
            en: `no such alert (id ${missing.join(', ')})`,
          },
        },
      ]);
    }
    const handled = await decide(trx, ctx.alertHooks, ids, handling, await handlerOf(trx, userId), now);
    return { handled, skipped: ids.length - handled.length };
  });
}

/** Alerts handled per transaction: ingest waits for one batch at most, not for the whole action. */
const filterBatchSize = 500;
/** One call handles at most this many; the operator calls again for more (the answer says so). */
export const filterHandlingCap = 10_000;

/**
 * Handles alike every pending alert of `selection` (the alert list's filters), a batch per
 * transaction until none is left or the cap is reached; each batch is told to the live feed. Alerts
 * another operator decides meanwhile are counted in `skipped`, never twice.
 */
export async function handleAlertsByFilter(
  ctx: AlertsContext,
  selection: RowSelection,
  handling: AlertHandling,
  userId: number,
): Promise<{ handled: number; skipped: number; capped: boolean }> {
  const pendingSelection: RowSelection = {
    ...selection,
    conditions: [...selection.conditions, sql<boolean>`status = 'pending'`],
    order: { column: 'id', descending: false },
  };
  const handler = await handlerOf(ctx.db, userId);
  let handled = 0;
  let skipped = 0;
  for (;;) {
    const limit = Math.min(filterBatchSize, filterHandlingCap - handled - skipped);
    if (limit === 0) return { handled, skipped, capped: true };
    const now = ctx.clock.now().toISOString();
    const batch = await ctx.db.transaction().execute(async (trx) => {
      const rows = await selectPage(trx, pendingSelection, { offset: 0, limit, fewMatches: true });
      const ids = rows.map((row) => row.id as number);
      // `id in ()` is no SQL for PostgreSQL: an empty batch ends the action before any update.
      if (ids.length === 0) return { selected: 0, decided: 0 };
      return {
        selected: ids.length,
        decided: (await decide(trx, ctx.alertHooks, ids, handling, handler, now)).length,
      };
    });
    if (batch.selected === 0) return { handled, skipped, capped: false };
    handled += batch.decided;
    skipped += batch.selected - batch.decided;
    if (batch.decided > 0) ctx.alertHooks.alertsCommitted();
  }
}

import type { NotifyContext } from './notify-context';
import { later } from '../kernel/clock';
import type { Table } from '../db/schema';
import type { Selectable } from 'kysely';
import { takeNotificationSms, type SmsNoRoom } from '../sms/sms-budget';
import { messageFacts, sendMessage, type SendOutcome } from './message-send';
import type { Notice } from './notice';
import { nextAttemptAt } from './outbox';
import type { ReceiverAnswer } from './webhook-post';
import { loadRules } from './stored-rules';

type OutboxRow = Selectable<Table<'notification_outbox'>>;

/** Messages taken per look at the outbox; the rest wait for the next look. */
export const notificationBatch = 20;

/** Receivers sent to at once: one slow receiver does not hold the others. */
const parallelSends = 4;

type SenderContext = Pick<
  NotifyContext,
  'db' | 'clock' | 'smsSender' | 'notify' | 'contract' | 'snapshotLinks' | 'signInLimits'
>;

/** How an attempt reads in the rule's last failure: `HTTP 500: <answer>` or the reason. */
const failureText = (outcome: ReceiverAnswer) =>
  outcome.status === null ? outcome.answer : `HTTP ${outcome.status}: ${outcome.answer}`;

/**
 * Sends the due messages of the outbox once; answers how many were taken. A message that fails
 * is tried again later (retryDelayMs) until it is older than the settings allow, then marked
 * failed. Each attempt keeps the receiver's status and the start of its answer. An SMS takes its
 * room in the SMS budget first; without room it waits, pending, until room opens (sms-budget.ts).
 */
export async function sendDueNotifications(ctx: SenderContext): Promise<number> {
  const due = await ctx.db
    .selectFrom('notification_outbox')
    .selectAll()
    .where('status', '=', 'pending')
    .where('due_at', '<=', ctx.clock.now().toISOString())
    .orderBy('due_at')
    .orderBy('id')
    .limit(notificationBatch)
    .execute();
  if (due.length === 0) return 0;
  const rules = new Map(
    (await loadRules(ctx.db, { ids: [...new Set(due.map((row) => row.rule_id))] })).map((rule) => [
      rule.id,
      rule,
    ]),
  );
  const queue = [...due];
  const worker = async () => {
    for (let row = queue.shift(); row !== undefined; row = queue.shift()) {
      const rule = rules.get(row.rule_id);
      if (!rule) continue; // Deleted meanwhile: its messages went with it.
      const noRoom = row.channel === 'sms' ? await takeNotificationSms(ctx, row.target) : null;
      if (noRoom) {
        await recordFailure(ctx, row, deferral(noRoom), later(ctx.clock.now(), noRoom.waitMs));
        continue;
      }
      const notice = JSON.parse(row.alert) as Notice;
      const outcome = await sendMessage(ctx, rule, row, messageFacts(ctx, notice, row.alert_count));
      await record(ctx, row, rule.cooldownSeconds, outcome);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallelSends, due.length) }, worker));
  return due.length;
}

/**
 * Records an attempt on the message and its rule. Alerts that joined the message while it was on
 * its way are not lost: they stay queued as a follow-up due when the cool-down ends.
 */
async function record(ctx: SenderContext, row: OutboxRow, cooldownSeconds: number, outcome: SendOutcome) {
  if (!outcome.ok) return recordFailure(ctx, row, outcome, null);
  const now = ctx.clock.now();
  const at = now.toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    // Marked sent only as the count last read: an alert joining in between (another server's ingest
    // on PostgreSQL) changes the count, and the count is read again, so the follow-up holds it.
    let current: { alert_count: number } | undefined;
    for (;;) {
      current = await trx
        .selectFrom('notification_outbox')
        .select('alert_count')
        .where('id', '=', row.id)
        .executeTakeFirst();
      if (!current) return;
      const marked = await trx
        .updateTable('notification_outbox')
        .set({
          attempts: row.attempts + 1,
          last_attempt_at: at,
          last_status: outcome.status,
          last_answer: outcome.answer.slice(0, 500),
          status: 'sent',
          sent_at: at,
          alert_count: row.alert_count,
        })
        .where('id', '=', row.id)
        .where('alert_count', '=', current.alert_count)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) > 0) break;
    }
    const joined = current.alert_count - row.alert_count;
    if (joined > 0) {
      await trx
        .insertInto('notification_outbox')
        .values({
          rule_id: row.rule_id,
          channel: row.channel,
          target: row.target,
          camera_key: row.camera_key,
          alert_kind: row.alert_kind,
          status: 'pending',
          alert_id: row.alert_id,
          alert: row.alert,
          alert_count: joined,
          created_at: at,
          due_at: later(now, cooldownSeconds * 1000).toISOString(),
        })
        .execute();
    }
    await trx
      .updateTable('notify_rules')
      .set((eb) => ({ sent_count: eb('sent_count', '+', 1), last_sent_at: at }))
      .where('id', '=', row.rule_id)
      .execute();
  });
}

/** How a message waiting for SMS room reads in its answer and the rule's last failure. */
const deferral = (noRoom: SmsNoRoom): ReceiverAnswer => ({
  status: null,
  answer: `推迟发送：${noRoom.reason.zh} / deferred: ${noRoom.reason.en}`,
});

/**
 * Records a message not delivered: after an attempt (`retryAt` null) it is tried again by the
 * back-off; held back for SMS room, it is no attempt and is due again when room opens. Either way it
 * is given up (failed) once older than the settings allow, and the rule shows why.
 */
async function recordFailure(
  ctx: SenderContext,
  row: OutboxRow,
  answer: ReceiverAnswer,
  retryAt: Date | null,
) {
  const now = ctx.clock.now();
  const at = now.toISOString();
  const attempts = retryAt === null ? row.attempts + 1 : row.attempts;
  const givenUp = now.getTime() - Date.parse(row.created_at) >= ctx.notify.maxAgeMs;
  await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('notification_outbox')
      .set({
        attempts,
        ...(retryAt === null && { last_attempt_at: at }),
        last_status: answer.status,
        last_answer: answer.answer.slice(0, 500),
        status: givenUp ? 'failed' : 'pending',
        due_at: givenUp ? row.due_at : (retryAt ?? nextAttemptAt(now, attempts)).toISOString(),
      })
      .where('id', '=', row.id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return;
    await trx
      .updateTable('notify_rules')
      .set((eb) => ({
        last_failure_at: at,
        last_failure: failureText(answer).slice(0, 600),
        ...(givenUp && { failed_count: eb('failed_count', '+', 1) }),
      }))
      .where('id', '=', row.rule_id)
      .execute();
  });
}

import { later } from '../kernel/clock';
import type { Db } from '../db/open-database';
import type { NotifyChannel } from '../db/schema';
import type { AlertHooks } from '../alerts/alert-hooks';
import { noticeOf, type Notice } from './notice';
import { authorMaySee } from './rule-authors';
import { labelMatches, ruleMatches, type RuleFilter } from './rule-match';
import { enabledRulesIn, type StoredRule } from './stored-rules';

/** One receiver of a rule's message: the webhook ('') or a phone. */
export interface Receiver {
  readonly channel: NotifyChannel;
  readonly target: string;
}

/** Who a rule sends to: its webhook, and each phone once. */
export function receiversOf(rule: StoredRule): Receiver[] {
  const webhook: Receiver[] =
    rule.webhookKind !== 'none' && rule.webhookUrl !== '' ? [{ channel: 'webhook', target: '' }] : [];
  const phones = [...new Set([...rule.smsPhones, ...rule.smsUserPhones])];
  return [...webhook, ...phones.map((target): Receiver => ({ channel: 'sms', target }))];
}

/**
 * What makes alerts one burst beside the rule and camera, from the server's own facts only: the
 * source, the type the server gives (every AI detection is 'detection'; a device's and a gate's
 * come from a fixed list), the AI server, and the rule's own label that named the alert, if the
 * rule lists labels. Never the alert's label as an AI server sends it: a box sending each alert
 * under a label of its own would make each a message of its own. A rule listing no labels folds
 * all detections of a camera into one running count; one that lists them keeps a cool-down per
 * listed label, a number its administrator chose.
 */
export function alertKindOf(rule: RuleFilter, notice: Notice): string {
  const ruleLabel = rule.labels.find((label) => labelMatches(label, notice)) ?? '';
  return [notice.source, notice.type, ruleLabel, notice.aiServerId ?? 0].join(':');
}

/**
 * Queues the messages an alert calls for, inside the transaction that stored it: the alert and its
 * messages commit together, so neither a crash nor a restart loses one. A rule forwards only what
 * its last writer may see now (rule-authors.ts). Per rule, camera, kind of alert (alertKindOf) and
 * receiver, the first alert goes at once; further ones within the rule's cool-down join the message
 * still waiting (its count grows) or one follow-up due when the cool-down ends. Answers how many
 * rules matched. The notice comes from the caller's insert, not read back: one query less per alert;
 * the rules and their authors' keys are read once per transaction (enabledRulesIn).
 */
export async function queueNotifications(
  db: Db,
  timeZone: string,
  notice: Notice,
  now: Date,
): Promise<number> {
  const rules = await enabledRulesIn(db);
  const matching = rules.filter(
    (rule) => ruleMatches(rule, notice, timeZone) && authorMaySee(rule.authorKeys, notice),
  );
  for (const rule of matching) {
    for (const receiver of receiversOf(rule)) await queueOne(db, rule, receiver, notice, now);
  }
  return matching.length;
}

/** The alerts' `alertsStored` hook: each new alert's messages queued, the rules' windows read in `timeZone`. */
export const queueAlertNotices =
  (timeZone: string): AlertHooks['alertsStored'] =>
  async (db, alerts, now) => {
    for (const alert of alerts) await queueNotifications(db, timeZone, noticeOf(alert), now);
  };

async function queueOne(db: Db, rule: StoredRule, receiver: Receiver, notice: Notice, now: Date) {
  const cameraKey = notice.cameraId ?? 0;
  const alertKind = alertKindOf(rule, notice);
  const cooldownMs = rule.cooldownSeconds * 1000;
  const sameStream = db
    .selectFrom('notification_outbox')
    .where('rule_id', '=', rule.id)
    .where('camera_key', '=', cameraKey)
    .where('alert_kind', '=', alertKind)
    .where('channel', '=', receiver.channel)
    .where('target', '=', receiver.target);
  // Joined only while still pending: a message sent meanwhile has counted its alerts, and the
  // follow-up its sending left (if any) is the one to join; else this alert is queued anew.
  for (let look = 0; cooldownMs > 0 && look < 2; look += 1) {
    const waiting = await sameStream
      .select('id')
      .where('status', '=', 'pending')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!waiting) break;
    const joined = await db
      .updateTable('notification_outbox')
      .set((eb) => ({ alert_count: eb('alert_count', '+', 1) }))
      .where('id', '=', waiting.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(joined.numUpdatedRows) > 0) return;
  }
  const latest = await sameStream.select('due_at').orderBy('id', 'desc').executeTakeFirst();
  // The cool-down runs from when the latest message was due: at most one message per cool-down.
  const windowEnd = latest === undefined ? 0 : Date.parse(latest.due_at) + cooldownMs;
  const dueAt = windowEnd > now.getTime() ? new Date(windowEnd) : now;
  await db
    .insertInto('notification_outbox')
    .values({
      rule_id: rule.id,
      channel: receiver.channel,
      target: receiver.target,
      camera_key: cameraKey,
      alert_kind: alertKind,
      status: 'pending',
      alert_id: notice.alertId,
      alert: JSON.stringify(notice),
      alert_count: 1,
      created_at: now.toISOString(),
      due_at: dueAt.toISOString(),
    })
    .execute();
}

/** The wait before the next attempt after `attempts` failed ones: 5 s, 15 s, 1 min, 5 min, 15 min, then every 30 min. */
export function retryDelayMs(attempts: number): number {
  const steps = [5_000, 15_000, 60_000, 300_000, 900_000, 1_800_000];
  return steps[Math.min(Math.max(attempts, 1), steps.length) - 1] as number;
}

/** When a message that failed `attempts` times at `at` is tried next. */
export const nextAttemptAt = (at: Date, attempts: number) => later(at, retryDelayMs(attempts));

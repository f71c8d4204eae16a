import type { Db } from '../db/open-database';
import { notFound } from '../resources/resource-service';
import type { Notice } from './notice';

/** The host a webhook rule sends to, as a delivery's target reads. */
const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).host : '');

/** A rule's deliveries, newest first, one page; 404 when there is no such rule. */
export async function deliveriesOf(
  db: Db,
  ruleId: number,
  page: { readonly page?: number; readonly pageSize?: number },
) {
  const rule = await db
    .selectFrom('notify_rules')
    .select('webhook_url')
    .where('id', '=', ruleId)
    .executeTakeFirst();
  if (!rule) throw notFound(ruleId);
  const pageNo = page.page ?? 1;
  const pageSize = page.pageSize ?? 20;
  const { total } = await db
    .selectFrom('notification_outbox')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('rule_id', '=', ruleId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('notification_outbox')
    .selectAll()
    .where('rule_id', '=', ruleId)
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize)
    .execute();
  const items = rows.map((row) => {
    const notice = JSON.parse(row.alert) as Notice;
    return {
      id: row.id,
      channel: row.channel,
      target: row.channel === 'webhook' ? hostOf(rule.webhook_url) : row.target,
      status: row.status,
      alertId: row.alert_id,
      level: notice.level,
      label: notice.label,
      cameraName: notice.cameraName,
      area: notice.area,
      alertCount: row.alert_count,
      createdAt: row.created_at,
      dueAt: row.due_at,
      attempts: row.attempts,
      lastAttemptAt: row.last_attempt_at,
      lastStatus: row.last_status,
      lastAnswer: row.last_answer,
      sentAt: row.sent_at,
    };
  });
  return { items, total: Number(total), page: pageNo, pageSize };
}

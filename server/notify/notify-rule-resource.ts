import type { FieldProblem } from '../kernel/api-error';
import { defineResource } from '../resources/declared-handlers';
import { jsonListField as jsonList } from '../resources/stored-fields';
import type { StoredField } from '../resources/resource-definition';
import { maskSecret } from '../streams/stream-credentials';

const flag: StoredField = { fromRow: (value) => value === 1, toRow: (value) => (value === true ? 1 : 0) };

/**
 * The most phones a rule may text, its users' and its own numbers together: a shift's guards or a
 * team's leads. Each is an SMS per alert burst, paid for and received by someone; a longer list is
 * a distribution list, which belongs in a webhook (a group's robot).
 */
export const maxSmsRecipients = 10;

const listLength = (value: unknown) => (Array.isArray(value) ? value.length : 0);

function tooManyRecipients(input: Readonly<Record<string, unknown>>): FieldProblem[] {
  const count = listLength(input.smsUserIds) + listLength(input.smsPhones);
  if (count <= maxSmsRecipients) return [];
  const field = listLength(input.smsPhones) > 0 ? 'smsPhones' : 'smsUserIds';
  return [
    {
      field,
      message: {
        zh: `短信接收人（用户与号码合计）最多 ${maxSmsRecipients} 个，当前 ${count} 个；更多人请用 Webhook 群机器人`,
        en: `at most ${maxSmsRecipients} SMS recipients (users and numbers together), not ${count}; reach more through a webhook group robot`,
      },
    },
  ];
}

/** A rule must reach someone: a webhook, or phones. */
function receiverProblems(input: Readonly<Record<string, unknown>>): FieldProblem[] {
  const phones = [input.smsUserIds, input.smsPhones].some((list) => Array.isArray(list) && list.length > 0);
  if (input.webhookKind === 'none') {
    return phones
      ? []
      : [
          {
            field: 'webhookKind',
            message: {
              zh: '请选择 Webhook 类型，或填写短信通知的用户或号码',
              en: 'choose a webhook kind, or the users or numbers to send an SMS to',
            },
          },
        ];
  }
  return typeof input.webhookUrl === 'string' && input.webhookUrl !== ''
    ? []
    : [
        {
          field: 'webhookUrl',
          message: { zh: '选择了 Webhook 类型时必填', en: 'is required with a webhook kind' },
        },
      ];
}

/**
 * Notification rules: table notify_rules, item schema NotifyRule; cameras, AI servers and SMS users
 * in link tables. The webhook secret is shown masked in every answer; the delivery figures are
 * kept by the outbox's sender (sentCount, lastFailure, …) or counted (pendingCount). Who created
 * and last wrote a rule is kept beside it (created_by, updated_by), from the signed-in caller.
 */
export const notifyRuleResource = defineResource({
  schema: 'NotifyRule',
  fields: {
    enabled: flag,
    labels: jsonList,
    sources: jsonList,
    days: jsonList,
    smsPhones: jsonList,
    area: { whenAbsent: '' },
    webhookUrl: { whenAbsent: '' },
    webhookSecret: { whenAbsent: '', shown: maskSecret },
  },
  links: {
    cameraIds: {
      table: 'notify_rule_cameras',
      ownerColumn: 'rule_id',
      valueColumn: 'camera_id',
      references: {
        table: 'cameras',
        labelColumn: 'name',
        label: 'cameraNames',
        what: { zh: '摄像头', en: 'camera' },
      },
    },
    aiServerIds: {
      table: 'notify_rule_ai_servers',
      ownerColumn: 'rule_id',
      valueColumn: 'ai_server_id',
      references: {
        table: 'ai_servers',
        labelColumn: 'name',
        label: 'aiServerNames',
        what: { zh: 'AI服务器', en: 'AI server' },
      },
    },
    smsUserIds: {
      table: 'notify_rule_sms_users',
      ownerColumn: 'rule_id',
      valueColumn: 'user_id',
      references: {
        table: 'users',
        labelColumn: 'name',
        label: 'smsUserNames',
        what: { zh: '用户', en: 'user' },
      },
    },
  },
  computed: {
    fields: ['pendingCount'],
    async load(db, ids) {
      const rows =
        ids.length === 0
          ? []
          : await db
              .selectFrom('notification_outbox')
              .select((eb) => ['rule_id', eb.fn.countAll<number>().as('pending')])
              .where('rule_id', 'in', [...ids])
              .where('status', '=', 'pending')
              .groupBy('rule_id')
              .execute();
      const pending = new Map(rows.map((row) => [row.rule_id, Number(row.pending)]));
      return new Map(ids.map((id) => [id, { pendingCount: pending.get(id) ?? 0 }]));
    },
  },
  checkWrite: async (_scope, { input }) => [...receiverProblems(input), ...tooManyRecipients(input)],
  // The writer's keys bound what the rule forwards (rule-authors.ts): whoever shapes its receivers
  // last answers for them.
  async afterWrite({ db, actorId }, { before, item }) {
    await db
      .updateTable('notify_rules')
      .set({ updated_by: actorId, ...(before === null && { created_by: actorId }) })
      .where('id', '=', item.id as number)
      .execute();
  },
});

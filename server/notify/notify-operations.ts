import type { NotifyContext } from './notify-context';
import { requireSession, type SomeOperationHandlers } from '../operations/operation-handler';
import { declaredOperations } from '../resources/declared-handlers';
import { notFound } from '../resources/resource-service';
import { userAccessKeys } from '../auth/session-grants';
import { takeNotificationSms, type SmsNoRoom } from '../sms/sms-budget';
import { messageFacts, sendMessage, type SendOutcome } from './message-send';
import { newestAlertSnapshot, sampleNotice } from './notice';
import { receiversOf } from './outbox';
import { notifyRuleResource } from './notify-rule-resource';
import { ruleBodyToStore } from './rule-body';
import { deliveriesOf } from './rule-deliveries';
import { alertKey } from './rule-authors';
import { loadRules } from './stored-rules';
import { takeTestSend } from './test-send-limits';

const ruleCrud = declaredOperations(notifyRuleResource, { choices: 'listNotifyRuleChoices' });

/**
 * Sends a sample message to each receiver of the rule now, bypassing the outbox (an administrator
 * checking a robot wants its answer at once, not a retry later); answers what each got and said.
 * Test sends are limited per rule and per user (test-send-limits.ts), and each SMS takes its room in
 * the SMS budget or is not sent, saying why. The sample links the newest real snapshot only for a
 * caller who may see alerts: a test must not carry a real alert to anyone else.
 */
async function sendTest(ctx: NotifyContext, ruleId: number, userId: number) {
  const [rule] = await loadRules(ctx.db, { ids: [ruleId] });
  if (!rule) throw notFound(ruleId);
  await takeTestSend(ctx, ruleId, userId);
  const seesAlerts = (await userAccessKeys(ctx.db, userId)).has(alertKey);
  const snapshot = seesAlerts ? await newestAlertSnapshot(ctx.db) : null;
  const message = messageFacts(ctx, sampleNotice(ctx.clock.now().toISOString(), snapshot), 1);
  const items = await Promise.all(
    receiversOf(rule).map(async (receiver) => {
      const noRoom = receiver.channel === 'sms' ? await takeNotificationSms(ctx, receiver.target) : null;
      const outcome = noRoom ? notSent(noRoom) : await sendMessage(ctx, rule, receiver, message);
      const target = receiver.channel === 'webhook' ? new URL(rule.webhookUrl).host : receiver.target;
      return { channel: receiver.channel, target, ...outcome };
    }),
  );
  return { items };
}

/** A test SMS the budget has no room for: not sent, and when to try again. */
function notSent({ waitMs, reason }: SmsNoRoom): SendOutcome {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return {
    ok: false,
    status: null,
    answer: `未发送：${reason.zh}，请 ${seconds} 秒后再试 / not sent: ${reason.en}; try again in ${seconds} seconds`,
    sent: '',
  };
}

export const notifyOperations = {
  ...ruleCrud,
  createNotifyRule: async (input, ctx) =>
    ruleCrud.createNotifyRule({ ...input, body: await ruleBodyToStore(ctx, input.body, null) }, ctx),
  updateNotifyRule: async (input, ctx) =>
    ruleCrud.updateNotifyRule(
      { ...input, body: await ruleBodyToStore(ctx, input.body, input.params.id) },
      ctx,
    ),
  listNotifyRuleDeliveries: (input, ctx) => deliveriesOf(ctx.db, input.params.id, input.query),
  testNotifyRule: (input, ctx) => sendTest(ctx, input.params.id, requireSession(input).userId),
} satisfies SomeOperationHandlers<NotifyContext>;

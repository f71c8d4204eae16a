import type { NotifyContext } from './notify-context';
import { waitForRoomMs, type WindowLimit } from '../auth/sliding-window';
import { later } from '../kernel/clock';
import { exclusiveTransaction } from '../db/exclusive-transaction';
import { retryLater } from '../kernel/api-error';

/**
 * Two test sends of a rule a minute: a robot's settings fixed and tried again at once, not a
 * button held down to text its phones over and over.
 */
export const testsPerRule: WindowLimit = { limit: 2, windowMs: 60_000 };

/** Ten test sends a user an hour, across rules: checking a site's robots, not flooding them. */
export const testsPerUser: WindowLimit = { limit: 10, windowMs: 3_600_000 };

/**
 * Records a test send of the rule by the user, or refuses it with a 429 telling how long to wait.
 * Counting and recording are one step under concurrency: parallel presses count each.
 */
export function takeTestSend(
  ctx: Pick<NotifyContext, 'db' | 'clock'>,
  ruleId: number,
  userId: number,
): Promise<void> {
  return exclusiveTransaction(ctx.db, ['notify_test_sends'], async (trx) => {
    const now = ctx.clock.now();
    await trx
      .deleteFrom('notify_test_sends')
      .where('at', '<=', later(now, -Math.max(testsPerRule.windowMs, testsPerUser.windowMs)).toISOString())
      .execute();
    const tests = trx.selectFrom('notify_test_sends');
    const ruleWaitMs = await waitForRoomMs(ctx.clock, testsPerRule, tests.where('rule_id', '=', ruleId));
    if (ruleWaitMs > 0)
      throw retryLater('429', ruleWaitMs, (s) => ({
        zh: `此规则刚发送过测试通知，请 ${s} 秒后再试`,
        en: `This rule was tested moments ago; try again in ${s} seconds`,
      }));
    const userWaitMs = await waitForRoomMs(ctx.clock, testsPerUser, tests.where('user_id', '=', userId));
    if (userWaitMs > 0)
      throw retryLater('429', userWaitMs, (s) => ({
        zh: `测试通知发送过于频繁，请 ${s} 秒后再试`,
        en: `You have sent as many test messages as you may for now; try again in ${s} seconds`,
      }));
    await trx
      .insertInto('notify_test_sends')
      .values({ rule_id: ruleId, user_id: userId, at: now.toISOString() })
      .execute();
  });
}

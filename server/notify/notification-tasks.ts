import type { NotifyContext } from './notify-context';
import { runEvery } from '../background-tasks';
import { later } from '../kernel/clock';
import { domainPlugin } from '../operations/domain-plugin';
import { notificationBatch, sendDueNotifications } from './outbox-sender';

/** How long sent and failed messages stay listed on their rule. */
export const deliveryRetentionDays = 30;

/** Removes the sent and failed messages queued before `before`; answers how many went. */
export async function removeOldDeliveries(ctx: Pick<NotifyContext, 'db'>, before: Date): Promise<number> {
  const removed = await ctx.db
    .deleteFrom('notification_outbox')
    .where('status', '<>', 'pending')
    .where('created_at', '<', before.toISOString())
    .executeTakeFirst();
  return Number(removed.numDeletedRows);
}

/**
 * Sends the outbox's due messages while the app runs, and removes those done a month ago. Closing waits for the sends under way and
 * their records, so a message is neither lost nor sent again by the next start. One server of the
 * database sends at a time: the sender reads the due messages without claiming them, and two
 * senders would send each twice.
 */
export const notificationJobs = domainPlugin('notification jobs', (app, { ctx }: { ctx: NotifyContext }) => {
  let closing = false;
  app.addHook('preClose', async () => void (closing = true));
  runEvery(
    app,
    ctx.background,
    'sending notifications',
    ctx.notify.pollMs,
    async () => {
      // A full batch means more are due: look again at once rather than a poll later.
      let taken: number;
      do taken = await sendDueNotifications(ctx);
      while (taken === notificationBatch && !closing);
    },
    ctx.jobs,
  );
  runEvery(
    app,
    ctx.background,
    'removing old notification deliveries',
    3_600_000,
    async (log) => {
      const count = await removeOldDeliveries(
        ctx,
        later(ctx.clock.now(), -deliveryRetentionDays * 86_400_000),
      );
      if (count > 0)
        log.info(`removed ${count} notification deliveries older than ${deliveryRetentionDays} days`);
    },
    ctx.jobs,
  );
});

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { runEvery } from '../background-tasks';
import { notificationBatch, sendDueNotifications } from './outbox-sender';

/**
 * Sends the outbox's due messages while the app runs. Closing waits for the sends under way and
 * their records, so a message is neither lost nor sent again by the next start.
 */
export function startNotificationSender(app: FastifyInstance, ctx: AppContext): void {
  let closing = false;
  app.addHook('preClose', async () => void (closing = true));
  runEvery(app, ctx.background, 'sending notifications', ctx.notify.pollMs, async () => {
    // A full batch means more are due: look again at once rather than a poll later.
    let taken: number;
    do taken = await sendDueNotifications(ctx);
    while (taken === notificationBatch && !closing);
  });
}

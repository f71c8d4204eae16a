import { domainPlugin } from '../operations/domain-plugin';
import type { EventsContext } from './events-context';

/** The consoles' event streams end as the app closes: an open one would keep the close waiting for its client. */
export const consoleEventStreams = domainPlugin(
  'console event streams',
  (app, { ctx }: { ctx: Pick<EventsContext, 'alertFeed'> }) => {
    app.addHook('preClose', async () => ctx.alertFeed.close());
  },
);

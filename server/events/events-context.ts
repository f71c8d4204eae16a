import type { AlertFeed } from '../cluster/alert-feed';
import type { PlatformContext } from '../operations/platform-context';
import type { StatusFeed } from '../cluster/status-feed';

/** What the consoles' event stream needs of the app: the feeds it carries. */
export interface EventsContext extends PlatformContext {
  readonly alertFeed: AlertFeed;
  readonly statusFeed: StatusFeed;
}

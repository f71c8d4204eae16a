import type { ConsoleEventData, ConsoleEventName } from '../../src/generated/console-events';

/** The console events that change rows; alerts are the other kind, numbered and replayed. */
type StatusEventName = Exclude<ConsoleEventName, 'alert'>;

/**
 * A status change the console's event stream passes on, named as its `event:` line. It lives with
 * the change channel, which carries it whole between servers; the status feed publishes it.
 */
export type StatusEvent = {
  [Name in StatusEventName]: { readonly event: Name; readonly data: ConsoleEventData[Name] };
}[StatusEventName];

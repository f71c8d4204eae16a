import type { AlertsContext } from './alerts/alerts-context';
import type { CamerasContext } from './cameras/cameras-context';
import type { EventsContext } from './events/events-context';
import type { HttpContext } from './http/http-context';
import type { LiveContext } from './live/live-context';
import type { LiveSessions } from './live/live-sessions';
import type { NotifyContext } from './notify/notify-context';
import type { NotifySettings } from './notify/notify-settings';
import type { RecordingContext } from './recording/recording-context';
import type { Recordings } from './recording/recordings';

/**
 * What operation handlers and services share for the life of one app: every domain's context at
 * once, which app.ts builds. A domain names only its own context, never this one.
 */
export interface AppContext
  extends
    HttpContext,
    NotifyContext,
    AlertsContext,
    CamerasContext,
    LiveContext,
    RecordingContext,
    EventsContext {
  readonly notify: NotifySettings;
  readonly live: LiveSessions;
  readonly recordings: Recordings;
}

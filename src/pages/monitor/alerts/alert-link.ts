import { alertResource } from './alert-options';

/** The query parameter naming the alert a link opens (server/notify/message-formats.ts `alertLink`). */
export const alertIdParam = 'alertId';

/** The alert wall with one alert's drawer open. */
export const alertLinkPath = (id: number) => `${alertResource.route}?${alertIdParam}=${id}`;

import { alertIdParam } from '../session/alert-return';
import { alertResource } from './alert-options';

/** The alert wall with one alert's drawer open. */
export const alertLinkPath = (id: number) => `${alertResource.route}?${alertIdParam}=${id}`;

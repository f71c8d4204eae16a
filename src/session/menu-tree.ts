import { routeIcons } from '../generated/icons';
import { routes } from '../generated/routes';
import { menuOf } from './menu-rules';

/**
 * The whole menu, from the route tree. Its own module, imported by the layout and the screens
 * that list menu entries: the sign-in page loads the routes but not the icons.
 */
export const menuTree = menuOf(routes, routeIcons);

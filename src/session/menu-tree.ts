import { routeIcons } from '../generated/icons';
import { menuOf } from './menu-rules';
import { routeTree } from './use-current-route';

/**
 * The whole menu, from the route tree. Its own module, imported by the layout and the screens
 * that list menu entries: the sign-in page loads the routes but not the icons.
 */
export const menuTree = menuOf(routeTree, routeIcons);

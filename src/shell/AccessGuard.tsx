import type { ReactNode } from 'react';
import type { RouteDef } from '../generated/routes';
import { useSession } from '../session';
import { LazyPage } from './LazyPage';
import { PageSpin } from './PageSpin';

// The 403 page's illustration is fetched only when someone meets it.
const loadForbiddenPage = () => import('./ForbiddenPage');

/** The route's page when the user may open it, else the 403 page; the menu hides, this forbids. */
export function AccessGuard({ route, children }: { route: RouteDef; children: ReactNode }) {
  const { currentUser, canOpen } = useSession();
  if (!currentUser) return <PageSpin />;
  return canOpen(route) ? children : <LazyPage name="shell/ForbiddenPage" load={loadForbiddenPage} />;
}

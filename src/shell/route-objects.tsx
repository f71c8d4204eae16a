import { Navigate, type RouteObject } from 'react-router-dom';
import type { RouteDef } from '../generated/routes';
import { AccessGuard } from './AccessGuard';
import { LazyLayout } from './LazyLayout';
import { LazyPage } from './LazyPage';
import { flattenRoutes } from '../session/route-lookup';
import { RouteErrorPage } from './RouteErrorPage';
import { ShellRoot } from './ShellRoot';

function routeElement(route: RouteDef) {
  if (route.redirect !== null) return <Navigate to={route.redirect} replace />;
  if (route.load === null) return null;
  // The key gives every route its own loader state: two routes may share one page module.
  const page = <LazyPage key={route.path} name={route.page ?? route.path} load={route.load} />;
  return route.access === null ? (
    page
  ) : (
    <AccessGuard key={route.path} route={route}>
      {page}
    </AccessGuard>
  );
}

/**
 * The router's table from the generated routes: one flat route per path (the shell finds the
 * chain for breadcrumbs itself), layout-less pages beside the shared layout.
 */
export function routeObjects(routes: readonly RouteDef[]): RouteObject[] {
  const flat = flattenRoutes(routes);
  const toObject = (route: RouteDef): RouteObject => ({ path: route.path, element: routeElement(route) });
  return [
    {
      element: <ShellRoot />,
      errorElement: <RouteErrorPage />,
      children: [
        ...flat.filter((route) => !route.layout).map(toObject),
        { element: <LazyLayout />, children: flat.filter((route) => route.layout).map(toObject) },
      ],
    },
  ];
}

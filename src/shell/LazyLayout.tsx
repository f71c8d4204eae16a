import { LazyPage } from './LazyPage';

// The layout's menu, breadcrumb and dropdown code is fetched after sign-in, not with the sign-in page.
const loadBasicLayout = () => import('./BasicLayout');

/** The shared layout, fetched like a page: under the chunk time-out and with the retry page. */
export function LazyLayout() {
  return <LazyPage name="shell/BasicLayout" load={loadBasicLayout} />;
}

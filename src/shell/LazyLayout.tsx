import { localeStore } from '../i18n';
import { preloadToasts } from '../session';
import { loadLocaleTexts } from './AppProviders';
import { LazyPage } from './LazyPage';

// The layout's menu, breadcrumb and dropdown code is fetched after sign-in, not with the sign-in
// page, together with antd's texts in the reader's language and the toasts' code: whatever shows
// a failure is loaded before one happens, as the server may be gone by then.
const loadBasicLayout = () =>
  Promise.all([import('./BasicLayout'), loadLocaleTexts(localeStore.get()), preloadToasts()]).then(
    ([layout]) => layout,
  );

/** The shared layout, fetched like a page: under the chunk time-out and with the retry page. */
export function LazyLayout() {
  return <LazyPage name="shell/BasicLayout" load={loadBasicLayout} />;
}

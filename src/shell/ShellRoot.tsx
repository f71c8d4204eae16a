import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useLocale } from '../i18n';
import { SessionProvider } from '../session';
import { documentTitle } from './document-title';
import { useCurrentRoute } from '../session/use-current-route';

function DocumentTitle() {
  const route = useCurrentRoute();
  const { t } = useLocale();
  useEffect(() => {
    document.title = documentTitle(route?.name, t);
  }, [route, t]);
  return null;
}

/** The top route: the session lives inside the router, so it can send the signed-out to the login page. */
export function ShellRoot() {
  return (
    <SessionProvider>
      <DocumentTitle />
      <Outlet />
    </SessionProvider>
  );
}

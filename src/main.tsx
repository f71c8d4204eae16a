import 'antd/dist/reset.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './generated/routes';
import { appSettings } from './generated/settings';
import { LocaleProvider } from './i18n';
import { AppProviders } from './shell/AppProviders';
import { routeObjects } from './shell/route-objects';

const router = createBrowserRouter(routeObjects(routes), { basename: appSettings.basePath });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <LocaleProvider>
      <AppProviders>
        {/* Route changes render at once rather than as a transition: none of them suspend (pages
            load in an effect), and time-sliced, going back to a kept screen took twice as long
            as its own work, the frames in between included. */}
        <RouterProvider router={router} useTransitions={false} />
      </AppProviders>
    </LocaleProvider>
  </StrictMode>,
);

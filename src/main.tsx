import 'antd/dist/reset.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './generated/routes';
import { appSettings } from './generated/settings';
import { LocaleProvider } from './i18n';
import { LeavePrerenderedPage } from './pages/login/prerendered-form';
import { AppProviders } from './shell/AppProviders';
import { preloadPageAt } from './shell/LazyPage';
import { routeObjects } from './shell/route-objects';

const router = createBrowserRouter(routeObjects(routes), { basename: appSettings.basePath });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The page of the opened path (its chunks are named in the HTML, fetched beside this one) renders
// in the first pass: a spinner first would cost a render and commit of its own before the page's.
// A promise rather than a top-level await: with one, the bundler splits the entry into more chunks.
void preloadPageAt(routes, window.location.pathname).then(() =>
  createRoot(container).render(
    <StrictMode>
      <LocaleProvider>
        <AppProviders>
          {/* Route changes render at once rather than as a transition: none of them suspend (pages
            load in an effect), and time-sliced, going back to a kept screen took twice as long
            as its own work, the frames in between included. */}
          <RouterProvider router={router} useTransitions={false} />
          <LeavePrerenderedPage />
        </AppProviders>
      </LocaleProvider>
    </StrictMode>,
  ),
);

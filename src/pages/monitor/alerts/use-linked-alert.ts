import { keepPreviousData, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { BusinessError } from '../../../api';
import { queryClient } from '../../../api/query-client';
import type { LocalText } from '../../../generated/settings';
import { alertIdIn, alertIdParam } from '../../../session/alert-return';
import { consolePathOf } from '../../../session/route-lookup';
import { useScreenLocation, useScreenQueryNavigate } from '../../../session/screen-location';
import { alertApi } from './alert-api';
import { linkFailedText } from './alert-texts';
import { alertResource } from '../../../alerts-live/alert-options';
import { liveAlerts, type Alert } from '../../../alerts-live/live-alert-store';

/** The drawer's code: the wall loads it with the first card opened, a link with its alert. */
export const loadAlertDrawer = () => import('./AlertDrawer');
type AlertDrawerView = Awaited<ReturnType<typeof loadAlertDrawer>>['default'];

/** The drawer's code, once loaded with a linked alert: the drawer shows as soon as both are in. */
let linkedDrawer: AlertDrawerView | null = null;

const linkedKey = (id: number | null) => ['/alerts/{id}', id] as const;

/** The alert by id and the drawer's code, together. */
async function readLinked(id: number): Promise<Alert> {
  const [alert, drawer] = await Promise.all([
    alertApi.get(id, { skipErrorHandler: true }),
    loadAlertDrawer(),
  ]);
  linkedDrawer = drawer.default;
  return alert;
}

/**
 * A page opened on a link to an alert asks for it as this module loads with the page's code, while
 * the session and the layout are still on their way: the drawer need not wait for them or the wall.
 * A failure is kept by no one: asked before signing in, it is a 401 the signed-in page reads again.
 */
if (typeof window !== 'undefined' && consolePathOf(window.location.pathname) === alertResource.route) {
  const id = alertIdIn(window.location.search, alertIdParam);
  if (id !== null) void queryClient.prefetchQuery({ queryKey: linkedKey(id), queryFn: () => readLinked(id) });
}

export interface LinkedAlert {
  /** The alert the link names, kept current by the live stream; the last one while its drawer closes. */
  readonly alert: Alert | null;
  /** The drawer to show it in, loaded with it. */
  readonly Drawer: AlertDrawerView | null;
  readonly open: boolean;
  /** Why the linked alert cannot be shown (no such alert, the call failed). */
  readonly failure: LocalText | null;
  /** Takes the alert out of the URL, closing its drawer (or the failure message). */
  close(): void;
}

/** The alert the screen's URL names with `?alertId=N`, whose drawer it shows. */
export function useLinkedAlertId(): number | null {
  return alertIdIn(useScreenLocation().search, alertIdParam);
}

/**
 * The alert a link (a notification, a webhook message) names with `?alertId=N`, fetched by id: it
 * opens whether or not the wall shows it (further down, filtered out, or handled long ago).
 */
export function useLinkedAlert(): LinkedAlert {
  const { search } = useScreenLocation();
  const setQuery = useScreenQueryNavigate();
  const id = alertIdIn(search, alertIdParam);
  const client = useQueryClient();
  // The drawer's code comes with the alert, not after it, and is rendered as it is, not through a
  // Suspense retry, which React puts behind every render of the wall's live cards. The last alert
  // stays while its drawer closes.
  const linked = useQuery({
    queryKey: linkedKey(id),
    queryFn: id === null ? skipToken : () => readLinked(id),
    placeholderData: keepPreviousData,
  });
  const alert = linked.data ?? null;

  // A colleague handling it (or this drawer's own answer, pushed to the store) shows at once.
  useEffect(() => {
    if (id === null) return undefined;
    return liveAlerts.onBatch((batch) =>
      client.setQueryData<Alert>(linkedKey(id), (shown) => {
        const next = shown && batch.findLast((heard) => heard.id === shown.id);
        return next && next.revision > shown.revision ? next : shown;
      }),
    );
  }, [client, id]);

  const close = useCallback(() => {
    const query = new URLSearchParams(search);
    query.delete(alertIdParam);
    setQuery(query, { replace: true });
  }, [search, setQuery]);

  return {
    alert,
    Drawer: alert && linkedDrawer,
    open: id !== null && alert?.id === id,
    failure:
      id !== null && linked.isError && linked.data === undefined
        ? linkFailedText(id, linked.error instanceof BusinessError && linked.error.code === '404')
        : null,
    close,
  };
}

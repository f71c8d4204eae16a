import { useCallback, useEffect, useState } from 'react';
import { BusinessError } from '../../../api';
import type { LocalText } from '../../../generated/settings';
import { alertIdIn, alertIdParam } from '../../../session/alert-return';
import { useScreenLocation, useScreenQueryNavigate } from '../../../session/screen-location';
import { alertApi } from './alert-api';
import { linkFailedText } from './alert-texts';
import { alertResource } from '../../../alerts-live/alert-options';
import { liveAlerts, type Alert } from '../../../alerts-live/live-alert-store';

/** The drawer's code: the wall loads it with the first card opened, a link with its alert. */
export const loadAlertDrawer = () => import('./AlertDrawer');
type AlertDrawerView = Awaited<ReturnType<typeof loadAlertDrawer>>['default'];
type LinkedAnswer = Promise<readonly [Alert, { default: AlertDrawerView }]>;

/** The alert by id and the drawer's code, together: the drawer shows as soon as both are in. */
function fetchLinked(id: number): LinkedAnswer {
  return Promise.all([alertApi.get(id, { skipErrorHandler: true }), loadAlertDrawer()]);
}

/**
 * A page opened on a link to an alert asks for it as this module loads with the page's code, while
 * the session and the layout are still on their way: the drawer need not wait for them or the wall.
 */
let early: { readonly id: number; readonly answer: LinkedAnswer } | null = (() => {
  if (typeof window === 'undefined' || window.location.pathname !== alertResource.route) return null;
  const id = alertIdIn(window.location.search, alertIdParam);
  if (id === null) return null;
  const answer = fetchLinked(id);
  // A failed early answer is not kept: asked before signing in, it is a 401 the signed-in page must
  // not show. Unused (the link left at once), its failure is nobody's to tell.
  answer.catch(() => {
    if (early?.answer === answer) early = null;
  });
  return { id, answer };
})();

/** The early answer for `id` once, else a new request. */
function linkedAnswer(id: number): LinkedAnswer {
  const answer = early?.id === id ? early.answer : fetchLinked(id);
  early = null;
  return answer;
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
  const [alert, setAlert] = useState<Alert | null>(null);
  const [Drawer, setDrawer] = useState<AlertDrawerView | null>(null);
  const [failure, setFailure] = useState<{ id: number; text: LocalText } | null>(null);

  useEffect(() => {
    if (id === null) return;
    let current = true;
    // The drawer's code comes with the alert, not after it, and is rendered as it is, not through a
    // Suspense retry, which React puts behind every render of the wall's live cards.
    linkedAnswer(id).then(
      ([found, drawer]) => {
        if (!current) return;
        setDrawer(() => drawer.default);
        setAlert(found);
      },
      (error: unknown) => {
        if (!current) return;
        setFailure({ id, text: linkFailedText(id, error instanceof BusinessError && error.code === '404') });
      },
    );
    return () => {
      current = false;
    };
  }, [id]);

  // A colleague handling it (or this drawer's own answer, pushed to the store) shows at once.
  useEffect(
    () =>
      liveAlerts.onBatch((batch) =>
        setAlert((shown) => {
          const next = shown && batch.findLast((alert) => alert.id === shown.id);
          return next && next.revision > shown.revision ? next : shown;
        }),
      ),
    [],
  );

  const close = useCallback(() => {
    const query = new URLSearchParams(search);
    query.delete(alertIdParam);
    setQuery(query, { replace: true });
  }, [search, setQuery]);

  return {
    alert,
    Drawer,
    open: id !== null && alert?.id === id,
    failure: failure !== null && failure.id === id ? failure.text : null,
    close,
  };
}

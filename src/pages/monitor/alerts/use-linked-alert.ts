import { useCallback, useEffect, useState } from 'react';
import { BusinessError } from '../../../api';
import type { LocalText } from '../../../generated/settings';
import { alertIdIn, alertIdParam } from '../../../session/alert-return';
import { useScreenLocation, useScreenQueryNavigate } from '../../../session/screen-location';
import { alertApi } from './alert-api';
import { linkFailedText } from './alert-texts';
import { liveAlerts, type Alert } from './live-alert-store';

export interface LinkedAlert {
  /** The alert the link names, kept current by the live stream; the last one while its drawer closes. */
  readonly alert: Alert | null;
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
  const [failure, setFailure] = useState<{ id: number; text: LocalText } | null>(null);

  useEffect(() => {
    if (id === null) return;
    let current = true;
    alertApi.get(id, { skipErrorHandler: true }).then(
      (found) => current && setAlert(found),
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
    open: id !== null && alert?.id === id,
    failure: failure !== null && failure.id === id ? failure.text : null,
    close,
  };
}

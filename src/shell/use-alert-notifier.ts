import { useEffect } from 'react';
import { useSession } from '../session';
import { useRouterNavigate } from '../session/screen-location';

/**
 * Starts the desktop alert notifier (a notification and a sound for each new alert, on any screen)
 * while the signed-in user has turned their switch on; it checks the alert key itself. Its code
 * loads only then: no one else's layout carries any of it.
 */
export function useAlertNotifier(): void {
  const { currentUser, access } = useSession();
  const navigate = useRouterNavigate();
  const on = currentUser?.alertNotifications === true;
  useEffect(() => {
    if (!on) return;
    let stop: (() => void) | null = null;
    let ended = false;
    import('../notices/alert-notifier')
      .then(({ startAlertNotifier }) => {
        if (!ended) stop = startAlertNotifier({ access, open: (path) => navigate(path) });
      })
      // A chunk that fails to load leaves the console without notifications, not broken.
      .catch((error: unknown) => console.warn('the alert notifier did not load', error));
    return () => {
      ended = true;
      stop?.();
    };
  }, [on, access, navigate]);
}

import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { StreamStatus } from '../api';
import { useScreenShown } from '../session/screen-visibility';
import { liveAlerts, type Alert, type LiveAlertStore } from './live-alerts';

// The store without React, which the desktop notifier loads too; the hooks of the screens below.
export * from './live-alerts';

/**
 * Keeps the live stream open while the calling component is mounted and its screen shown. A kept
 * screen out of sight lets it go; shown again, the stream resumes after the last alert it had, so
 * what came meanwhile arrives then (one batch), nothing lost.
 */
export function useLiveAlerts(store: LiveAlertStore = liveAlerts): void {
  const shown = useScreenShown();
  useEffect(() => (shown ? store.retain() : undefined), [store, shown]);
}

/**
 * The newest live alert of one camera (raised or handled since the console opened the stream), or
 * undefined. A component using it renders again only when that camera's alert changes: the video
 * wall's pane overlays stay still while other cameras alert.
 */
export function useCameraAlert(cameraId: number, store: LiveAlertStore = liveAlerts): Alert | undefined {
  useLiveAlerts(store);
  const subscribe = useCallback(
    (listener: () => void) => store.subscribeCamera(cameraId, listener),
    [store, cameraId],
  );
  return useSyncExternalStore(subscribe, () => store.cameraAlert(cameraId));
}

/** Whether the live stream is connecting, open, reconnecting or closed. */
export function useLiveStatus(store: LiveAlertStore = liveAlerts): StreamStatus {
  return useSyncExternalStore(store.subscribeStatus, store.status);
}

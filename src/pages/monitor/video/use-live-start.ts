import { useEffect } from 'react';
import { api, call } from '../../../api';
import type { StreamName } from './wall-state';

/**
 * Asks the server to start the live views of the wall's cameras in one request, whenever the
 * wall's cameras change (opened from a link, a camera placed): every relay starts at once, ahead
 * of the panes' playlist requests, which the browser sends a few at a time (six connections per
 * host, one of them the console's event stream). Views already running only count as used.
 * Nothing is said on failure: each pane's own request tells its reason.
 */
export function useLiveStart(cameraIds: readonly (number | null)[], stream: StreamName): void {
  const unique = [...new Set(cameraIds.filter((id): id is number => id !== null))];
  const key = unique.join(',');
  useEffect(() => {
    if (key === '') return;
    const body = { cameraIds: key.split(',').map(Number), stream };
    call(api.POST('/live/views', { body }), { skipErrorHandler: true }).catch(() => undefined);
  }, [key, stream]);
}

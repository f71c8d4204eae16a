import { lazy, Suspense, useSyncExternalStore } from 'react';
import { deliverToast, type ToastKind } from './toast-sink';

// antd's message code is not part of the sign-in page: <Toasts /> renders its holder, inside the
// app's tree (theme and texts included), from the first toast or from preloadToasts() on.
const loadToastHolder = () => import('./ToastHolder');
const ToastHolder = lazy(loadToastHolder);

let wanted = false;
const listeners = new Set<() => void>();

/** Shows a toast; `seconds` is how long it stays (antd's default is 3). */
export function toast(kind: ToastKind, text: string, seconds?: number): void {
  if (!deliverToast(kind, text, seconds)) mountHolder();
}

function mountHolder(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/**
 * Fetches and mounts the toast holder ahead of any toast (the signed-in layout does, with its own
 * code): a toast asked for while the server is gone must not need a fetch of its own, which would
 * fail and take the screen down with it.
 */
export async function preloadToasts(): Promise<void> {
  await loadToastHolder();
  mountHolder();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where toasts appear: nothing (and no antd message code) until the first toast is asked for. */
export function Toasts() {
  const needed = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  return needed ? (
    <Suspense fallback={null}>
      <ToastHolder />
    </Suspense>
  ) : null;
}

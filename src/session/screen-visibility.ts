import { createContext, use, useEffect, useRef, useSyncExternalStore } from 'react';
import { connection } from '../api';

/**
 * Whether a screen the layout keeps is the one shown. Kept screens stay mounted with their effects
 * running (hidden by CSS, so showing one again costs a style change, not a re-mount), so whatever
 * must not go on out of sight asks this: navigation blockers, drawers and modals (their portals
 * live outside the hidden screen), refreshes on return, live streams and players.
 */
export interface ScreenVisibility {
  readonly shown: boolean;
  /** Calls `listener` after each change of `shown`; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export interface ScreenVisibilitySwitch extends ScreenVisibility {
  set(shown: boolean): void;
}

export function createScreenVisibility(shown: boolean): ScreenVisibilitySwitch {
  const listeners = new Set<() => void>();
  const visibility = {
    shown,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(next: boolean) {
      if (visibility.shown === next) return;
      visibility.shown = next;
      for (const listener of [...listeners]) listener();
    },
  };
  return visibility;
}

/** Outside a kept screen (the shell, a screen rendered alone in a test) everything is shown. */
const alwaysShown: ScreenVisibility = { shown: true, subscribe: () => () => undefined };

export const ScreenVisibilityContext = createContext<ScreenVisibility>(alwaysShown);

/** The screen's visibility, to read at the moment it matters without rendering on each change. */
export function useScreenVisibility(): ScreenVisibility {
  return use(ScreenVisibilityContext);
}

/** Whether the screen is shown; the caller renders again when that changes. */
export function useScreenShown(): boolean {
  const visibility = use(ScreenVisibilityContext);
  return useSyncExternalStore(visibility.subscribe, () => visibility.shown);
}

/**
 * Calls `onShown` each time the screen is shown again after being hidden (not on its first show),
 * and when the server answers again after an outage while the screen is shown: either way what it
 * shows may be old, and it refreshes quietly. A hidden screen refreshes when it is shown again.
 */
export function useWhenScreenShownAgain(onShown: () => void): void {
  const visibility = use(ScreenVisibilityContext);
  const latest = useRef(onShown);
  useEffect(() => {
    latest.current = onShown;
  });
  useEffect(
    () =>
      visibility.subscribe(() => {
        if (visibility.shown) latest.current();
      }),
    [visibility],
  );
  useEffect(
    () =>
      connection.subscribe(() => {
        if (!connection.lost() && visibility.shown) latest.current();
      }),
    [visibility],
  );
}

/** Whether the server is out of reach (the layout's banner says so); renders again on each change. */
export function useConnectionLost(): boolean {
  return useSyncExternalStore(connection.subscribe, connection.lost, () => false);
}

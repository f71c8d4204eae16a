import { useEffect, useRef } from 'react';
import { useScreenShown } from '../../../session/screen-visibility';
import { keyTargetOf, wallKeyOf, type WallKey } from './wall-keys';

/**
 * The wall's keys, wherever the focus is on its screen while it is shown (a kept screen out of
 * sight hears none). `onKey` answers whether it acted; only then is the key's default (a scroll,
 * a typed letter) prevented.
 */
export function useWallKeys(onKey: (key: WallKey) => boolean): void {
  const shown = useScreenShown();
  const latest = useRef(onKey);
  useEffect(() => {
    latest.current = onKey;
  });
  useEffect(() => {
    if (!shown) return undefined;
    const listener = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const target = keyTargetOf(event.target instanceof Element ? event.target : null);
      const key = wallKeyOf(event, target);
      if (key && latest.current(key)) event.preventDefault();
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [shown]);
}

import type { InputRef } from 'antd';
import { useEffect, useRef } from 'react';

/**
 * A ref for the field that takes the focus in the frame that first shows the form, unless
 * something already has it (a reader quicker than the page). Not React's autoFocus: that focuses
 * inside the commit, where the browser must lay out the whole new page there and then; in the
 * frame it lays the page out for painting anyway.
 */
export function useInitialFocus() {
  const field = useRef<InputRef>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (active === null || active === document.body) field.current?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return field;
}

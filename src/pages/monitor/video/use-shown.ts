import { useEffect, useState, type RefObject } from 'react';
import { useScreenShown } from '../../../session/screen-visibility';

/**
 * Whether the element is seen: its screen is the one the layout shows (a kept screen stays
 * mounted, hidden), it is in the viewport (not scrolled away), and the browser tab is shown.
 */
export function useShown(ref: RefObject<HTMLElement | null>): boolean {
  const screenShown = useScreenShown();
  const [inView, setInView] = useState(true);
  const [tabShown, setTabShown] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver((entries) => {
      const last = entries[entries.length - 1];
      if (last) setInView(last.isIntersecting);
    });
    observer.observe(element);
    const onVisibility = () => setTabShown(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [ref]);
  return screenShown && inView && tabShown;
}

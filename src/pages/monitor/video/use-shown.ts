import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element is on screen: in the viewport (not scrolled away) while the browser tab is
 * shown. A screen the shell keeps hidden (React's Activity) runs no effects at all, so its players
 * stop through their own effect clean-ups instead.
 */
export function useShown(ref: RefObject<HTMLElement | null>): boolean {
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
  return inView && tabShown;
}

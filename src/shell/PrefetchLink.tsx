import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { prefetchRoute } from './route-prefetch';

/**
 * A link that fetches its page's code ahead of the click: when the pointer or focus reaches
 * it, and, while the browser is idle, once it is scrolled into view.
 */
export function PrefetchLink({
  to,
  children,
  onClick,
}: {
  to: string;
  children: ReactNode;
  /** Runs before the router follows the link; preventing the default keeps it from doing so. */
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const anchor = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    const element = anchor.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    let idle: number | undefined;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      idle = requestIdleCallback(() => prefetchRoute(to), { timeout: 3000 });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [to]);

  const prefetch = () => prefetchRoute(to);
  return (
    <Link ref={anchor} to={to} onClick={onClick} onMouseEnter={prefetch} onFocus={prefetch}>
      {children}
    </Link>
  );
}

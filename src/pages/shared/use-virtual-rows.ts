import { useEffect, useState, type RefObject } from 'react';

/** What a scroll container shows: how far it is scrolled, and its inner size. */
export interface ScrollView {
  readonly scrollTop: number;
  readonly height: number;
  readonly width: number;
}

/** The scroll position and size of a container, measured at most once per frame. */
export function useScrollView(container: RefObject<HTMLElement | null>): ScrollView {
  const [view, setView] = useState<ScrollView>({ scrollTop: 0, height: 0, width: 0 });
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let frame = 0;
    const measure = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const next = {
          scrollTop: element.scrollTop,
          height: element.clientHeight,
          width: element.clientWidth,
        };
        setView((before) =>
          before.scrollTop === next.scrollTop && before.height === next.height && before.width === next.width
            ? before
            : next,
        );
      });
    };
    measure();
    element.addEventListener('scroll', measure, { passive: true });
    const resize = new ResizeObserver(measure);
    resize.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('scroll', measure);
      resize.disconnect();
    };
  }, [container]);
  return view;
}

/**
 * The rows of fixed height to render for a view: those in it plus `overscan` either side (a fast
 * scroll meets rows already drawn), as [start, end). A list of fifty thousand keeps a screenful in
 * the DOM.
 */
export function visibleRows(
  view: ScrollView,
  count: number,
  rowHeight: number,
  overscan = 2,
): { start: number; end: number } {
  const first = Math.floor(view.scrollTop / rowHeight);
  const shown = Math.ceil(view.height / rowHeight) + 1;
  return {
    start: Math.max(0, Math.min(count, first - overscan)),
    end: Math.min(count, first + shown + overscan),
  };
}

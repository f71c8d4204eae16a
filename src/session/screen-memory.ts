import { useLayoutEffect, useRef } from 'react';

/**
 * What each screen showed when last left, per browser tab (sessionStorage, so a reload keeps it and
 * another tab starts afresh): its URL query (filters, page, a camera and moment) and how far the
 * page was scrolled at that query. The menu reopens a screen where the operator left it; a screen
 * that clears its query (重置) is remembered cleared. Keyed by path: the menu links to paths.
 */
interface ScreenMemo {
  readonly search: string;
  /** The window's scroll, valid for `search` only: another query is another page. */
  readonly scrollY: number;
}

const storageKey = 'cfop.screens';

function readAll(): Record<string, ScreenMemo> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? '{}');
    return stored !== null && typeof stored === 'object' ? (stored as Record<string, ScreenMemo>) : {};
  } catch {
    // Unreadable (changed by hand, storage off): nothing remembered.
    return {};
  }
}

function write(pathname: string, memo: ScreenMemo): void {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify({ ...readAll(), [pathname]: memo }));
  } catch {
    // Storage full or off: the screen is simply not remembered.
  }
}

export function rememberedScreen(pathname: string): ScreenMemo | undefined {
  const memo = readAll()[pathname];
  return memo && typeof memo.search === 'string' && typeof memo.scrollY === 'number' ? memo : undefined;
}

/** The URL a menu entry opens: its screen as last left in this tab, else the bare path. */
export function rememberedUrl(path: string): string {
  return path + (rememberedScreen(path)?.search ?? '');
}

/**
 * Remembers the shown screen's query, and its scroll as the operator scrolls; on showing a screen
 * again at the query it was left at, puts the page back where it was (else at the top).
 * Called by the layout's outlet with the location of the screen it shows.
 */
export function useScreenMemory(pathname: string, search: string): void {
  const shown = useRef({ pathname, search });
  useLayoutEffect(() => {
    // The same screen under another query (a page, a seek) stays where the operator is reading.
    if (shown.current.pathname === pathname) {
      shown.current = { pathname, search };
      write(pathname, { search, scrollY: window.scrollY });
      return;
    }
    const before = rememberedScreen(pathname);
    const scrollY = before?.search === search ? before.scrollY : 0;
    shown.current = { pathname, search };
    write(pathname, { search, scrollY });
    if (window.scrollY !== scrollY) window.scrollTo({ top: scrollY, behavior: 'instant' });
  }, [pathname, search]);

  useLayoutEffect(() => {
    let frame: number | null = null;
    const save = () => {
      frame = null;
      write(shown.current.pathname, { search: shown.current.search, scrollY: window.scrollY });
    };
    // At most once a frame: scrolling fires far more often than it paints.
    const onScroll = () => {
      frame ??= requestAnimationFrame(save);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, []);
}

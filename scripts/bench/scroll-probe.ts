import type { Page } from 'playwright-core';

/** How smooth the frames were: the count, the gaps between them, and the stutters. */
export interface FrameFigures {
  readonly frames: number;
  readonly medianFrameMs: number;
  readonly p95FrameMs: number;
  /** Frames that took over 50 ms: a reader sees them as a stutter. */
  readonly longFrames: number;
  readonly longestFrameMs: number;
}

export function frameFigures(gaps: readonly number[]): FrameFigures {
  const sorted = [...gaps].sort((a, b) => a - b);
  return {
    frames: gaps.length,
    medianFrameMs: sorted[Math.floor(0.5 * sorted.length)] ?? 0,
    p95FrameMs: sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))] ?? 0,
    longFrames: gaps.filter((gap) => gap > 50).length,
    longestFrameMs: sorted.at(-1) ?? 0,
  };
}

/** What scrolling a long list through looked like, frame by frame. */
export interface ScrollFigures extends FrameFigures {
  /** The most items (rows, cards, tree nodes) in the document at any frame. */
  readonly mostItemsInDom: number;
  readonly scrolledPx: number;
}

/**
 * Scrolls `scroller` down by `stepPx` every animation frame for `durationMs` (or to its end), as a
 * wheel held down would, recording each frame's gap and how many `item`s are in the document.
 */
export async function scrollThrough(
  page: Page,
  scroller: string,
  item: string,
  durationMs: number,
  stepPx = 80,
): Promise<ScrollFigures> {
  // Runs in the page: anonymous arrows only, or tsx's name helper, unknown there, would be called.
  const seen = await page.evaluate(
    async ({ scroller, item, durationMs, stepPx }) => {
      const element = document.querySelector(scroller);
      if (!element) throw new Error(`nothing matches ${scroller}`);
      const gaps: number[] = [];
      let mostItems = 0;
      const startTop = element.scrollTop;
      let last = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
      const started = last;
      while (
        last - started < durationMs &&
        element.scrollTop + element.clientHeight < element.scrollHeight - 1
      ) {
        element.scrollTop += stepPx;
        const now = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
        gaps.push(now - last);
        last = now;
        mostItems = Math.max(mostItems, element.querySelectorAll(item).length);
      }
      return { gaps, mostItemsInDom: mostItems, scrolledPx: element.scrollTop - startTop };
    },
    { scroller, item, durationMs, stepPx },
  );
  return { ...frameFigures(seen.gaps), mostItemsInDom: seen.mostItemsInDom, scrolledPx: seen.scrolledPx };
}

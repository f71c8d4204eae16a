import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/** One JS file the page fetched, from the page's own Resource Timing entries. */
export interface FetchedScript {
  readonly url: string;
  /** When the request started, in ms since the navigation start (the marks' time base). */
  readonly startTime: number;
  /** Body bytes as they came over the wire (after any content-encoding). */
  readonly encodedBodySize: number;
  readonly decodedBodySize: number;
}

/** Every .js file the document has fetched so far (scripts and module preloads alike). */
export async function fetchedScripts(page: Page): Promise<FetchedScript[]> {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({
        url: entry.name,
        startTime: entry.startTime,
        encodedBodySize: entry.encodedBodySize,
        decodedBodySize: entry.decodedBodySize,
      })),
  );
}

/** True when the server compressed the file (what came over the wire is smaller than the file). */
export const wasCompressed = (script: FetchedScript): boolean =>
  script.encodedBodySize < script.decodedBodySize;

/**
 * Gzipped size of each URL, fetched again from the server after the measurement (reading
 * bodies through the browser would add work to the throttled page). Level 9, as
 * `npm run budgets` does.
 */
export class GzipSizes {
  private readonly sizes = new Map<string, number>();

  async of(url: string): Promise<number> {
    const known = this.sizes.get(url);
    if (known !== undefined) return known;
    const response = await fetch(url);
    if (!response.ok) {
      throw new Error(`${url} answered ${response.status}: did dist/ change during the run? Rerun.`);
    }
    const size = gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
    this.sizes.set(url, size);
    return size;
  }
}

/**
 * JS bytes of the scripts whose request started in [from, until) (page ms): the bytes that came
 * over the wire when the server compressed the file, else its gzip -9 size computed here.
 */
export async function jsBytes(
  scripts: readonly FetchedScript[],
  from: number,
  until: number,
  gzip: GzipSizes,
): Promise<number> {
  const chosen = new Map<string, FetchedScript>();
  for (const script of scripts) {
    if (script.startTime >= from && script.startTime < until) chosen.set(script.url, script);
  }
  let total = 0;
  for (const script of chosen.values()) {
    total += wasCompressed(script) ? script.encodedBodySize : await gzip.of(script.url);
  }
  return total;
}

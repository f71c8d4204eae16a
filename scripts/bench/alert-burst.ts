import type { Page } from 'playwright-core';
import { aiServerClient, testPatternJpeg } from '../../test-support/ai-server-client';
import { seededIngestKey } from './render-seed';
import { frameFigures, type FrameFigures } from './scroll-probe';

/** What a burst of live alerts did to an open alert wall. */
export interface BurstFigures extends FrameFigures {
  readonly alerts: number;
  /** Times the wall's cards changed (a React commit that added cards): batching keeps it low. */
  readonly wallUpdates: number;
  /** From the last report's answer to its card on the wall. */
  readonly lastShownMs: number;
}

/**
 * Run in the page before the burst: counts the wall's updates and records the frame gaps. Text, not a
 * function: tsx names functions with a helper the page does not have.
 */
const watchWall = String.raw`(() => {
  const rows = document.querySelector('.cfop-alert-wall-rows');
  if (!rows) throw new Error('no alert wall');
  const burst = { updates: 0, gaps: [], running: true };
  window.__burst = burst;
  // Cards are the rows' children: a commit adding some is one record list, whatever it holds.
  new MutationObserver((records) => {
    if (records.some((record) => record.addedNodes.length > 0)) burst.updates += 1;
  }).observe(rows, { childList: true });
  let last = performance.now();
  const frame = (now) => {
    burst.gaps.push(now - last);
    last = now;
    if (burst.running) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})()`;

/** Reports sent at once, as a few busy AI servers would. */
export const burstConcurrency = 8;

/**
 * Reports `count` alerts through the real ingest API as fast as it answers, on seeded camera 1 of
 * seeded AI server 1, while the page (an alert wall at the top, live) counts the wall's updates and
 * the gaps between its frames.
 */
export async function burstOnWall(page: Page, base: string, count: number): Promise<BurstFigures> {
  const box = aiServerClient(base, seededIngestKey(1));
  const snapshotId = await box.uploadSnapshot(await testPatternJpeg(1));
  await page.evaluate(watchWall);
  let lastId = 0;
  let lastAnswered = 0;
  for (let sent = 0; sent < count; sent += burstConcurrency) {
    const group = Array.from({ length: Math.min(burstConcurrency, count - sent) }, () =>
      box.report({
        cameraId: 1,
        label: '人员闯入',
        level: 'high',
        confidence: 0.93,
        boxes: [{ x: 0.4, y: 0.3, width: 0.2, height: 0.5, label: '人员闯入', confidence: 0.93 }],
        occurredAt: new Date().toISOString(),
        snapshotId,
      }),
    );
    for (const alert of await Promise.all(group)) lastId = Math.max(lastId, alert.id);
    lastAnswered = performance.now();
  }
  await page.locator(`.cfop-alert-wall-rows > [data-alert-id="${lastId}"]`).waitFor();
  const lastShownMs = performance.now() - lastAnswered;
  const seen = await page.evaluate(() => {
    const burst = (window as unknown as { __burst: { updates: number; gaps: number[]; running: boolean } })
      .__burst;
    burst.running = false;
    return { updates: burst.updates, gaps: burst.gaps.slice(1) };
  });
  return { alerts: count, wallUpdates: seen.updates, lastShownMs, ...frameFigures(seen.gaps) };
}

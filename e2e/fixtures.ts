import type { Browser, Page } from 'playwright-core';
import { inject, test as base } from 'vitest';
import { launchChromium } from '../test-support/chromium';
import { writeFile } from 'node:fs/promises';
import { artifactPath } from './artifacts';
import { screenshot } from './screen';
import { scaled } from '../test-support/test-timeouts';

/** A page in a browser context of its own: another person at another computer. */
export async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: inject('baseUrl'), locale: 'zh-CN' });
  context.setDefaultTimeout(scaled(10_000));
  return context.newPage();
}

/** Every test gets a fresh browser context (no stored token, no cookies) on the running server. */
export const test = base
  // vitest reads a fixture's dependencies from its destructuring pattern; empty means none.
  // eslint-disable-next-line no-empty-pattern
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }): Promise<Browser> => {
    const browser = await launchChromium();
    onCleanup(() => browser.close());
    return browser;
  })
  .extend('page', async ({ browser, task }, { onCleanup }): Promise<Page> => {
    const page = await freshPage(browser);
    onCleanup(async () => {
      // The screen as it was when the test failed is the first thing to look at.
      if (task.result?.state === 'fail') {
        await screenshot(page, `FAILED ${task.name}`);
        // The screenshot finishes animations; the document shows the state they were stuck in.
        await writeFile(artifactPath(`FAILED ${task.name}.html`), await page.content());
      }
      await page.context().close();
    });
    return page;
  });

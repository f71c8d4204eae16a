import type { Browser, Page } from 'playwright-core';
import { inject, test as base } from 'vitest';
import { launchChromium } from '../test-support/chromium';
import { writeFile } from 'node:fs/promises';
import type { OperatorAccount } from './accounts';
import { artifactPath } from './artifacts';
import { startConsoleServer } from './console-server';
import { createThroughApi, unique } from './resource-screen';
import { screenshot } from './screen';
import { scaled } from '../test-support/test-timeouts';
import { startTestStream, type TestStream } from '../test-support/test-stream';

/** A page in a browser context of its own: another person at another computer. */
export async function freshPage(browser: Browser, consoleUrl = inject('baseUrl')): Promise<Page> {
  const context = await browser.newContext({ baseURL: consoleUrl, locale: 'zh-CN' });
  context.setDefaultTimeout(scaled(10_000));
  return context.newPage();
}

/**
 * A camera added through the API as the page's signed-in user, as an administrator would set it
 * up: a unique name and code and a Hikvision at 10.61.0.1 unless `fields` say otherwise.
 */
export function addTestCamera(
  page: Page,
  fields: { readonly mainStreamUrl: string } & Record<string, unknown>,
): Promise<{ id: number }> {
  return createThroughApi<{ id: number }>(page, '/cameras', {
    name: unique('摄像头-'),
    code: unique('CAM-'),
    vendor: 'hikvision',
    ip: '10.61.0.1',
    aiServerId: null,
    ...fields,
  });
}

/**
 * Every test gets a fresh browser context (no stored token, no cookies) on the running server; the
 * tests of a file share one browser and one loopback test stream (test-support/test-stream.ts).
 */
export const test = base
  // vitest reads a fixture's dependencies from its destructuring pattern; empty means none.
  // eslint-disable-next-line no-empty-pattern
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }): Promise<Browser> => {
    const browser = await launchChromium();
    onCleanup(() => browser.close());
    return browser;
  })
  // eslint-disable-next-line no-empty-pattern
  .extend('stream', { scope: 'file' }, async ({}, { onCleanup }): Promise<TestStream> => {
    const stream = await startTestStream();
    onCleanup(() => stream.stop());
    return stream;
  })
  // The server a test's pages open: the run's shared one, unless the file starts its own.
  .extend('consoleUrl', { scope: 'file' }, (): string => inject('baseUrl'))
  .extend('page', async ({ browser, consoleUrl, task }, { onCleanup }): Promise<Page> => {
    const page = await freshPage(browser, consoleUrl);
    onCleanup(async () => {
      // The screen as it was when the test failed is the first thing to look at.
      if (task.result?.state === 'fail') {
        await screenshot(page, `FAILED ${task.name}`);
        // The screenshot finishes animations; the document shows the state they were stuck in.
        await writeFile(artifactPath(`FAILED ${task.name}.html`), await page.content());
        // A test that passes on its retry has its first failure reported nowhere else.
        const reasons = (task.result.errors ?? []).map((error) => error.stack ?? error.message);
        await writeFile(artifactPath(`FAILED ${task.name}.txt`), reasons.join('\n\n'));
        console.warn(`FAILED ${task.name} (try ${task.result.retryCount ?? 0}): ${reasons[0] ?? ''}`);
      }
      await page.context().close();
    });
    return page;
  });

/**
 * The fixtures with the file's pages on a server of its own (`name` names its log), with
 * `accounts` made: for screens showing the whole site's figures and newest alerts, which the
 * files running beside it change meanwhile.
 */
export function testOnOwnServer(name: string, accounts: readonly OperatorAccount[]) {
  return test.extend(
    'consoleUrl',
    { scope: 'file' },
    // eslint-disable-next-line no-empty-pattern
    async ({}, { onCleanup }): Promise<string> => {
      const server = await startConsoleServer(name, accounts);
      onCleanup(() => server.stop());
      return server.url;
    },
  );
}

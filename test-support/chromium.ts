import { chromium, type Browser } from 'playwright-core';
import { withinTime } from '../server/kernel/within-time';
import { scaled } from './test-timeouts';

// Debian's Chromium, headless, with nothing reaching for the network on its own: this machine
// has no network but loopback, and each refused background connection slows the browser down.
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Chromium with a fresh profile (Playwright gives every launch its own; it refuses
 * --user-data-dir). It runs as a browser server the caller connects to, so that its close has a
 * bound: on a machine under heavy load a renderer can stop answering, and an unbounded close then
 * held a test file's clean-up forever. A close that does not end in time kills the process.
 */
export async function launchChromium(): Promise<Browser> {
  const server = await chromium.launchServer({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
  const browser = await chromium.connect(server.wsEndpoint());
  const disconnect = browser.close.bind(browser);
  browser.close = async (options) => {
    await withinTime(disconnect(options), scaled(10_000)).catch(() => undefined);
    await withinTime(server.close(), scaled(10_000)).catch(() => server.kill());
  };
  return browser;
}

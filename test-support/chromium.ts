import { chromium, type Browser } from 'playwright-core';

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

/** Playwright gives every launch a fresh profile of its own (it refuses --user-data-dir). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumArgs });
}

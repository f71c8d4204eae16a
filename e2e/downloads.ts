import type { Download } from 'playwright-core';

/**
 * A downloaded file's bytes. The tests' Chromium runs as a browser server they connect to (its
 * close is bounded, test-support/chromium.ts), and Playwright keeps no local path for a download
 * over such a connection: the bytes come over the connection instead.
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { fetchedScripts, jsBytes, type GzipSizes } from './js-bytes';
import { measureLogin, openThrottled, type LoginFigures } from './journey';

const sourceDir = fileURLToPath(new URL('reference-login', import.meta.url));

export interface ReferenceFigures extends LoginFigures {
  readonly loginJs: number;
}

export interface ReferenceLogin {
  readonly url: string;
  run(
    browser: Browser,
    gzip: GzipSizes,
    options: { cpuThrottlingRate: number; actionTimeoutMs: number },
  ): Promise<ReferenceFigures>;
  close(): Promise<void>;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Builds the reference login page into `outDir` and serves it on loopback (any path: the page). */
export async function startReferenceLogin(outDir: string): Promise<ReferenceLogin> {
  await build({
    root: sourceDir,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  const server: Server = createServer((request, response) => {
    const path = normalize(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.startsWith('/assets/') ? join(outDir, path) : join(outDir, 'index.html');
    readFile(file).then(
      (body) => {
        response.writeHead(200, {
          'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
        });
        response.end(body);
      },
      () => {
        response.writeHead(404);
        response.end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    async run(browser, gzip, options) {
      const { context, page, cdp } = await openThrottled(browser, { baseUrl: url, ...options });
      try {
        const login = await measureLogin(page, cdp, options.actionTimeoutMs);
        const loginJs = await jsBytes(await fetchedScripts(page), 0, login.passwordUsable, gzip);
        return { ...login, loginJs };
      } finally {
        await context.close();
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

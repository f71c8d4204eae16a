import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { fetchedScripts, jsBytes, type GzipSizes } from './js-bytes';
import { measureLogin, openThrottled, type LoginFigures } from './journey';

/** Figures of another login page, measured as ours is, to read ours against. */
export interface YardstickFigures extends LoginFigures {
  readonly loginJs: number;
}

/** A login page served on loopback, measured in the same run as the console. */
export interface LoginYardstick {
  readonly url: string;
  run(
    browser: Browser,
    gzip: GzipSizes,
    options: { cpuThrottlingRate: number; actionTimeoutMs: number },
  ): Promise<YardstickFigures>;
  close(): Promise<void>;
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
};

/** The lean reference login page: Vite, React 19 and antd 6 (Card, Form, Input.Password). */
const referenceSources = fileURLToPath(new URL('reference-login', import.meta.url));
/** Ant Design Pro 6.0.3's production build, built apart (docs/performance.md): the measure among its kind. */
export const antDesignProDist = fileURLToPath(
  new URL('../../../shared/anchors/ant-design-pro-6.0.3/dist', import.meta.url),
);

/** Builds the reference login page into `outDir` and serves it. */
export async function startReferenceLogin(outDir: string): Promise<LoginYardstick> {
  await build({
    root: referenceSources,
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  return serveLoginPage(outDir);
}

/**
 * Serves a built single-page app as a production server would: its files, index.html for any
 * other path (history fallback), gzip to a browser that takes it (as the console's server does).
 */
export async function serveLoginPage(root: string): Promise<LoginYardstick> {
  const compressed = new Map<string, Buffer>();
  const fileOf = async (pathname: string): Promise<string> => {
    const path = join(root, normalize(decodeURIComponent(pathname)));
    const inside = path.startsWith(root + sep);
    const isFile =
      inside &&
      (await stat(path).then(
        (entry) => entry.isFile(),
        () => false,
      ));
    return isFile ? path : join(root, 'index.html');
  };
  const server: Server = createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://loopback');
    fileOf(pathname)
      .then(async (file) => {
        const headers: Record<string, string> = {
          'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
        };
        const body = await readFile(file);
        if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
          response.writeHead(200, headers).end(body);
          return;
        }
        const gzipped = compressed.get(file) ?? gzipSync(body, { level: 9 });
        compressed.set(file, gzipped);
        response.writeHead(200, { ...headers, 'content-encoding': 'gzip' }).end(gzipped);
      })
      .catch(() => {
        response.writeHead(404);
        response.end();
      });
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

import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appSettings } from '../../src/generated/settings';
import { pagePreloads } from './page-preloads';
import { prerenderedPages } from './prerendered-pages';

/** Vite's build.assetsDir: content-hashed file names, so they never change under one URL. */
const assetsFolder = 'assets';
const assetsPrefix = `/${assetsFolder}/`;
const immutable = 'public, max-age=31536000, immutable';

const notBuilt = [
  '控制台尚未构建：请先运行 npm run build（npm start 会自动构建）。',
  'The console is not built yet: run npm run build (npm start builds it for you).',
  '',
].join('\n');

/** Serves the built console; files outside assets/ (index.html first of all) are revalidated on every load. */
export async function registerConsoleFiles(
  app: FastifyInstance,
  staticDir: string,
  answerPage: ReturnType<typeof createConsoleFallback>,
): Promise<void> {
  const assetsDir = join(staticDir, assetsFolder) + sep;
  await app.register(fastifyStatic, {
    root: staticDir,
    // The build writes .br and .gz copies beside each text asset; they go out as they are.
    preCompressed: true,
    cacheControl: false,
    setHeaders(response, filePath) {
      response.setHeader('cache-control', filePath.startsWith(assetsDir) ? immutable : 'no-cache');
    },
  });
  // "/" is a page like any other, answered with its screen's chunks named rather than as the
  // folder's index.html.
  app.get('/', answerPage);
}

/** One page as answered for a path: index.html with its preloads and prerendered markup, and its compressed copies. */
interface Page {
  readonly html: Buffer;
  readonly gzip: Buffer;
  readonly brotli: Buffer;
  readonly etag: string;
}

/**
 * The pages of one build, made on first request of each path and kept until index.html changes
 * (a new build): a few kilobytes for each of the console's paths.
 */
function createPages(staticDir: string) {
  const indexFile = join(staticDir, 'index.html');
  let build: {
    stamp: number;
    indexHtml: string;
    preloads: Map<string, string>;
    prerendered: Map<string, string>;
    pages: Map<string, Page>;
  } | null = null;
  return (path: string): Page | null => {
    let stamp: number;
    try {
      stamp = statSync(indexFile).mtimeMs;
    } catch {
      return null;
    }
    if (build?.stamp !== stamp) {
      build = {
        stamp,
        indexHtml: readFileSync(indexFile, 'utf8'),
        preloads: pagePreloads(staticDir),
        prerendered: prerenderedPages(staticDir),
        pages: new Map(),
      };
    }
    const route = build.preloads.has(path) ? path : '*';
    let page = build.pages.get(route);
    if (!page) {
      // The preloads at the end of the head; the page sent as HTML after the root it lies over.
      const withTags = insertedBefore(build.indexHtml, '</head>', build.preloads.get(route) ?? '');
      const html = Buffer.from(insertedBefore(withTags, '</body>', build.prerendered.get(route) ?? ''));
      page = {
        html,
        gzip: gzipSync(html, { level: 9 }),
        brotli: brotliCompressSync(html),
        etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 22)}"`,
      };
      build.pages.set(route, page);
    }
    return page;
  };
}

/** `html` with `markup` just before its (last) `closingTag`; as it was without one. */
function insertedBefore(html: string, closingTag: string, markup: string): string {
  const at = html.lastIndexOf(closingTag);
  return markup === '' || at === -1 ? html : html.slice(0, at) + markup + html.slice(at);
}

/** The console's route path of a request: without the query, the base path or a trailing slash. */
function routePath(url: string): string {
  const pathname = url.split('?', 1)[0] as string;
  const base = appSettings.basePath.replace(/\/$/, '');
  const inApp = pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : pathname;
  return inApp.length > 1 ? inApp.replace(/\/+$/, '') : '/';
}

/**
 * History fallback: a page request for a path that is no file gets index.html, naming the chunks
 * of that path's screen, and the console's router takes over. A missing asset stays a 404, so a
 * chunk that vanished with a new build fails to load instead of loading HTML.
 */
export function createConsoleFallback(staticDir: string) {
  const pageFor = createPages(staticDir);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const isPageRequest =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith(assetsPrefix) &&
      acceptsHtml(request);
    if (!isPageRequest) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found\n');
    const page = pageFor(routePath(request.url));
    if (!page) return reply.code(503).type('text/plain; charset=utf-8').send(notBuilt);
    reply.header('cache-control', 'no-cache').header('etag', page.etag).header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    const body = encoding === 'br' ? page.brotli : encoding === 'gzip' ? page.gzip : page.html;
    return reply.code(200).type('text/html; charset=utf-8').send(body);
  };
}

/** Brotli when the browser takes it, else gzip, else none (`q=0` refuses one). */
function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';', 1)[0]),
  );
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') ? 'gzip' : null;
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return accept === undefined || accept.includes('text/html');
}

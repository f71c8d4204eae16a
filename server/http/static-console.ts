import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
export async function registerConsoleFiles(app: FastifyInstance, staticDir: string): Promise<void> {
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
}

/**
 * History fallback: a page request for a path that is no file gets index.html and the console's
 * router takes over. A missing asset stays a 404, so a chunk that vanished with a new build fails
 * to load instead of loading HTML.
 */
export async function answerConsoleFallback(
  request: FastifyRequest,
  reply: FastifyReply,
  staticDir: string,
): Promise<FastifyReply> {
  const isPageRequest =
    (request.method === 'GET' || request.method === 'HEAD') &&
    !request.url.startsWith(assetsPrefix) &&
    acceptsHtml(request);
  if (!isPageRequest) return reply.code(404).type('text/plain; charset=utf-8').send('Not Found\n');
  if (!existsSync(join(staticDir, 'index.html'))) {
    return reply.code(503).type('text/plain; charset=utf-8').send(notBuilt);
  }
  return reply.code(200).sendFile('index.html');
}

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return accept === undefined || accept.includes('text/html');
}

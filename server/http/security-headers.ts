import type { FastifyInstance } from 'fastify';

const contentSecurityPolicy = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  // The video wall's hls.js plays through a MediaSource (a blob: URL) and demuxes in a worker it
  // makes from a blob: URL of its own code.
  "media-src 'self' blob:",
  "worker-src 'self' blob:",
  // antd writes its CSS-in-JS into <style> elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

export const securityHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  'x-frame-options': 'DENY',
};

/** On every answer: the console page, its files, the API and every error. */
export function addSecurityHeaders(app: FastifyInstance, isApiPath: (url: string) => boolean): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(securityHeaders);
    // API answers carry session tokens and personal data: never store them.
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
  });
}

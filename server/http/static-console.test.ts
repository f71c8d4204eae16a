import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { startTestApp, tempDir, testAdminPassword } from '../test-support/test-app';
import { securityHeaders } from './security-headers';

const indexHtml =
  '<!doctype html><title>运营平台</title><script type="module" src="/assets/index-abc123.js"></script>';

function builtConsole(): string {
  const dist = tempDir();
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), indexHtml);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1);');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

const page = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('the built console', () => {
  it('serves index.html for / and for any page path, revalidated on every load', async () => {
    const { app } = await startTestApp({ staticDir: builtConsole() });
    for (const url of [
      '/',
      '/index.html',
      '/equipment/camera',
      '/user/login?redirect=%2Fhome',
      '/no/such/page',
    ]) {
      const response = await app.inject({ url, headers: page });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(indexHtml);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    const { app } = await startTestApp({ staticDir: builtConsole() });
    const asset = await app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it("sends the build's compressed copy of an asset to a browser that takes it, the file itself otherwise", async () => {
    const dist = builtConsole();
    const script = join(dist, 'assets', 'index-abc123.js');
    writeFileSync(`${script}.br`, brotliCompressSync('console.log(1);'));
    writeFileSync(`${script}.gz`, gzipSync('console.log(1);'));
    const { app } = await startTestApp({ staticDir: dist });

    const br = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1);');

    const gz = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1);');
  });

  it('answers a missing asset, or a missing file nobody asked HTML for, with a real 404', async () => {
    const { app } = await startTestApp({ staticDir: builtConsole() });
    for (const [url, accept] of [
      ['/assets/index-gone99.js', '*/*'],
      ['/assets/page-gone99.js', page.accept],
      ['/logo.png', 'image/avif,image/webp,*/*'],
    ] as const) {
      const response = await app.inject({ url, headers: { accept } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('<!doctype html>');
    }
  });

  it('says to build the console when there is no build', async () => {
    const { app } = await startTestApp({ staticDir: join(tempDir(), 'dist') });
    const response = await app.inject({ url: '/', headers: page });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('npm run build');
  });

  it('sends the security headers with pages, assets, API answers and errors', async () => {
    const { app } = await startTestApp({ staticDir: builtConsole() });
    for (const [method, url] of [
      ['GET', '/'],
      ['GET', '/assets/index-abc123.js'],
      ['GET', '/assets/missing.js'],
      ['GET', '/cfop/user/info'],
      ['POST', '/cfop/no/such/operation'],
    ] as const) {
      const response = await app.inject({ method, url, headers: page });
      expect(response.headers, `${method} ${url}`).toMatchObject(securityHeaders);
    }
    expect(securityHeaders['content-security-policy']).toBe(
      "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; " +
        "connect-src 'self'; frame-ancestors 'none'; object-src 'none'; base-uri 'self'",
    );
  });
});

describe('API paths', () => {
  it('answer an unknown operation with a 404 envelope, never the console page', async () => {
    const { app } = await startTestApp({ staticDir: builtConsole() });
    for (const [method, url] of [
      ['GET', '/cfop/no/such/operation'],
      ['POST', '/cfop'],
      ['GET', '/cfop/login/bypwd'],
    ] as const) {
      const response = await app.inject({ method, url, headers: { ...page, 'accept-language': 'en-US' } });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({
        success: false,
        code: '404',
        msg: 'No such API operation',
        data: null,
      });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('answer an unexpected failure with a 500 envelope that hides the cause', async () => {
    const t = await startTestApp({
      handlers: {
        getCurrentUser: async () => {
          throw new Error('database password is hunter2');
        },
      },
    });
    const token = await t.signIn('admin', testAdminPassword);
    const { status, body } = await t.call('getCurrentUser', { token });
    expect(status).toBe(500);
    expect(body).toEqual({ success: false, code: '500', msg: '服务器内部错误，请稍后重试', data: null });
  });
});

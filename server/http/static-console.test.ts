import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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

/** A build whose manifest has the entry, the layout, the sign-in page and the camera screen. */
function builtWithManifest(): string {
  const dist = builtConsole();
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><title>运营平台</title>' +
      '<script type="module" crossorigin src="/assets/index-abc123.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/react-111.js"></head><body></body></html>',
  );
  mkdirSync(join(dist, '.vite'));
  const manifest = {
    'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-111.js' },
    '_antd.js': { file: 'assets/antd-222.js', imports: ['_react.js'] },
    'src/pages/login/LoginPage.tsx': {
      file: 'assets/LoginPage-333.js',
      isDynamicEntry: true,
      imports: ['_react.js', '_antd.js'],
    },
    'src/shell/BasicLayout.tsx': {
      file: 'assets/BasicLayout-444.js',
      isDynamicEntry: true,
      imports: ['_antd.js'],
    },
    'node_modules/antd/es/locale/zh_CN.js': { file: 'assets/zh_CN-555.js', isDynamicEntry: true },
    'src/pages/home/HomePage.tsx': { file: 'assets/HomePage-666.js', isDynamicEntry: true },
    'src/pages/cameras/CameraPage.tsx': { file: 'assets/CameraPage-777.js', isDynamicEntry: true },
  };
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dist;
}

/** The chunks a page names for preloading, in order. */
const preloaded = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

describe("a page's chunks", () => {
  it("are named in the page, beside the entry's, so the browser fetches them at once", async () => {
    const { app } = await startTestApp({ staticDir: builtWithManifest() });
    const layout = ['/assets/BasicLayout-444.js', '/assets/antd-222.js', '/assets/zh_CN-555.js'];
    for (const [url, chunks] of [
      ['/user/login?redirect=%2Fhome', ['/assets/LoginPage-333.js', '/assets/antd-222.js']],
      ['/home', [...layout, '/assets/HomePage-666.js']],
      // "/" goes to /home; a trailing slash is the same screen.
      ['/', [...layout, '/assets/HomePage-666.js']],
      ['/equipment/camera/', [...layout, '/assets/CameraPage-777.js']],
      // A screen whose chunks this build lacks gets the layout's only; an unknown path none.
      ['/model', layout],
      ['/no/such/page', []],
    ] as const) {
      const response = await app.inject({ url, headers: page });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(preloaded(response.body), url).toEqual(['/assets/react-111.js', ...chunks]);
      expect(response.body, url).toMatch(/<\/head><body><\/body><\/html>$/);
    }
  });

  it('go out compressed as the browser takes them, and a page not changed is not sent again', async () => {
    const { app } = await startTestApp({ staticDir: builtWithManifest() });
    const plain = await app.inject({ url: '/home', headers: { ...page, 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await app.inject({
      url: '/home',
      headers: { ...page, 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await app.inject({ url: '/home', headers: { ...page, 'accept-encoding': 'gzip, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers.vary).toContain('accept-encoding');

    const etag = plain.headers.etag as string;
    const again = await app.inject({ url: '/home', headers: { ...page, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const otherScreen = await app.inject({ url: '/user/login', headers: { ...page, 'if-none-match': etag } });
    expect(otherScreen.statusCode).toBe(200);
  });

  it('follow a new build without a restart', async () => {
    const dist = builtWithManifest();
    const { app } = await startTestApp({ staticDir: dist });
    const before = await app.inject({ url: '/user/login', headers: page });
    expect(preloaded(before.body)).toContain('/assets/LoginPage-333.js');
    const manifestFile = join(dist, '.vite', 'manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>;
    (manifest['src/pages/login/LoginPage.tsx'] as { file: string }).file = 'assets/LoginPage-999.js';
    writeFileSync(manifestFile, JSON.stringify(manifest));
    // A build writes index.html last; its new time says the build changed.
    writeFileSync(join(dist, 'index.html'), readFileSync(join(dist, 'index.html'), 'utf8'));
    utimesSync(join(dist, 'index.html'), new Date(), new Date(Date.now() + 5000));
    const after = await app.inject({ url: '/user/login', headers: page });
    expect(preloaded(after.body)).toContain('/assets/LoginPage-999.js');
  });
});

describe('a page the build rendered as HTML', () => {
  const sent = '<div id="cfop-prerendered"><form><input name="password" type="password"></form></div>';

  it('goes out at the end of the body of its path only, after the root it lies over', async () => {
    const dist = builtWithManifest();
    writeFileSync(join(dist, '.vite', 'prerendered-pages.json'), JSON.stringify({ '/user/login': sent }));
    const { app } = await startTestApp({ staticDir: dist });
    for (const url of ['/user/login', '/user/login/?redirect=%2Fhome']) {
      const response = await app.inject({ url, headers: page });
      expect(response.body, url).toMatch(new RegExp(`<body>${sent}</body></html>$`));
      expect(preloaded(response.body), url).toContain('/assets/LoginPage-333.js');
    }
    for (const url of ['/home', '/', '/no/such/page']) {
      expect((await app.inject({ url, headers: page })).body, url).not.toContain('cfop-prerendered');
    }
  });

  it('is left out when the build has none, or an unreadable list of them', async () => {
    const dist = builtWithManifest();
    const { app } = await startTestApp({ staticDir: dist });
    expect((await app.inject({ url: '/user/login', headers: page })).body).toMatch(/<body><\/body><\/html>$/);
    writeFileSync(join(dist, '.vite', 'prerendered-pages.json'), '{ not json');
    utimesSync(join(dist, 'index.html'), new Date(), new Date(Date.now() + 5000));
    expect((await app.inject({ url: '/user/login', headers: page })).body).toMatch(/<body><\/body><\/html>$/);
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

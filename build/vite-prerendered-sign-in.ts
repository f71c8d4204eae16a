import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { build, createServer, type Plugin, type Rolldown } from 'vite';
import { prerenderedPagesFile } from './built-files';

/** The module that renders the sign-in page (its renderSignInPage()), and the script sent with it. */
const renderer = '/src/pages/login/prerender.tsx';
const earlyScript = 'src/pages/login/early-sign-in.ts';

interface PrerenderedSignIn {
  readonly path: string;
  readonly html: string;
  readonly styles: string;
}

function isPrerenderedSignIn(value: unknown): value is PrerenderedSignIn {
  const page = value as Partial<Record<keyof PrerenderedSignIn, unknown>> | null;
  return typeof page?.path === 'string' && typeof page.html === 'string' && typeof page.styles === 'string';
}

/**
 * Renders the sign-in page with the console's own modules, through a Vite server of its own (the
 * config process cannot load the console's TSX). antd and its helpers go through Vite too: their
 * ES files import without extensions, which Node refuses.
 */
async function renderSignInPage(root: string): Promise<PrerenderedSignIn> {
  const server = await createServer({
    configFile: false,
    root,
    mode: 'production',
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
    ssr: { noExternal: [/^antd/, /^@ant-design\//, /^@rc-component\//, /^@emotion\//, /^stylis/] },
  });
  try {
    const module = (await server.ssrLoadModule(renderer)) as { renderSignInPage?: () => unknown };
    const page = module.renderSignInPage?.();
    if (!isPrerenderedSignIn(page)) throw new Error(`${renderer} gave no page`);
    return page;
  } finally {
    await server.close();
  }
}

/**
 * The script sent with the page, bundled on its own (with the names it shares with the page) and
 * minified: an IIFE, which Vite minifies whole (its ES libraries keep their whitespace); the name
 * Vite asks of one is never used, as the script exports nothing.
 */
async function compiledEarlyScript(root: string): Promise<string> {
  const output = (await build({
    configFile: false,
    root,
    logLevel: 'error',
    build: {
      write: false,
      minify: true,
      lib: {
        entry: join(root, earlyScript),
        formats: ['iife'],
        name: 'cfopEarlySignIn',
        fileName: 'early-sign-in',
      },
    },
  })) as Rolldown.RolldownOutput[];
  const chunks = output.flatMap(({ output: files }) => files.filter((file) => file.type === 'chunk'));
  const [script, ...more] = chunks;
  if (!script || more.length > 0) throw new Error(`${earlyScript} was not bundled into one file`);
  return script.code;
}

const hashed = (name: string, extension: string, content: string) =>
  `assets/${name}-${createHash('sha256').update(content).digest('base64url').slice(0, 8)}.${extension}`;

/**
 * The sign-in page as HTML, for the server to send on that path (`prerenderedPagesFile`): the
 * reader sees it and types into it before the console's script has arrived, and the console's
 * form takes over what was typed (src/pages/login/prerendered-form.ts). Its antd styles, rendered
 * with it, are a stylesheet of their own linked from index.html before the app's: every page's
 * first paint needs them, and the app's own styles still come after antd's and win.
 */
export function prerenderedSignIn(): Plugin {
  let base = '/';
  let root = process.cwd();
  let page: PrerenderedSignIn;
  let stylesFile = '';
  let script = '';
  let scriptFile = '';
  return {
    name: 'cfop-prerendered-sign-in',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    async buildStart() {
      [page, script] = await Promise.all([renderSignInPage(root), compiledEarlyScript(root)]);
      stylesFile = hashed('antd-first-paint', 'css', page.styles);
      scriptFile = hashed('early-sign-in', 'js', script);
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: stylesFile, source: page.styles });
      this.emitFile({ type: 'asset', fileName: scriptFile, source: script });
      // Before the markup, and waited for: it listens before any button of the page can be pressed.
      const sent = `<script src="${base}${scriptFile}"></script>${page.html}`;
      this.emitFile({
        type: 'asset',
        fileName: prerenderedPagesFile,
        source: JSON.stringify({ [page.path]: sent }, null, 1) + '\n',
      });
    },
    transformIndexHtml: () => [
      {
        tag: 'link',
        attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${stylesFile}` },
        injectTo: 'head-prepend',
      },
    ],
  };
}

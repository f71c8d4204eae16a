import { createHash } from 'node:crypto';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { Button, ConfigProvider, Input, type ThemeConfig } from 'antd';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import type { Plugin } from 'vite';

/**
 * antd's styles for what the sign-in page shows (inputs, a button, icons), rendered once at build
 * time with the console's theme: what antd's CSS-in-JS would otherwise compute in the browser,
 * serialise and parse again character by character before the first paint (four fifths of the
 * calls the sign-in page made until its password field was there).
 */
function firstPaintStyles(theme: ThemeConfig): string {
  const cache = createCache();
  renderToString(
    h(
      StyleProvider,
      { cache },
      h(
        ConfigProvider,
        { theme },
        h(Input, { size: 'large' }),
        h(Input.Password, { size: 'large' }),
        h(Button, { type: 'primary' }),
      ),
    ),
  );
  // Only component styles: the theme's CSS variables are computed in the browser either way. The
  // styles end with a rule whose `content` lists their cache paths; antd's runtime reads it and
  // skips generating those (a path of another theme or antd version does not match, and is made
  // in the browser as before).
  return extractStyle(cache, { plain: true, types: ['style'] });
}

/**
 * Emits those styles, with `theme` (the console's ConfigProvider theme: another one would not match
 * the browser's paths), as a stylesheet of their own, linked from index.html before the app's
 * (cached apart from the scripts; the app's own styles still come after antd's and win).
 */
export function antdFirstPaintStyles(theme: ThemeConfig): Plugin {
  let base = '/';
  let css = '';
  let fileName = '';
  return {
    name: 'cfop-antd-first-paint',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      css = firstPaintStyles(theme);
      fileName = `assets/antd-first-paint-${createHash('sha256').update(css).digest('base64url').slice(0, 8)}.css`;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: css });
    },
    transformIndexHtml: () => [
      {
        tag: 'link',
        attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${fileName}` },
        injectTo: 'head-prepend',
      },
    ],
  };
}

// @vitest-environment happy-dom
import { ConfigProvider, theme as antdTheme } from 'antd';
import { createElement as h } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appTheme } from '../src/shell/theme';
import { bakedMapToken, mapTokenGlobal, type BakedMapToken } from './vite-antd-map-token';

const marker = '#123456';
const consoleSeed = { ...antdTheme.defaultSeed, ...appTheme.token };

/** The console's algorithm as the build makes it: its global set before it loads. */
async function algorithmWith(baked: BakedMapToken) {
  vi.stubGlobal(mapTokenGlobal, baked);
  vi.resetModules();
  return (await import('../src/shell/theme-algorithm')).consoleAlgorithm;
}

function TokenProbe() {
  return antdTheme.useToken().token.colorPrimary;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the theme map baked at build time', () => {
  it('is what antd derives from the console’s seed, key for key and in order', async () => {
    const algorithm = await algorithmWith(bakedMapToken(appTheme));
    const derived = antdTheme.defaultAlgorithm(consoleSeed);
    expect(Object.entries(algorithm(consoleSeed))).toEqual(Object.entries(derived));
  });

  it('is used for the seed antd hands the console’s theme', async () => {
    const baked = bakedMapToken(appTheme);
    const algorithm = await algorithmWith({ ...baked, derived: { ...baked.derived, colorPrimary: marker } });
    const html = renderToString(h(ConfigProvider, { theme: { ...appTheme, algorithm } }, h(TokenProbe)));
    expect(html).toBe(marker);
  });

  it('is not used for another seed, which is derived as antd does', async () => {
    const algorithm = await algorithmWith({ token: appTheme.token ?? {}, derived: { colorPrimary: marker } });
    const seed = { ...consoleSeed, colorPrimary: '#fa541c' };
    expect(algorithm(seed)).toEqual(antdTheme.defaultAlgorithm(seed));
  });
});

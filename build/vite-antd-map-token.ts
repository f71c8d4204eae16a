import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { Plugin } from 'vite';

/** What the console's theme algorithm (src/shell/theme-algorithm.ts) finds in its global. */
export interface BakedMapToken {
  /** The theme's own tokens: the seed is antd's default seed with these over it. */
  readonly token: Readonly<Record<string, unknown>>;
  /** What antd's default algorithm derives from that seed, less what it keeps from the seed. */
  readonly derived: Readonly<Record<string, unknown>>;
}

export const mapTokenGlobal = '__CFOP_ANTD_MAP_TOKEN__';

/** antd's default algorithm run on the theme's seed, as antd merges it in the browser. */
export function bakedMapToken(theme: ThemeConfig): BakedMapToken {
  const token = theme.token ?? {};
  const seed = { ...antdTheme.defaultSeed, ...token };
  const kept = new Map<string, unknown>(Object.entries(seed));
  const map = Object.entries(antdTheme.defaultAlgorithm(seed));
  return { token, derived: Object.fromEntries(map.filter(([key, value]) => kept.get(key) !== value)) };
}

/**
 * Derives the theme's map token at build time: its colour palettes and sizes are the same on every
 * load, and deriving them was the costliest single step of the theme before the sign-in page's
 * first render.
 */
export function antdMapToken(theme: ThemeConfig): Plugin {
  return {
    name: 'cfop-antd-map-token',
    config: () => ({ define: { [mapTokenGlobal]: JSON.stringify(bakedMapToken(theme)) } }),
  };
}

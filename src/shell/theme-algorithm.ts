import type { MappingAlgorithm } from 'antd';
import defaultAlgorithm from 'antd/es/theme/themes/default';
import defaultSeed from 'antd/es/theme/themes/seed';

// Set by the build (build/vite-antd-map-token.ts); absent in unit tests, which derive as antd does.
declare const __CFOP_ANTD_MAP_TOKEN__:
  | { readonly token: Readonly<Record<string, unknown>>; readonly derived: Readonly<Record<string, unknown>> }
  | undefined;
const baked = typeof __CFOP_ANTD_MAP_TOKEN__ === 'undefined' ? undefined : __CFOP_ANTD_MAP_TOKEN__;
const bakedSeed: Readonly<Record<string, unknown>> = { ...defaultSeed, ...baked?.token };

function isBakedSeed(seed: object): boolean {
  const keys = Object.keys(seed) as (keyof typeof seed)[];
  return keys.length === Object.keys(bakedSeed).length && keys.every((key) => seed[key] === bakedSeed[key]);
}

/**
 * antd's default algorithm, answered from the build's result when the seed is the one the build
 * derived from (the console's theme), so the browser does not derive the same palettes again.
 */
export const consoleAlgorithm: MappingAlgorithm = (seed) =>
  baked !== undefined && isBakedSeed(seed)
    ? ({ ...seed, ...baked.derived } as ReturnType<MappingAlgorithm>)
    : defaultAlgorithm(seed);

import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compressible = /\.(js|css|html|svg|json)$/;
/** Below this a compressed copy saves less than its headers cost. */
const minBytes = 1024;

/**
 * Writes a .br and a .gz beside every text asset of the build, once, at build time: the server
 * sends them as they are (best compression, no CPU per request), which matters to operators
 * opening the console over a campus VPN.
 */
export function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'cfop-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter(
        (file) => compressible.test(file) && !file.startsWith('.vite/'),
      );
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          const content = await readFile(path);
          if (content.length < minBytes) return;
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzipAsync(content, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

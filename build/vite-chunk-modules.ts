import type { Plugin } from 'vite';

/**
 * Writes .vite/chunk-modules.json beside Vite's build manifest: for every emitted JS chunk,
 * the module ids bundled into it. The budget check reads it to prove that heavy libraries
 * (ECharts, hls.js) sit only in the chunks of the screens that need them.
 */
export function chunkModulesReport(): Plugin {
  return {
    name: 'cfop-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const report: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        report[output.fileName] = output.moduleIds.map((id) => id.replace(process.cwd() + '/', '')).sort();
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(report, null, 1) + '\n',
      });
    },
  };
}

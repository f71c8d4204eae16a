import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { antdMapToken } from './build/vite-antd-map-token';
import { appSettingsHtml, type HtmlAppSettings } from './build/vite-app-settings-html';
import { chunkModulesReport } from './build/vite-chunk-modules';
import { precompressAssets } from './build/vite-precompress';
import { prerenderedSignIn } from './build/vite-prerendered-sign-in';
import { firstScreenGroups } from './build/first-screen-chunks';
import { appTheme } from './src/shell/theme';

// Where the built assets are served from, and the title, language and colour of the page
// shown before the script runs: app settings of the manifest.
const { app } = JSON.parse(readFileSync('manifest/console.json', 'utf8')) as {
  app: HtmlAppSettings & { publicPath: string };
};

const formEngine = /node_modules[\\/]@rc-component[\\/](form|async-validator)[\\/]/;
const formContext = /node_modules[\\/]@rc-component[\\/]form[\\/]es[\\/]FormContext\.js$/;
const isFormEngine = (id: string): boolean => formEngine.test(id) && !formContext.test(id);
const readCache =
  /node_modules[\\/]@tanstack[\\/]|[\\/]src[\\/]api[\\/](query-client|use-read|object-urls)\.ts$/;

const apiTarget = process.env.CFOP_API_TARGET ?? 'http://127.0.0.1:8000';

export default defineConfig({
  base: app.publicPath,
  plugins: [
    react(),
    appSettingsHtml(app),
    prerenderedSignIn(),
    antdMapToken(appTheme),
    chunkModulesReport(),
    precompressAssets(),
  ],
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      // The engine's barrel only defines things (Form.Field = Field, …): importing its
      // FormProvider must not make the sign-in page run, hence fetch, the whole engine.
      treeshake: { moduleSideEffects: (id) => (formEngine.test(id) ? false : undefined) },
      output: {
        codeSplitting: {
          groups: [
            // antd's Input reads Form's context, which imports the form engine's barrel; left to
            // the automatic chunking, the whole engine (used by the personal page's Form) lands
            // in the chunk the sign-in page shares with it. Only the context stays there.
            { name: 'form-engine', test: isFormEngine, includeDependenciesRecursively: false },
            // ECharts in a chunk of its own, which only the dashboard loads: cached apart from the
            // dashboard's code, and its cost reads on its own in the build's list.
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender)[\\/]/ },
            // The read cache (TanStack Query and the console's modules around it) in one chunk, which
            // the signed-in layout loads: every signed-in screen reads through it, and left to the
            // automatic chunking it came as three files split by which screens share each part.
            { name: 'read-cache', test: readCache, includeDependenciesRecursively: false },
            // A cold sign-in page in four files rather than thirty-five: the entry's static imports
            // in one chunk, the sign-in page's beyond them in another.
            ...firstScreenGroups({
              module: 'src/pages/login/LoginPage.tsx',
              name: 'login',
              through: ['node_modules/antd/es/input/index.js'],
              notThrough: /node_modules[\\/]antd[\\/]es[\\/]index\.js$/,
            }),
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    host: '127.0.0.1',
    // ws: the live view's socket (play-live.ts) goes through the same proxy as every call.
    proxy: { '/cfop': { target: apiTarget, changeOrigin: false, ws: true } },
  },
});

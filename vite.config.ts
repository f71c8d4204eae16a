import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkModulesReport } from './scripts/vite-chunk-modules';

const apiTarget = process.env.CFOP_API_TARGET ?? 'http://127.0.0.1:8000';

export default defineConfig({
  base: '/',
  plugins: [react(), chunkModulesReport()],
  build: {
    outDir: 'dist',
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1024,
  },
  server: {
    port: 5173,
    host: '127.0.0.1',
    proxy: { '/cfop': { target: apiTarget, changeOrigin: false } },
  },
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // @parley/* packages resolve to their TypeScript sources: no build step between them and the console. `es2015`
  // picks RxJS's ES2015 build (native classes) over its down-levelled ES5 one: smaller, same API. Only RxJS uses it.
  resolve: { conditions: ['@parley/source', 'module', 'browser', 'development|production', 'es2015'] },
  server: { proxy: { '/api': { target: 'http://127.0.0.1:8080', ws: true } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically is loaded by every page: one chunk for all of it compresses
        // better than the handful Rolldown splits off for sharing with lazy screens (who load the entry anyway).
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
});

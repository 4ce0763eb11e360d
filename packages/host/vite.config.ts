import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // @parley/* packages resolve to their TypeScript sources: no build step between them and the console.
  resolve: { conditions: ['@parley/source', 'module', 'browser', 'development|production'] },
  server: { proxy: { '/api': { target: 'http://127.0.0.1:8080', ws: true } } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true, chunkSizeWarningLimit: 1500 },
});

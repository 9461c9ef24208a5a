import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { bootShell } from './boot-shell-plugin';
import { precompress } from './precompress';

// The SPA is served by the API server at `/` and uses hash routing, so relative asset URLs (base './')
// work wherever the server mounts it. In dev and preview, `/api` goes to the local server.
const apiProxy = { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } };

export default defineConfig({
  base: './',
  plugins: [react(), bootShell(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Game web views and WeChat's browser lag behind desktop Chrome; keep the syntax they understand.
    target: ['es2020', 'chrome87', 'safari14'],
    chunkSizeWarningLimit: 700,
  },
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
});

import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompressPlugin } from './scripts/vite-precompress.ts';
import { screenValidatorPlugin } from './scripts/vite-screen-validator.ts';

export const runtimePlugins = () => [react(), screenValidatorPlugin()];

const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

// The browser app: runtime/ is the Vite root; `npm run build` writes dist/web, which the server serves.
export default defineConfig({
  root: fileURLToPath(new URL('./runtime', import.meta.url)),
  base: './',
  // Brotli and gzip copies of every text asset, served by content negotiation (server/http/staticAssets.ts).
  plugins: [...runtimePlugins(), precompressPlugin()],
  // Module workers (the page export, Monaco's editor and JSON workers): ES output, so a worker may split into chunks.
  worker: { format: 'es' },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
    // Which chunks each chunk imports: the bundle report and its budget test read it (tests/bench/bundle).
    manifest: true,
  },
  server: {
    port: 5173,
    // config.json too: the server fills in its signing keys (server/routes/runtimeConfig.ts); /oauth is the sign-in page.
    proxy: { '/api': apiTarget, '/openapi': apiTarget, '/oauth': apiTarget, '/config.json': apiTarget },
  },
});

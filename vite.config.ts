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
    // The screen editor's chunk (Monaco with the contract's schemas, which grow with the screen language) is about 4 MB;
    // the warning is for anything else growing that large.
    chunkSizeWarningLimit: 4200,
    // Which chunks each chunk imports: the bundle report and its budget test read it (tests/bench/bundle).
    manifest: true,
    rolldownOptions: {
      // @rc-component/form has no side effects but does not say so (no `sideEffects` in its package.json): its index
      // hangs Field, List, useForm and useWatch on the Form component, and those assignments kept the whole form
      // library with its validator (about 12 KB gzip) in the first screen, which imports only its FormProvider (through
      // antd's form context, which Modal, Dropdown and Input use). Forms, which load with the screen interpreter and the
      // editor, import each part by name and are unchanged.
      treeshake: { moduleSideEffects: [{ test: /node_modules[\\/]@rc-component[\\/]form[\\/]/, sideEffects: false }] },
    },
  },
  server: {
    port: 5173,
    // config.json too: the server fills in its signing keys (server/routes/runtimeConfig.ts); /oauth is the sign-in page.
    proxy: { '/api': apiTarget, '/openapi': apiTarget, '/oauth': apiTarget, '/config.json': apiTarget },
  },
});

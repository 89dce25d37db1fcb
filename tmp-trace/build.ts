import { build } from 'vite';
import { join } from 'node:path';
import { runtimePlugins } from '../vite.config';
await build({ root: join(process.cwd(), 'tests/bench/table'), base: './', plugins: runtimePlugins(), logLevel: 'warn', build: { outDir: process.env.OUT!, emptyOutDir: true, chunkSizeWarningLimit: 8000 } });

// amis 6's benchmark pages (tests/bench/table/amis): the folder's own package.json and lock, installed with npm ci on
// first run (React 18 and amis's dependencies, never the product's), each page built on its own from its html file.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const AMIS_DIR = fileURLToPath(new URL('./table/amis', import.meta.url));

/** Builds amis's page `html` (a file of tests/bench/table/amis) into `outDir`, installing amis's folder first if needed. */
export async function buildAmisPage(html: string, outDir: string): Promise<void> {
  if (!existsSync(join(AMIS_DIR, 'node_modules/amis'))) {
    console.log('首次运行：安装 amis 基准页的依赖（tests/bench/table/amis，独立于产品的 package.json 与 lock）…');
    execSync('npm ci --prefix . --ignore-scripts --no-audit --no-fund', { cwd: AMIS_DIR, stdio: 'inherit' });
  }
  await build({
    root: AMIS_DIR,
    base: './',
    configFile: false,
    logLevel: 'error',
    // One React (18, amis's folder) for amis and everything it brings.
    resolve: { dedupe: ['react', 'react-dom'] },
    // amis's CSS holds IE hacks (`\\0`) that the CSS minifier refuses; the page's CSS need not be small.
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 100_000, cssMinify: false, rollupOptions: { input: join(AMIS_DIR, html) } },
  });
}

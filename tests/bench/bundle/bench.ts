// `npm run bench bundle`: builds the web app and prints each chunk's size (raw, gzip, brotli), what a browser downloads
// before its first screen (the start-up chunk, then the app with its static imports) and the budget of issue 20.
// Sizes are the build's own, so they do not swing with the machine's load.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { allChunks, firstScreenChunks, INITIAL_JS_BUDGET_GZIP, kb, readManifest, sizeOf, startupChunks, total, type ChunkSize } from './chunks';

const row = (size: ChunkSize) => `${kb(size.raw).padStart(11)} ${kb(size.gzip).padStart(10)} ${kb(size.brotli).padStart(10)}  ${size.file}`;

export async function run(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'dms-bench-bundle-'));
  try {
    // The project's own vite.config.ts, written elsewhere.
    await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    const manifest = readManifest(outDir);
    const first = firstScreenChunks(manifest);
    const startup = new Set(startupChunks(manifest));
    const inFirst = new Set([...first.js, ...first.css]);
    console.log(`${'未压缩'.padStart(9)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)}  文件（* 首屏，S 启动分包）`);
    const chunks = allChunks(outDir);
    for (const size of chunks) console.log(`${row(size)}${startup.has(size.file) ? '  S' : inFirst.has(size.file) ? '  *' : ''}`);
    const js = chunks.filter((c) => c.file.endsWith('.js'));
    console.log(`全部 JS ${js.length} 个：未压缩 ${kb(total(js, 'raw'))}，gzip ${kb(total(js, 'gzip'))}，brotli ${kb(total(js, 'brotli'))}`);
    const startupSizes = [...startup].map((file) => sizeOf(outDir, file));
    console.log(`启动分包（登录页之前唯一下载的脚本）：未压缩 ${kb(total(startupSizes, 'raw'))}，gzip ${kb(total(startupSizes, 'gzip'))}，brotli ${kb(total(startupSizes, 'brotli'))}`);
    const firstSizes = first.js.map((file) => sizeOf(outDir, file));
    const gzip = total(firstSizes, 'gzip');
    console.log(
      `首屏 JS（启动分包 + 应用及其静态依赖，${firstSizes.length} 个文件）：未压缩 ${kb(total(firstSizes, 'raw'))}，gzip ${kb(gzip)}，brotli ${kb(total(firstSizes, 'brotli'))}`,
    );
    console.log(`预算：首屏 JS ≤ ${kb(INITIAL_JS_BUDGET_GZIP)} gzip ${gzip <= INITIAL_JS_BUDGET_GZIP ? '达标' : '未达标'}（${((gzip / INITIAL_JS_BUDGET_GZIP) * 100).toFixed(0)}%）`);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

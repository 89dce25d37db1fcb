// Vite plugin: after the build has written its files, writes a brotli (.br) and a gzip (.gz) copy beside each text
// asset, so the server sends compressed bytes without compressing per request (server/http/staticAssets.ts chooses by
// Accept-Encoding). Node's zlib at its strongest settings: the cost is paid once per build.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats; fonts such as woff2 and images such as png are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.ttf', '.eot', '.txt', '.xml']);
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;
/** Brotli's best quality (11) runs at about 1 MB/s: the first-screen chunks get it; the large lazy chunks (the screen
 * editor's 4 MB, echarts, bpmn-js) get quality 9, a few per cent larger and ten times faster, so a build stays quick. */
const BEST_QUALITY_UP_TO = 512 * 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)])));
  return nested.flat();
}

/** Writes file.br and file.gz for each compressible file of dir; a copy that would not be smaller is not written. */
export async function precompress(dir: string): Promise<number> {
  // Not the manifest (for tools, not browsers) nor config.json (a route of the server fills in its keys and serves it).
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.has(extname(file)) && !file.startsWith(join(dir, '.vite')) && file !== join(dir, 'config.json'));
  // All at once: zlib's async calls run on libuv's thread pool, so the files compress side by side.
  const counts = await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return 0;
      const bytes = await readFile(file);
      const [br, gzipped] = await Promise.all([
        brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: bytes.length <= BEST_QUALITY_UP_TO ? 11 : 9, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        gz(bytes, { level: 9 }),
      ]);
      let written = 0;
      for (const [copy, suffix] of [[br, '.br'], [gzipped, '.gz']] as const) {
        if (copy.length >= bytes.length) continue;
        await writeFile(`${file}${suffix}`, copy);
        written++;
      }
      return written;
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}

export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'dms-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const written = await precompress(outDir);
      this.info?.(`${written} precompressed files (.br, .gz)`);
    },
  };
}

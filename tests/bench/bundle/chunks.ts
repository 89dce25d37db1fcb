// The built app's chunks and what a browser downloads before its first screen, read from Vite's manifest
// (dist/web/.vite/manifest.json): the bundle report (`npm run bench bundle`) prints it, and the bundle test holds it to
// the budget of issue 20.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Initial JS to the first screen, gzip (issue 20). */
export const INITIAL_JS_BUDGET_GZIP = 350 * 1024;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface ChunkSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export function readManifest(webDir: string): Manifest {
  return JSON.parse(readFileSync(join(webDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/**
 * Sizes of one file as the server sends it: raw, and to a browser taking gzip or brotli the build's compressed copy
 * (scripts/vite-precompress.ts), or the file itself where the build wrote none (under 1 KB, where a copy saves less
 * than its headers cost). Counting a small file's own gzip instead would under-count what is really sent.
 */
export function sizeOf(webDir: string, file: string): ChunkSize {
  const path = join(webDir, file);
  const raw = statSync(path).size;
  const copy = (suffix: string) => (existsSync(`${path}${suffix}`) ? statSync(`${path}${suffix}`).size : raw);
  return { file, raw, gzip: copy('.gz'), brotli: copy('.br') };
}

/** Every JS and CSS file under assets/ (workers included), largest first. */
export function allChunks(webDir: string): ChunkSize[] {
  return readdirSync(join(webDir, 'assets'))
    .filter((name) => /\.(js|css)$/.test(name) && statSync(join(webDir, 'assets', name)).isFile())
    .map((name) => sizeOf(webDir, `assets/${name}`))
    .sort((a, b) => b.raw - a.raw);
}

/** A chunk and everything it imports statically (what the browser must fetch before the chunk runs). */
function staticClosure(manifest: Manifest, key: string, into: Set<string>): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

/**
 * The JS of the first screen of a signed-in user: the start-up entry and the app it loads at once (app/boot.tsx), each
 * with its static imports. The screen interpreter, the editor and the lazy blocks are not in it.
 */
export function firstScreenChunks(manifest: Manifest): { js: string[]; css: string[] } {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry && chunk.file.includes('index'))?.[0];
  if (!entry) throw new Error('bundle: no entry chunk in the manifest');
  const keys = staticClosure(manifest, entry, new Set());
  const boot = Object.keys(manifest).find((key) => manifest[key]!.src === 'app/boot.tsx');
  if (!boot) throw new Error('bundle: app/boot.tsx is not a chunk of its own');
  staticClosure(manifest, boot, keys);
  const chunks = [...keys].map((key) => manifest[key]!).filter((chunk) => chunk.file.endsWith('.js'));
  return { js: chunks.map((chunk) => chunk.file), css: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))] };
}

/** The JS a browser runs before it leaves for the sign-in: the start-up entry and its static imports only. */
export function startupChunks(manifest: Manifest): string[] {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry && chunk.file.includes('index'))?.[0];
  if (!entry) throw new Error('bundle: no entry chunk in the manifest');
  return [...staticClosure(manifest, entry, new Set())].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
}

export const total = (sizes: ChunkSize[], key: 'raw' | 'gzip' | 'brotli') => sizes.reduce((sum, size) => sum + size[key], 0);
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

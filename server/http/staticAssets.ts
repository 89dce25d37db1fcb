// The built web app (dist/web), served with the precompressed brotli and gzip files the build writes beside each asset
// (scripts/vite-precompress.ts), chosen by the request's Accept-Encoding; no compression at request time.
// Caching: a file under assets/ has its content's hash in its name, so it never changes: cached for a year and
// `immutable` (no revalidation on reload). index.html names the current assets and must never be cached, or a browser
// would keep asking for last release's chunks; config.json carries the server's keys and is no-store too (its own
// route). Any other file (none today) is revalidated on each use.
import fastifyStatic from '@fastify/static';
import { basename, relative, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NEVER_CACHED = 'no-store';
const REVALIDATE = 'no-cache';

export function cacheControlFor(webDir: string, file: string): string {
  const path = relative(webDir, file).split(sep);
  if (path[0] === 'assets' && path.length === 2) return IMMUTABLE;
  const name = basename(file).replace(/\.(br|gz)$/, '');
  return name === 'index.html' || name === 'config.json' ? NEVER_CACHED : REVALIDATE;
}

export async function registerStaticAssets(app: FastifyInstance, webDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDir,
    index: 'index.html',
    preCompressed: true,
    // send's own Cache-Control (max-age=0) is off: setHeaders decides.
    cacheControl: false,
    setHeaders: (response, file) => {
      response.setHeader('cache-control', cacheControlFor(webDir, file));
      // The same address answers brotli, gzip or plain bytes: caches in between must key on the encoding asked for.
      response.setHeader('vary', 'accept-encoding');
    },
  });
}

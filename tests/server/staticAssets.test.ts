// The built web app as the server sends it (issue 20): the build's brotli and gzip copies chosen by Accept-Encoding,
// hashed assets cached for a year as immutable, index.html and config.json never cached.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/vite-precompress';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, title: '维修工单 ${i}' }`).join(', ')}];\n`;
const INDEX = `<!doctype html><html><head><script type="module" src="./assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${' '.repeat(2048)}</body></html>`;

describe(`static assets: precompressed, cached by name (${DB_KIND})`, () => {
  let t: TestServer;
  const webDir = mkdtempSync(join(tmpdir(), 'dms-web-'));

  beforeAll(async () => {
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), INDEX);
    writeFileSync(join(webDir, 'assets/index-Ab12Cd34.js'), SCRIPT);
    writeFileSync(join(webDir, 'assets/tiny-Ef56Gh78.js'), 'export {};\n');
    // The deployed config's service registry: the models' routes are served under its prefixes.
    const { services } = JSON.parse(readFileSync(fileURLToPath(new URL('../../runtime/public/config.json', import.meta.url)), 'utf8')) as { services: Record<string, string> };
    writeFileSync(join(webDir, 'config.json'), JSON.stringify({ systemName: 'DMS', services }));
    await precompress(webDir);
    t = await startTestServer({ webDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the brotli copy to a browser that accepts br, the gzip copy to one that accepts only gzip, plain bytes otherwise', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(SCRIPT);
    for (const answer of [br, gzip, plain]) expect(answer.headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends a file too small to be worth compressing as it is, whatever the browser accepts', async () => {
    const answer = await get('/assets/tiny-Ef56Gh78.js', 'br, gzip');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.payload).toBe('export {};\n');
  });

  it('caches hashed assets for a year as immutable', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const answer = await get('/assets/index-Ab12Cd34.js', encoding);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('never caches index.html (by its name, as the root, or as the answer to any other address) nor config.json', async () => {
    for (const [url, encoding] of [['/index.html', 'br'], ['/', 'br'], ['/', undefined], ['/repair/orders', 'gzip']] as const) {
      const answer = await get(url, encoding);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['cache-control'], url).toBe('no-store');
      const body = answer.headers['content-encoding'] === 'br' ? brotliDecompressSync(answer.rawPayload).toString() : answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.rawPayload).toString() : answer.payload;
      expect(body, url).toBe(INDEX);
    }
    const config = await get('/config.json', 'br, gzip');
    expect(config.statusCode).toBe(200);
    expect(config.headers['cache-control']).toBe('no-store');
    expect(config.json()).toMatchObject({ systemName: 'DMS' });
  });
});

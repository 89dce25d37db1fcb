// Runs after `vite build` (npm test builds before the e2e step).
// - bpmn-js loads only with the workflow designer or the process viewer (lazy chunks), never with the first screen.
// - Issue 20: the JS of the first screen (the start-up chunk and the app it loads, with their static imports, from the
//   build's manifest) stays within 350 KB gzip; and in Chromium, a new browser downloads only the start-up chunk before
//   the login form, then at most the budget before 概览 shows, counted as gzip (the build's gzip copy of each script it
//   downloaded) and as the bytes it really received (brotli, smaller).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstScreenChunks, INITIAL_JS_BUDGET_GZIP, kb, readManifest, sizeOf, startupChunks, total } from '../bench/bundle/chunks';
import { startAppInChromium, type AppInChromium } from './support/app';
import { SCREENSHOTS } from './support/browser';
import { signInThroughPage } from './support/signIn';

const WEB = 'dist/web';
// Strings only bpmn-js / diagram-js code contains.
const BPMN_MARKERS = ['djs-container', 'bpmn:SequenceFlow', 'commandStack.changed'];
/** The start-up chunk reads config.json and sends a new browser to the sign-in: it has no business being large. */
const STARTUP_BUDGET_GZIP = 20 * 1024;

describe('the built web app', () => {
  it('keeps bpmn-js out of the main bundle and the first screen: the workflow designer and the process viewer load it lazily', () => {
    const html = readFileSync(join(WEB, 'index.html'), 'utf8');
    const entry = /<script type="module" crossorigin src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const main = readFileSync(join(WEB, entry!), 'utf8');
    for (const marker of BPMN_MARKERS) expect(main.includes(marker), marker).toBe(false);
    const first = new Set(firstScreenChunks(readManifest(WEB)).js.map((file) => file.replace(/^assets\//, '')));

    // The designer (bpmn-js Modeler) and the process history (its Viewer) share bpmn-js, which the build may split
    // into chunks of its own: every marker is in some chunk, and none of those is loaded by the first screen.
    const chunks = readdirSync(join(WEB, 'assets')).filter((f) => f.endsWith('.js') && `assets/${f}` !== entry);
    const bpmn = chunks.filter((f) => BPMN_MARKERS.some((m) => readFileSync(join(WEB, 'assets', f), 'utf8').includes(m)));
    for (const marker of BPMN_MARKERS) expect(bpmn.some((f) => readFileSync(join(WEB, 'assets', f), 'utf8').includes(marker)), marker).toBe(true);
    expect(bpmn.filter((f) => first.has(f))).toEqual([]);
    const size = bpmn.reduce((sum, f) => sum + statSync(join(WEB, 'assets', f)).size, 0);
    console.log(`主包 ${(statSync(join(WEB, entry!)).size / 1024).toFixed(0)} KB；bpmn-js 分包 ${bpmn.length} 个，共 ${(size / 1024).toFixed(0)} KB`);
  });

  it('keeps the JS of the first screen within 350 KB gzip, and the start-up chunk small (issue 20)', () => {
    const manifest = readManifest(WEB);
    const first = firstScreenChunks(manifest).js.map((file) => sizeOf(WEB, file));
    const startup = startupChunks(manifest).map((file) => sizeOf(WEB, file));
    console.log(`首屏 JS ${first.length} 个文件：gzip ${kb(total(first, 'gzip'))}，brotli ${kb(total(first, 'brotli'))}，未压缩 ${kb(total(first, 'raw'))}；启动分包 gzip ${kb(total(startup, 'gzip'))}`);
    expect(total(first, 'gzip')).toBeLessThanOrEqual(INITIAL_JS_BUDGET_GZIP);
    expect(total(startup, 'gzip')).toBeLessThanOrEqual(STARTUP_BUDGET_GZIP);
    // The heavy parts stay out of the first screen: ag-grid, the form engine's validator, echarts.
    const firstCode = first.map((chunk) => readFileSync(join(WEB, chunk.file), 'utf8')).join('\n');
    for (const marker of ['ag-root-wrapper', 'getZr', 'ajv-formats']) expect(firstCode.includes(marker), marker).toBe(false);
  });
});

describe('what a new browser downloads before its first screen (issue 20)', () => {
  let app: AppInChromium;
  let page: Page;

  beforeAll(async () => {
    app = await startAppInChromium();
    page = app.page;
  });
  afterAll(() => app?.close());

  /** Every script request the page makes from now until `until` resolves, with its compressed size once finished. */
  async function scriptsDuring(until: () => Promise<unknown>): Promise<{ url: string; bytes: number; encoding: string }[]> {
    const started: Request[] = [];
    const listener = (request: Request) => request.resourceType() === 'script' && started.push(request);
    page.on('request', listener);
    try {
      await until();
    } finally {
      page.off('request', listener);
    }
    return Promise.all(
      started.map(async (request) => {
        const response = await request.response();
        // responseBodySize: the body as it came over the wire (encoded), which is what the budget is about.
        const { responseBodySize } = await request.sizes();
        return { url: request.url(), bytes: responseBodySize, encoding: (await response?.allHeaders())?.['content-encoding'] ?? '' };
      }),
    );
  }
  const sum = (scripts: { bytes: number }[]) => scripts.reduce((a, s) => a + s.bytes, 0);
  /** What a browser taking only gzip downloads for these scripts, each once (assets are cached by name): the build's
   * gzip copy of each, or the file where it has none (chunks.ts sizeOf). */
  const gzipOf = (scripts: { url: string }[]) =>
    total([...new Set(scripts.map(({ url }) => decodeURIComponent(new URL(url).pathname).replace(/^\//, '')))].map((file) => sizeOf(WEB, file)), 'gzip');

  it('reaches the login form having downloaded only the start-up chunk, then 概览 within 350 KB of JS counted as gzip', async () => {
    const base = app.server.baseUrl;
    const beforeLogin = await scriptsDuring(async () => {
      await page.goto(`${base}/`);
      await page.getByPlaceholder('用户名').waitFor();
    });
    expect(page.url()).toMatch(/\/oauth\/authorize\?/);
    console.log(`登录页之前：${beforeLogin.length} 个脚本，${kb(sum(beforeLogin))}（${beforeLogin.map((s) => s.encoding || '未压缩').join('、')}）`);
    expect(beforeLogin).toHaveLength(1);
    expect(sum(beforeLogin)).toBeLessThanOrEqual(STARTUP_BUDGET_GZIP);

    const toHome = await scriptsDuring(async () => {
      await signInThroughPage(page, 'd11001fwgw');
      await page.locator('.dms-home h4', { hasText: '您好' }).waitFor();
      await page.locator('.dms-layout').waitFor();
      // 概览 complete: its last block with data, the reminders, has answered.
      await page.locator('.dms-home .dms-list, .dms-home .ant-empty').first().waitFor();
    });
    await page.screenshot({ path: `${SCREENSHOTS}/first-screen-home.png` });
    const gzip = gzipOf([...beforeLogin, ...toHome]);
    console.log(`登录后到概览：${toHome.length} 个脚本，实收 ${kb(sum(toHome))}（brotli）；连同启动分包按 gzip 计 ${kb(gzip)}；预算 ${kb(INITIAL_JS_BUDGET_GZIP)} gzip`);
    // Compressed by the build (brotli for Chromium); only files under 1 KB, not worth it, come as they are.
    for (const script of toHome) if (script.bytes >= 1024) expect(script.encoding, script.url).toBe('br');
    // The budget is gzip: a browser that cannot take brotli downloads these gzip copies.
    expect(gzip, toHome.map((script) => script.url.split('/').pop()).join(' ')).toBeLessThanOrEqual(INITIAL_JS_BUDGET_GZIP);
    expect(sum(beforeLogin) + sum(toHome)).toBeLessThanOrEqual(INITIAL_JS_BUDGET_GZIP);
  });
});

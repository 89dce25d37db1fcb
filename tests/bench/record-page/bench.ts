// The record page (issue 22): a repair order's record page with three line tables of 200 lines each and four related
// lists, in headless Chromium (production build). First paint after the data has arrived: from the render call, the
// record and its meta answered from memory, to the first painted frame showing the header and all 600 lines. Budget
// ≤ 300 ms. Also each related list opened to its painted rows. The keystroke figure of the same lines is child-lines'.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { runtimePlugins } from '../../../vite.config';
import { launchChromium } from '../../e2e/support/browser';
import { summarize, type Timing } from '../measure';
import { serve } from '../staticServer';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const PAINTS = 10;
const BUDGET_MS = 300;

async function once(browser: Browser, url: string): Promise<{ paint: number; related: number[] }> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  try {
    page.on('pageerror', (error) => console.error(`页面错误：${error.message}`));
    page.setDefaultTimeout(60_000);
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    const paint = await page.evaluate(() => window.recordBench.paint());
    const related = await page.evaluate(() => window.recordBench.openRelated());
    return { paint, related };
  } finally {
    await page.close();
  }
}

const fmt = (t: Timing) => `中位数 ${t.median.toFixed(1)} ms，p95 ${t.p95.toFixed(1)} ms`;

export async function run(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'dms-bench-record-'));
  const loadBefore = loadavg().map((l) => l.toFixed(2)).join(' / ');
  await build({ root: ROOT, base: './', plugins: runtimePlugins(), logLevel: 'warn', configFile: false, build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 8000 } });
  const { server, url } = await serve(outDir);
  const browser = await launchChromium();
  try {
    const paints: number[] = [];
    const related: number[] = [];
    for (let i = 0; i < PAINTS; i++) {
      const sample = await once(browser, url);
      paints.push(sample.paint);
      console.log(`  第 ${i + 1} 次：首次绘制 ${sample.paint.toFixed(1)} ms，相关列表 ${sample.related.map((t) => t.toFixed(0)).join(' / ')} ms`);
      related.push(...sample.related);
    }
    console.log(`CPU ${cpus().length} 核；负载（1/5/15 分钟）开始 ${loadBefore}，结束 ${loadavg().map((l) => l.toFixed(2)).join(' / ')}`);
    const paint = summarize(paints);
    console.log(`记录页面首次绘制（3 张子表 × 200 行 + 4 个相关列表，数据已到）：${fmt(paint)}`);
    console.log(`打开相关列表到其行绘制：${fmt(summarize(related))}`);
    const met = paint.median <= BUDGET_MS;
    console.log(`预算（issue 22）：首次绘制 ≤ ${BUDGET_MS} ms：${met ? '达标' : '未达标'}`);
    if (!met) process.exitCode = 1;
  } finally {
    await browser.close();
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

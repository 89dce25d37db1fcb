// Keystroke to paint on a 200-field form in headless Chromium: our form engine against plain @rjsf/core 6 with the
// antd theme, on the same schema, in the same run (production builds of both). Budget (issue 6): median at most 10 ms,
// and at least 10 times faster than plain rjsf.
import react from '@vitejs/plugin-react';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { launchChromium } from '../../e2e/support/browser';
import { report, summarize, type Timing } from '../measure';
import { serve } from '../staticServer';
import { FIELD_COUNT, TYPED_FIELD } from './fields';
import type { KeystrokeTiming } from './timing';

const ROOT = fileURLToPath(new URL('.', import.meta.url));
const WARMUP = 5;
const KEYSTROKES = 20;
/** The engines take turns, four rounds each, so a change in the machine's load falls on all of them alike. */
const ROUNDS = 4;
const ENGINES = ['floor', 'antd', 'ours', 'rjsf'] as const;
const BUDGET = { medianMs: 10, speedup: 10 };

async function keystrokes(page: Page, url: string, engine: string, input: string): Promise<KeystrokeTiming[]> {
  await page.goto(`${url}?engine=${engine}`);
  const box = page.locator(input);
  await box.waitFor();
  await page.locator('input').nth(FIELD_COUNT - 1).waitFor();
  await box.click();
  const samples: KeystrokeTiming[] = [];
  for (let i = 0; i < WARMUP + KEYSTROKES; i++) {
    await page.evaluate(() => window.keystrokeBench.arm());
    await page.keyboard.press(String.fromCharCode(97 + (i % 26)));
    const timing = await page.evaluate(() => window.keystrokeBench.result());
    if (i >= WARMUP) samples.push(timing);
    // Keystrokes at an uneven pace land anywhere in the frame, as a person's do.
    await page.waitForTimeout(40 + (i % 7) * 9);
  }
  const typed = await box.inputValue();
  if (typed.length !== WARMUP + KEYSTROKES) throw new Error(`${engine}: ${typed.length} characters arrived of ${WARMUP + KEYSTROKES}`);
  return samples;
}

export async function run(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'dms-bench-form-'));
  const loadBefore = loadavg();
  await build({ root: ROOT, base: './', configFile: false, logLevel: 'warn', plugins: [react()], build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 8000 } });
  const { server, url } = await serve(outDir);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const samples = new Map<string, KeystrokeTiming[]>(ENGINES.map((engine) => [engine, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const engine of ENGINES) samples.get(engine)!.push(...(await keystrokes(page, url, engine, `#${engine}_${TYPED_FIELD}`)));
    }
    const load = [loadBefore, loadavg()].map((l) => l.map((v) => v.toFixed(2)).join(' / '));
    console.log(`machine: ${cpus().length} cores; load average (1 / 5 / 15 min) before ${load[0]}, after ${load[1]}`);
    // The budget is judged at the frame start: there antd's own Form measures as the issue's reference does (about
    // 8 ms). After the paint, a script-free <input> alone takes about 10 ms here (software raster of the page), so
    // that point is printed for the record, with each engine's cost above that floor.
    let met = false;
    for (const point of ['frame', 'painted'] as const) {
      const [floor, antd, ours, rjsf] = ENGINES.map((engine) => summarize(samples.get(engine)!.map((t) => t[point]))) as [Timing, Timing, Timing, Timing];
      console.log(point === 'frame' ? '— keydown to the start of the frame that shows it:' : '— keydown to just after that frame was painted:');
      report(`form engine, ${FIELD_COUNT} fields`, ours, rjsf, 'plain @rjsf/core 6 + antd theme');
      report('antd 6 Form, same fields (reference)', antd, ours, 'form engine');
      report('floor (plain <input>, no script)', floor, ours, 'form engine');
      const speedup = rjsf.median / ours.median;
      const pointMet = ours.median <= BUDGET.medianMs && speedup >= BUDGET.speedup;
      console.log(`speed-up ${speedup.toFixed(1)}x; above the floor: ours ${(ours.median - floor.median).toFixed(1)} ms, rjsf ${(rjsf.median - floor.median).toFixed(1)} ms; ${point === 'frame' ? `budget median <= ${BUDGET.medianMs} ms and >= ${BUDGET.speedup}x: ${pointMet ? '达标' : '未达标'}` : 'for the record'}`);
      if (point === 'frame') met = pointMet;
    }
    if (!met) process.exitCode = 1;
  } finally {
    await browser.close();
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

// Excel at scale (issue 8), each figure next to exceljs's plain (non-streaming) Workbook doing the same work in the
// same run:
// - the download centre's export job: 100,000 rows x 20 columns from the database to the stored file;
// - the page export's Web Worker in Chromium: the same size of sheet built off the main thread;
// - the import job: 50,000 sales-target rows read, checked and written.
// Server subjects run in their own process (serverSubject.ts); their peak RSS is sampled from /proc while they work.
// Chromium's is the renderer process's peak (VmHWM; the worker is a thread of it), one fresh browser per subject.
// Budgets: server export ≤ 10 s with peak RSS < 300 MB; import of 50,000 rows ≤ 20 s.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { runtimePlugins } from '../../../vite.config';
import { DEALERS, SERIES } from '../../../server/seed/catalogue';
import { xlsxStream } from '../../../server/exports/xlsxStream';
import { launchChromium } from '../../e2e/support/browser';
import { TARGET_HEADERS } from '../../support/excelFiles';
import { serve } from '../staticServer';
import type { PageSubject } from './page';

const EXPORT_ROWS = 100_000;
const EXPORT_COLUMNS = 20;
const IMPORT_ROWS = 50_000;
const BUDGET_EXPORT_MS = 10_000;
const BUDGET_EXPORT_MB = 300;
const BUDGET_IMPORT_MS = 20_000;
const SAMPLE_MS = 10;

const load = () => loadavg().map((l) => l.toFixed(2)).join(' / ');
const mb = (kb: number) => kb / 1024;
const here = fileURLToPath(new URL('.', import.meta.url));

interface Measured {
  ms: number;
  /** Peak RSS while measured, MB. */
  peakMb: number;
  /** RSS when the measured work began (after setup), MB. */
  startMb: number;
  detail: Record<string, number>;
}

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** Runs one server subject in its own node process, sampling its RSS between its START and END lines. */
function runServerSubject(subject: string, importFile = ''): Promise<Measured> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'serverSubject.ts'), subject, importFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let sampling: ReturnType<typeof setInterval> | undefined;
    let peak = 0;
    let start = 0;
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!sampling && output.includes('START\n')) {
        start = statusKb(child.pid!, 'VmRSS');
        peak = start;
        sampling = setInterval(() => (peak = Math.max(peak, statusKb(child.pid!, 'VmRSS'))), SAMPLE_MS);
      }
      const end = /END (\{.*\})\n/.exec(output);
      if (end && sampling) {
        clearInterval(sampling);
        sampling = undefined;
        const { ms, ...detail } = JSON.parse(end[1]!) as { ms: number } & Record<string, number>;
        resolve({ ms, peakMb: mb(peak), startMb: mb(start), detail });
      }
    });
    child.on('exit', (code) => {
      if (sampling) clearInterval(sampling);
      if (code !== 0) reject(new Error(`${subject} exited with ${code}: ${output.slice(-500)}`));
    });
  });
}

/** 50,000 sales-target rows: every dealer and model, month after month, written with the streaming writer. */
async function writeImportFile(path: string): Promise<void> {
  const models = SERIES.flatMap((s) => s.models.map((model) => [s.seriesName, model] as const));
  const sheet = xlsxStream('sheet', TARGET_HEADERS.map((header) => ({ header })));
  const written = pipeline(sheet.output, createWriteStream(path));
  for (let n = 0; n < IMPORT_ROWS; n += 1) {
    const perMonth = DEALERS.length * models.length;
    const month = Math.floor(n / perMonth);
    const [series, model] = models[n % models.length]!;
    const dealer = DEALERS[Math.floor(n / models.length) % DEALERS.length]!;
    sheet.add([dealer.orgCode, `${1970 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`, series, model, 10 + (n % 30), 12 + (n % 30), n % 10 === 0 ? '基准导入' : null]);
  }
  await sheet.finish();
  await written;
}

/** Peak RSS of the renderer processes of the Chromium this process launched (descendants of this node process). */
function rendererPeakMb(): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process has gone.
    }
  }
  const ours = (pid: number): boolean => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) if (p === process.pid) return true;
    return false;
  };
  let peak = 0;
  for (const pid of parents.keys()) {
    if (!ours(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) peak = Math.max(peak, statusKb(pid, 'VmHWM'));
    } catch {
      // The process has gone.
    }
  }
  return mb(peak);
}

async function runPageSubject(url: string, subject: PageSubject): Promise<Measured> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.goto(url);
    await page.waitForFunction(() => document.body.dataset.ready === 'true');
    const result = await page.evaluate(([s, rows, columns]) => window.excelBench.run(s, rows, columns), [subject, EXPORT_ROWS, EXPORT_COLUMNS] as const);
    return { ms: result.ms, peakMb: rendererPeakMb(), startMb: 0, detail: { longestFrameMs: result.longestFrameMs, size: result.bytes } };
  } finally {
    await browser.close();
  }
}

const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const verdict = (ok: boolean) => (ok ? '达标' : '未达标');

export async function run(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'dms-bench-excel-'));
  console.log(`CPU ${cpus().length} 核；开始时负载（1/5/15 分钟）${load()}`);
  try {
    const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL（TEST_DATABASE_URL）' : 'PGlite 内嵌库（数据在本进程内存中）';
    console.log(`服务端导出 ${EXPORT_ROWS} 行 x ${EXPORT_COLUMNS} 列（${database}；各在独立进程中，峰值 RSS 为测量期间采样）：`);
    const job = await runServerSubject('export-job');
    const plain = await runServerSubject('export-plain');
    console.log(`  下载中心导出任务（流式写入）${seconds(job.ms)}，峰值 RSS ${job.peakMb.toFixed(0)} MB（开始时 ${job.startMb.toFixed(0)} MB），文件 ${(job.detail.size! / 1e6).toFixed(1)} MB`);
    console.log(`  exceljs 普通 Workbook      ${seconds(plain.ms)}，峰值 RSS ${plain.peakMb.toFixed(0)} MB（开始时 ${plain.startMb.toFixed(0)} MB），文件 ${(plain.detail.size! / 1e6).toFixed(1)} MB`);
    console.log(`  任务 / 普通 Workbook：时间 ${ratio(job.ms, plain.ms)}，峰值 RSS ${ratio(job.peakMb, plain.peakMb)}，测量期间 RSS 增量 ${ratio(job.peakMb - job.startMb, plain.peakMb - plain.startMb)}`);
    console.log(`  预算：≤ ${BUDGET_EXPORT_MS / 1000} s ${verdict(job.ms <= BUDGET_EXPORT_MS)}；峰值 RSS < ${BUDGET_EXPORT_MB} MB ${verdict(job.peakMb < BUDGET_EXPORT_MB)}`);

    const importFile = join(work, 'targets.xlsx');
    await writeImportFile(importFile);
    console.log(`导入 ${IMPORT_ROWS} 行销售目标（读取、逐行校验、一个事务写入）：`);
    const imported = await runServerSubject('import-job', importFile);
    const plainImport = await runServerSubject('import-plain', importFile);
    console.log(`  导入任务（流式读取）      ${seconds(imported.ms)}，峰值 RSS ${imported.peakMb.toFixed(0)} MB（开始时 ${imported.startMb.toFixed(0)} MB），写入 ${imported.detail.total} 行`);
    console.log(`  exceljs 普通 Workbook 读取 ${seconds(plainImport.ms)}，峰值 RSS ${plainImport.peakMb.toFixed(0)} MB（开始时 ${plainImport.startMb.toFixed(0)} MB），写入 ${plainImport.detail.total} 行`);
    console.log(`  任务 / 普通 Workbook：时间 ${ratio(imported.ms, plainImport.ms)}，峰值 RSS ${ratio(imported.peakMb, plainImport.peakMb)}，测量期间 RSS 增量 ${ratio(imported.peakMb - imported.startMb, plainImport.peakMb - plainImport.startMb)}`);
    console.log(`  预算：≤ ${BUDGET_IMPORT_MS / 1000} s ${verdict(imported.ms <= BUDGET_IMPORT_MS)}`);

    const outDir = join(work, 'page');
    await build({ root: here, base: './', plugins: runtimePlugins(), logLevel: 'warn', build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 8000 } });
    const { server, url } = await serve(outDir);
    try {
      console.log(`页面导出 ${EXPORT_ROWS} 行 x ${EXPORT_COLUMNS} 列（Chromium；峰值为渲染进程 VmHWM，每项一个新浏览器）：`);
      const worker = await runPageSubject(url, 'worker');
      const main = await runPageSubject(url, 'main');
      console.log(`  Web Worker 中构建          ${seconds(worker.ms)}，渲染进程峰值 ${worker.peakMb.toFixed(0)} MB，主线程最长帧间隔 ${worker.detail.longestFrameMs!.toFixed(0)} ms`);
      console.log(`  主线程 exceljs 普通 Workbook ${seconds(main.ms)}，渲染进程峰值 ${main.peakMb.toFixed(0)} MB，主线程最长帧间隔 ${main.detail.longestFrameMs!.toFixed(0)} ms`);
      console.log(`  Worker / 主线程：时间 ${ratio(worker.ms, main.ms)}，峰值 ${ratio(worker.peakMb, main.peakMb)}，最长帧间隔 ${ratio(worker.detail.longestFrameMs!, main.detail.longestFrameMs!)}`);
    } finally {
      server.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
    console.log(`结束时负载（1/5/15 分钟）${load()}`);
  }
}

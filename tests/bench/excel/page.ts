// The page side of the Excel benchmark: builds the same 100,000 x 20 sheet either in the page export's Web Worker
// (runtime/export/workerBuild) or with exceljs's plain Workbook on the main thread, and reports the time and the longest
// gap between animation frames while it ran (how long the page could not respond).
import { buildInWorker } from '../../../runtime/export/workerBuild';
import { buildXlsx } from '../../../runtime/export/xlsxBuild';
import type { SheetData } from '../../../runtime/export/sheetData';

export type PageSubject = 'worker' | 'main';

declare global {
  interface Window {
    excelBench: { run(subject: PageSubject, rows: number, columns: number): Promise<{ ms: number; longestFrameMs: number; bytes: number }> };
  }
}

function sheet(rows: number, columns: number): SheetData {
  const headers = ['序号', ...Array.from({ length: columns }, (_, i) => `列${i + 1}`)];
  const data = Array.from({ length: rows }, (_, r) => [r + 1, ...Array.from({ length: columns }, (_, c) => (c % 3 === 0 ? (r * 7 + c) % 5000 : `值${r}-${c}`))]);
  return { sheetName: 'sheet', headers, rows: data };
}

window.excelBench = {
  async run(subject, rows, columns) {
    const data = sheet(rows, columns);
    let longest = 0;
    let last = performance.now();
    let watching = true;
    const frame = (now: number) => {
      longest = Math.max(longest, now - last);
      last = now;
      if (watching) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const t0 = performance.now();
    const bytes = subject === 'worker' ? await buildInWorker(data, () => undefined) : await buildXlsx(data);
    const ms = performance.now() - t0;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    watching = false;
    return { ms, longestFrameMs: longest, bytes: bytes.byteLength };
  },
};
document.body.dataset.ready = 'true';

// Timing helpers for benchmarks: every figure is reported next to a baseline measured in the same run.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join } from 'node:path';

export interface Timing {
  median: number;
  p95: number;
}

export async function time(runs: number, fn: () => Promise<unknown>, warmup = 5): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(runs / 2)]!, p95: samples[Math.min(runs - 1, Math.floor(runs * 0.95))]! };
}

export function report(name: string, subject: Timing, baseline: Timing, baselineName: string): void {
  const ratio = subject.median / baseline.median;
  console.log(
    `${name}: median ${subject.median.toFixed(2)} ms, p95 ${subject.p95.toFixed(2)} ms; ${baselineName}: median ${baseline.median.toFixed(2)} ms, p95 ${baseline.p95.toFixed(2)} ms; ratio ${ratio.toFixed(2)}x`,
  );
}

/** Median and 95th percentile of samples already taken. */
export function summarize(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]! };
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.ttf': 'font/ttf' };

/** Serves a built benchmark page from a folder on a free local port. */
export function serveDir(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const file = join(dir, path === '/' ? 'index.html' : path);
    let body: Buffer;
    try {
      body = readFileSync(file);
    } catch {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/` })));
}

// Timing helpers for benchmarks: every figure is reported next to a baseline measured in the same run.

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

/** Two subjects timed in alternation (a, b, a, b...), so a busy machine slows both alike and their ratio holds. */
export async function timePaired(runs: number, a: () => Promise<unknown>, b: () => Promise<unknown>, warmup = 5): Promise<[Timing, Timing]> {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const first: number[] = [];
  const second: number[] = [];
  for (let i = 0; i < runs; i++) {
    for (const [fn, samples] of (i % 2 === 0 ? [[a, first], [b, second]] : [[b, second], [a, first]]) as [() => Promise<unknown>, number[]][]) {
      const t0 = performance.now();
      await fn();
      samples.push(performance.now() - t0);
    }
  }
  return [summarize(first), summarize(second)];
}

import { createReadStream, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { extname, join } from 'node:path';
import { launchChromium } from '../tests/e2e/support/browser';
import { readdirSync, readFileSync } from 'node:fs';
function threadCpu(): Map<string, number> { const m = new Map<string, number>(); for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) { try { const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8'); if (!cmd.includes('chromium')) continue; const type = /--type=([a-z-]+)/.exec(cmd)?.[1] ?? 'browser'; for (const tid of readdirSync(`/proc/${pid}/task`)) { const st = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'); const name = st.slice(st.indexOf('(') + 1, st.lastIndexOf(')')).replace(/\d+$/, ''); const f = st.split(') ')[1]!.split(' '); const k = `${type}/${name}`; m.set(k, (m.get(k) ?? 0) + (Number(f[11]) + Number(f[12])) * 10); } } catch {} } return m; }
const threads: Record<string, Map<string, number>> = {};
function chromeCpu(): number { let t = 0; for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) { try { const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8'); if (!cmd.includes('chromium')) continue; const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' '); t += Number(f[11]) + Number(f[12]); } catch {} } return t * 10; }
const cpu: Record<string, number[]> = {};
const dirs = process.env.OUT!.split(',');
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const urls: string[] = [];
for (const outDir of dirs) {
  const server = createServer((req, res) => { const p = join(outDir, new URL(req.url!, 'http://x').pathname); const f = existsSync(p) && !p.endsWith('/') ? p : join(outDir, 'index.html'); res.setHeader('content-type', TYPES[extname(f)] ?? 'application/octet-stream'); createReadStream(f).pipe(res); });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  urls.push(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
}
const browser = await launchChromium();
const subjects = (process.env.SUBJECTS ?? 'ours,bare,floor').split(',');
const res: Record<string, number[]> = {};
console.log('load', loadavg()[0].toFixed(2));
for (let run = 0; run < Number(process.env.RUNS ?? 3); run++) for (const [i, url] of urls.entries()) for (const s of subjects) {
  if (i > 0 && s !== 'ours') continue;
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  const done = page.evaluate(([s]) => window.bench.scroll(s as 'ours', 100000, 300, 60), [s]);
  await page.waitForFunction(() => performance.getEntriesByName('bench-scroll').length > 0, undefined, { polling: 20 });
  const c0 = chromeCpu(); const th0 = threadCpu();
  const t = await done;
  (cpu[`${s}@${i}`] ??= []).push((chromeCpu() - c0) / t.length);
  const th1 = threadCpu(); const acc = (threads[`${s}@${i}`] ??= new Map()); for (const [k, v] of th1) { const d = v - (th0.get(k) ?? 0); if (d > 0) acc.set(k, (acc.get(k) ?? 0) + d / t.length); }
  (res[`${s}@${i}`] ??= []).push(...t);
  await page.close();
}
for (const [k, all] of Object.entries(res)) { const so = [...all].sort((a, b) => a - b); console.log(k.padEnd(8), 'p95', so[Math.floor(all.length * 0.95)].toFixed(1), 'late%', (100 * all.filter((x) => x > 20).length / all.length).toFixed(1), 'fps', (1000 * all.length / all.reduce((a, b) => a + b, 0)).toFixed(1), 'cpu ms/frame', cpu[k]!.map((x) => x.toFixed(1)).join(' ')); }
for (const [k, m] of Object.entries(threads)) console.log(k, [...m].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([n, v]) => `${n}=${(v / Number(process.env.RUNS ?? 3)).toFixed(1)}`).join(' '));
console.log('load', loadavg()[0].toFixed(2));
await browser.close(); process.exit(0);

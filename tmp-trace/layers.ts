import { createReadStream, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';
import { launchChromium } from '../tests/e2e/support/browser';
const outDir = process.env.OUT!;
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const server = createServer((req, res) => { const p = join(outDir, new URL(req.url!, 'http://x').pathname); const f = existsSync(p) && !p.endsWith('/') ? p : join(outDir, 'index.html'); res.setHeader('content-type', TYPES[extname(f)] ?? 'application/octet-stream'); createReadStream(f).pipe(res); });
await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
const browser = await launchChromium();
for (const subject of ['ours', 'bare']) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await page.evaluate(([s]) => window.bench.scroll(s as 'ours', 100000, 20, 60), [subject]);
  const cdp = await page.context().newCDPSession(page);
  const layers: any[] = [];
  cdp.on('LayerTree.layerTreeDidChange', (e: any) => { if (e.layers) layers.splice(0, layers.length, ...e.layers); });
  await cdp.send('LayerTree.enable');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.evaluate(() => { (document.querySelector('.ag-grid-viewport') as HTMLElement).scrollTop += 30; });
  await page.waitForTimeout(300);
  const info = await page.evaluate(() => ({ nodes: document.querySelectorAll('.ag-root-wrapper *').length, rows: document.querySelectorAll('.ag-row').length, cells: document.querySelectorAll('.ag-cell').length, rowHtml: document.querySelector('.ag-center-cols-container .ag-row')?.outerHTML.slice(0, 1500) }));
  console.log(subject, 'layers', layers.length, JSON.stringify(layers.filter(l=>l.drawsContent).map((l) => `${l.width}x${l.height}`)), info.nodes, info.rows, info.cells);
  await cdp.send('DOM.getDocument'); for (const l of layers.filter((x)=>x.width===260).slice(0,2)) { const d: any = await cdp.send('DOM.describeNode', { backendNodeId: l.backendNodeId }); console.log(JSON.stringify(d.node.attributes), d.node.nodeName); } for (const l of []) { const r: any = await cdp.send('LayerTree.compositingReasons', { layerId: l.layerId }); if (l.width===260 || l.width > 7000) console.log(l.width+'x'+l.height, l.offsetX, l.offsetY, l.backendNodeId, l.drawsContent, r.compositingReasonIds.join(',')); }
  await page.close();
}
await browser.close(); server.close();

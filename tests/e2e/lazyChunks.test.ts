// Runs after `vite build` (npm test builds before the e2e step): the chart block (echarts), the rich-text editor
// (Tiptap / ProseMirror) and the screen editor (Monaco) load as their own chunks, so screens without them never
// download them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = 'dist/web';
// Strings only echarts (zrender), ProseMirror and Monaco code contain.
const LIBRARIES = { echarts: 'getZr', ProseMirror: 'ProseMirror', Monaco: 'createDiffEditor' } as const;

describe('the built web app', () => {
  it('keeps echarts, the rich-text editor and Monaco out of the main bundle, each in one lazy chunk', () => {
    const html = readFileSync(join(WEB, 'index.html'), 'utf8');
    const entry = /<script type="module" crossorigin src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const main = readFileSync(join(WEB, entry!), 'utf8');
    const chunks = readdirSync(join(WEB, 'assets')).filter((f) => f.endsWith('.js') && `assets/${f}` !== entry);
    const sizes: string[] = [];
    for (const [library, marker] of Object.entries(LIBRARIES)) {
      expect(main.includes(marker), library).toBe(false);
      const holding = chunks.filter((f) => readFileSync(join(WEB, 'assets', f), 'utf8').includes(marker));
      expect(holding, library).toHaveLength(1);
      sizes.push(`${library} 分包 ${(statSync(join(WEB, 'assets', holding[0]!)).size / 1024).toFixed(0)} KB`);
    }
    console.log(sizes.join('；'));
  });
});

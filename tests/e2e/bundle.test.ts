// Runs after `vite build` (npm test builds before the e2e step): the workflow designer and bpmn-js load as their own
// chunk, so screens without the designer do not download them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const WEB = 'dist/web';
// Strings only bpmn-js / diagram-js code contains.
const BPMN_MARKERS = ['djs-container', 'bpmn:SequenceFlow', 'commandStack.changed'];

describe('the built web app', () => {
  it('keeps bpmn-js out of the main bundle: the workflow designer is a lazy chunk', () => {
    const html = readFileSync(join(WEB, 'index.html'), 'utf8');
    const entry = /<script type="module" crossorigin src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const main = readFileSync(join(WEB, entry!), 'utf8');
    for (const marker of BPMN_MARKERS) expect(main.includes(marker), marker).toBe(false);

    const chunks = readdirSync(join(WEB, 'assets')).filter((f) => f.endsWith('.js') && `assets/${f}` !== entry);
    const designer = chunks.filter((f) => BPMN_MARKERS.every((m) => readFileSync(join(WEB, 'assets', f), 'utf8').includes(m)));
    expect(designer).toHaveLength(1);
    console.log(`主包 ${(statSync(join(WEB, entry!)).size / 1024).toFixed(0)} KB；流程设计器分包 ${(statSync(join(WEB, 'assets', designer[0]!)).size / 1024).toFixed(0)} KB`);
  });
});

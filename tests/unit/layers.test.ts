// The layer check of `npm test` (dependency-cruiser with .dependency-cruiser.cjs) fails on a planted violation and
// names the offending import: run on a small tree written for the test, with the project's own rules.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const trees: string[] = [];

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'dms-layers-'));
  trees.push(dir);
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'bundler', allowImportingTsExtensions: true, noEmit: true } }));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

function cruise(dir: string): { status: number | null; output: string } {
  const result = spawnSync(join(root, 'node_modules/.bin/depcruise'), ['--config', join(root, '.dependency-cruiser.cjs'), '--output-type', 'err', 'runtime', 'server', 'schemas'], { cwd: dir, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

afterAll(() => trees.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

// Each case starts dependency-cruiser in its own process: seconds, more on a loaded machine.
describe('the layer check (DESIGN §3)', { timeout: 60_000 }, () => {
  const clean = {
    'schemas/text.ts': "export const TEXT = '保存';\n",
    'runtime/main.tsx': "import { label } from './label';\nconsole.log(label);\n",
    'runtime/label.ts': "import { TEXT } from '../schemas/text';\nexport const label = TEXT;\n",
    'server/main.ts': "import { TEXT } from '../schemas/text';\nconsole.log(TEXT);\n",
  };

  it('passes a tree that keeps the layers', () => {
    expect(cruise(tree(clean))).toMatchObject({ status: 0 });
  });

  it('fails on a planted violation, naming the rule and the offending import', () => {
    const { status, output } = cruise(
      tree({
        ...clean,
        // the server reaching into the browser runtime, and the contract importing the runtime back: a circle too
        'server/main.ts': "import { label } from '../runtime/label';\nconsole.log(label);\n",
        'schemas/text.ts': "import { label } from '../runtime/label';\nexport const TEXT = `保存${label}`;\n",
      }),
    );
    expect(status).not.toBe(0);
    expect(output).toContain('server-not-runtime: server/main.ts → runtime/label.ts');
    expect(output).toContain('schemas-import-nothing-of-ours: schemas/text.ts → runtime/label.ts');
    expect(output).toContain('no-circular');
  });

  it('fails on a registry imported by what it registers, and on an orphan', () => {
    const { status, output } = cruise(
      tree({
        ...clean,
        'runtime/registries/widgets.ts': "import { Input } from '../widgets/Input';\nexport const widgetRegistry = { input: Input };\n",
        'runtime/widgets/Input.ts': "import type { widgetRegistry } from '../registries/widgets';\nexport const Input = (r: typeof widgetRegistry) => r;\n",
        'runtime/main.tsx': "import { widgetRegistry } from './registries/widgets';\nimport { label } from './label';\nconsole.log(label, widgetRegistry);\n",
        'runtime/forgotten.ts': 'export const nobodyImportsThis = 1;\n',
      }),
    );
    expect(status).not.toBe(0);
    expect(output).toContain('registry-below-implementations: runtime/widgets/Input.ts → runtime/registries/widgets.ts');
    expect(output).toContain('no-orphans: runtime/forgotten.ts');
  });
});

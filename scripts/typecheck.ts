// `npm run typecheck`: the three TypeScript projects, two at a time (two cores): the browser code (runtime/, editor/,
// schemas/: the DOM, no Node), the server code (server/, scripts/, schemas/: Node, no DOM), and the tests and tooling
// (tests/, the Vite and Vitest configurations), which see both.
import { spawn } from 'node:child_process';

const PROJECTS = ['tsconfig.browser.json', 'tsconfig.server.json', 'tsconfig.json'];

function check(project: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '--noEmit', '-p', project], { stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

const codes = await Promise.all([check(PROJECTS[0]!).then(async (code) => [code, await check(PROJECTS[2]!)]), check(PROJECTS[1]!)]);
const failed = codes.flat().some((code) => code !== 0);
if (failed) console.error('✗ 类型检查未通过');
process.exit(failed ? 1 : 0);

// `npm test`: every test, in the order that fails fastest: types, the layers, screens, unit and component, the server suite on
// PGlite and again on PostgreSQL, then the built app end to end in Chromium. Prints how long each step took.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

interface Step {
  name: string;
  command: string[];
  env?: Record<string, string>;
}

const npx = (...args: string[]) => ['npx', ...args];
const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
const inCi = Boolean(process.env.CI);

async function postgresReachable(url: string | undefined): Promise<string | undefined> {
  if (!url) return 'TEST_DATABASE_URL 未设置';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const steps: Step[] = [
  { name: '类型检查 (tsc ×3)', command: npx('tsx', 'scripts/typecheck.ts') },
  { name: '依赖分层检查 (dependency-cruiser)', command: ['npm', 'run', '--silent', 'layers:check'] },
  { name: '页面定义检查 (screens:check)', command: npx('tsx', 'scripts/screens-check.ts') },
  { name: '规则点名 (rules:report)', command: npx('tsx', 'scripts/rules-report.ts') },
  { name: '单元与组件测试', command: npx('vitest', 'run', '--project', 'unit', '--project', 'component') },
  { name: '服务端测试 · PGlite', command: npx('vitest', 'run', '--project', 'server'), env: { TEST_DB: 'pglite' } },
];

const unreachable = await postgresReachable(postgresUrl);
if (unreachable) {
  const banner = `PostgreSQL 不可用（${unreachable}），服务端测试的 PostgreSQL 轮次未运行。设置 TEST_DATABASE_URL 指向一个可连接的 PostgreSQL 后重试。`;
  if (inCi) {
    console.error(`\n✗ ${banner}\n`);
    process.exit(1);
  }
  console.warn(`\n${'!'.repeat(100)}\n!! ${banner}\n${'!'.repeat(100)}\n`);
} else {
  steps.push({ name: '服务端测试 · PostgreSQL', command: npx('vitest', 'run', '--project', 'server'), env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl! } });
}
steps.push({ name: '构建前端 (vite build)', command: npx('vite', 'build', '--logLevel', 'warn') });
steps.push({ name: '端到端测试 · Chromium', command: npx('vitest', 'run', '--project', 'e2e') });

const timings: [string, number][] = [];
const started = performance.now();
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const t0 = performance.now();
  const result = spawnSync(step.command[0]!, step.command.slice(1), { stdio: 'inherit', env: { ...process.env, ...step.env } });
  timings.push([step.name, (performance.now() - t0) / 1000]);
  if (result.status !== 0) {
    console.error(`\n✗ ${step.name} 失败`);
    process.exit(result.status ?? 1);
  }
}
console.log('\n用时：');
for (const [name, seconds] of timings) console.log(`  ${name.padEnd(28)} ${seconds.toFixed(1)} 秒`);
console.log(`  ${'合计'.padEnd(28)} ${((performance.now() - started) / 1000).toFixed(1)} 秒`);

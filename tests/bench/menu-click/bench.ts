// `npm run bench menu-click`: from a click on a sidebar menu item to the first table row painted, in headless Chromium
// against the product as `npm start` runs it (issue 20: a median of 200 ms or less on localhost).
// The baseline of the same run is the web app as it was before issue 20 (built from BASELINE_COMMIT into a temporary
// folder), served by a second server on a copy of the same data: clicks alternate between the two, so the machine's
// load falls on both alike. Each click opens the screen afresh (its tab is closed after each measure).
import { execSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launchChromium, SCREENSHOTS } from '../../e2e/support/browser';
import { SEEDED_DATA_ENV, ServerProcess } from '../../e2e/support/serverProcess';
import { signInThroughPage } from '../../e2e/support/signIn';

/** The last commit before issue 20's front-end work. */
const BASELINE_COMMIT = process.env.MENU_CLICK_BASELINE ?? '25eca87';
const SCREENS = ['维修工单', '维修提醒', '预约登记', '工时项目'];
const ROUNDS = Number(process.env.MENU_CLICK_ROUNDS ?? 5);
const BUDGET_MS = 200;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const load = () => loadavg().map((l) => l.toFixed(2)).join(' / ');

/**
 * Builds the web app of `commit` (its runtime, schemas and build scripts, this checkout's node_modules). Its config.json
 * takes today's services registry: the server refuses to start when a model's service is missing from the web app's
 * registry (part, for instance, came later), and the old app only reads the prefixes of the services it calls.
 */
function buildBaseline(commit: string): string {
  const root = mkdtempSync(join(tmpdir(), 'dms-bench-baseline-'));
  execSync(`git archive ${commit} | tar -x -C ${root}`, { stdio: 'inherit' });
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'));
  execSync(`npx vite build --logLevel warn --outDir ${join(root, 'web')}`, { cwd: root, stdio: 'inherit' });
  const configPath = join(root, 'web', 'config.json');
  const baselineConfig = JSON.parse(readFileSync(configPath, 'utf8')) as { services: Record<string, string> };
  const { services } = JSON.parse(readFileSync('runtime/public/config.json', 'utf8')) as { services: Record<string, string> };
  writeFileSync(configPath, JSON.stringify({ ...baselineConfig, services: { ...baselineConfig.services, ...services } }, null, 2));
  return root;
}

/** Milliseconds from a click on the menu item to the first row of its table painted (the frame after it appeared). */
async function clickToFirstRow(page: Page, title: string): Promise<number> {
  const item = page.locator('.ant-layout-sider .ant-menu-item', { hasText: title });
  await item.waitFor();
  // A string, not a function: tsx would wrap named functions in a helper the page does not have.
  const measuring = page.evaluate(`new Promise((done) => {
    const target = [...document.querySelectorAll('.ant-layout-sider .ant-menu-item')].find((el) => el.textContent.includes(${JSON.stringify(title)}));
    let start = 0;
    const observer = new MutationObserver(() => {
      // A data row: the pinned 合计 row (ag-row-pinned) is drawn with the grid, before any data has come.
      const row = [...document.querySelectorAll('[data-page] .ag-row:not(.ag-row-pinned)')].find((el) => el.offsetParent !== null);
      if (!row) return;
      observer.disconnect();
      // The row is in the DOM: the next frame paints it.
      requestAnimationFrame(() => setTimeout(() => done(performance.now() - start)));
    });
    observer.observe(document.body, { childList: true, subtree: true });
    // A click that shows no row within 20 s is reported as such rather than waited for.
    setTimeout(() => { observer.disconnect(); done(Number.NaN); }, 20000);
    start = performance.now();
    target.click();
  })`) as Promise<number>;
  return measuring;
}

/** What the page shows instead of rows (its text and a screenshot), so a failed click says why. */
async function shownInstead(page: Page, name: string): Promise<string> {
  const file = join(SCREENSHOTS, `menu-click-${name}.png`);
  await page.screenshot({ path: file });
  const text = await page.locator('[data-page]').last().innerText().catch(() => '（无页面）');
  return `${text.replace(/\s+/g, ' ').slice(0, 400)}（截图 ${file}）`;
}

async function closeOtherTabs(page: Page): Promise<void> {
  // Every tab but 概览 is closable: closing unmounts the page, so the next click opens it afresh.
  for (let remove = page.locator('.dms-tabs .ant-tabs-tab-remove').first(); await remove.count(); remove = page.locator('.dms-tabs .ant-tabs-tab-remove').first()) {
    await remove.click();
  }
  await page.waitForTimeout(200);
}

async function openSidebarGroups(page: Page): Promise<void> {
  for (const group of await page.locator('.ant-layout-sider .ant-menu-submenu-title').all()) {
    const open = await group.evaluate((el) => el.parentElement?.classList.contains('ant-menu-submenu-open'));
    if (!open) await group.click();
  }
  await page.waitForTimeout(300);
}

export async function run(): Promise<void> {
  console.log(`CPU ${cpus().length} 核；开始时负载（1/5/15 分钟）${load()}`);
  if (!existsSync('dist/web/.vite/manifest.json')) throw new Error('先运行 npx vite build（本基准测当前构建 dist/web）');
  const baselineRoot = buildBaseline(BASELINE_COMMIT);
  const current = await ServerProcess.create();
  await current.start();
  await current.stop();
  process.env[SEEDED_DATA_ENV] = current.dataDir;
  // The baseline app's screen check refuses properties screens gained since (a column's link, a record page): its server
  // publishes the screens of the same commit, whose lists call the same routes on the same data.
  const baseline = await ServerProcess.create({ WEB_DIR: join(baselineRoot, 'web'), SCREENS_DIR: join(baselineRoot, 'screens') });
  await current.start();
  await baseline.start();
  const browser = await launchChromium();
  try {
    const subjects = { current, baseline } as const;
    const pages: Record<keyof typeof subjects, Page> = {} as never;
    for (const [name, server] of Object.entries(subjects) as [keyof typeof subjects, ServerProcess][]) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
      await page.goto(`${server.baseUrl}/`);
      await signInThroughPage(page, 'd11001fwgw');
      await page.locator('.dms-home h4').first().waitFor();
      await openSidebarGroups(page);
      // Let the first screen settle (and any prefetch it starts) before measuring, as a user reads 概览 first.
      await page.waitForTimeout(1500);
      pages[name] = page;
    }
    const times: Record<keyof typeof subjects, { first: number[]; again: number[] }> = { current: { first: [], again: [] }, baseline: { first: [], again: [] } };
    for (let round = 0; round < ROUNDS; round++) {
      for (const title of SCREENS) {
        for (const name of ['baseline', 'current'] as const) {
          const ms = await clickToFirstRow(pages[name], title);
          if (Number.isNaN(ms)) throw new Error(`${name}：点击 ${title} 后 20 秒内没有出现表格行；页面显示：${await shownInstead(pages[name], name)}`);
          times[name][round === 0 ? 'first' : 'again'].push(ms);
          await closeOtherTabs(pages[name]);
        }
      }
    }
    const all = (name: keyof typeof subjects) => [...times[name].first, ...times[name].again];
    const fmt = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
    console.log(`菜单点击到首行绘制（${SCREENS.join('、')}，各 ${ROUNDS} 次；每次关闭页签后重新打开）：`);
    for (const name of ['baseline', 'current'] as const) {
      const label = name === 'current' ? '当前构建      ' : `基线 ${BASELINE_COMMIT}  `;
      console.log(`  ${label} 中位数 ${median(all(name)).toFixed(0)} ms；首次打开 ${fmt(times[name].first)}；再次打开中位数 ${median(times[name].again).toFixed(0)} ms`);
    }
    const ratio = median(all('current')) / median(all('baseline'));
    console.log(`  当前 / 基线 = ${ratio.toFixed(2)}x；预算 中位数 ≤ ${BUDGET_MS} ms ${median(all('current')) <= BUDGET_MS ? '达标' : '未达标'}`);
  } finally {
    await browser.close();
    await current.dispose();
    await baseline.dispose();
    rmSync(baselineRoot, { recursive: true, force: true });
    console.log(`结束时负载（1/5/15 分钟）${load()}`);
  }
}

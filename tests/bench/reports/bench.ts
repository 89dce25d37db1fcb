// `npm run bench reports`: how long each report call of the dashboards takes, as the dashboards make them (every item
// of every dashboard screen with the month filter, KPIs with the month before, and the filter bar's dealer and region
// options, which have no month), for a manufacturer, a region and a dealer user: on the seeded PGlite (budget 300 ms)
// and on PostgreSQL with 1,000,000 repair orders (budget 1 s). Each call is made once to warm up, then REPORTS_RUNS
// times; the median and the slowest are printed, with the load average (the machine is shared: read them as upper
// bounds). In process, through the app's own routes (app.inject), so the figure is the server's answer time.
// Settings: REPORTS_DB (pglite,postgres), REPORTS_RUNS (5), REPORTS_ORDERS (1000000), REPORTS_POSTGRES_URL (a database an
// earlier run filled and kept: seeding and a million orders take minutes), REPORTS_KEEP (1: keep the PostgreSQL database
// it made, and print its address), REPORTS_MONTH (2026-06, the seeded history's last month).
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DashboardItem, Screen } from '../../../schemas/screen/screen.types';
import { loadConfig, PROJECT_ROOT } from '../../../server/config';
import type { Envelope } from '../../../server/http/envelope';
import { DEMO_PASSWORD } from '../../../server/seed/catalogue';
import { startServer, type RunningServer } from '../../../server/start';
import { signInWithCode, type Call } from '../../server/codeFlow';
import { createPostgresDatabase } from '../../support/postgresDatabase';
import { fillRepairOrders } from '../load/repairOrderVolume';

const env = process.env;
const RUNS = Number(env.REPORTS_RUNS ?? 5);
const ORDERS = Number(env.REPORTS_ORDERS ?? 1_000_000);
const MONTH = env.REPORTS_MONTH ?? '2026-06';
const BUDGET_MS: Record<string, number> = { pglite: 300, postgres: 1000 };

interface Dashboard {
  screen: string;
  menuId: string;
  items: DashboardItem[];
}

/** Every dashboard block of the screen files, with the menu its calls are made from. */
function dashboards(): Dashboard[] {
  const found: Dashboard[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json')) {
        const screen = JSON.parse(readFileSync(path, 'utf8')) as Screen;
        const blocks = JSON.stringify(screen.blocks ?? []);
        if (!blocks.includes('"dashboard"')) continue;
        const items = (screen.blocks ?? []).flatMap((b) => b.dashboard?.items ?? []);
        found.push({ screen: screen.id, menuId: screen.id.replace(/\./g, '_'), items });
      }
    }
  };
  walk(join(PROJECT_ROOT, 'screens'));
  return found;
}

/** The query a dashboard item sends (runtime/blocks/dashboard/reportCalls.ts, reportParams), for a month. */
function itemQuery(item: DashboardItem, month: string | undefined): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(item.params ?? {})) for (const one of [value].flat()) query.append(name, String(one));
  for (const name of item.groupBy ?? []) query.append('groupBy', name);
  for (const name of item.measures ?? []) query.append('measures', name);
  if (item.top !== undefined) query.append('top', String(item.top));
  if (month) query.append('month', month);
  if (item.kind === 'kpi' && month) query.append('compare', 'previous');
  return query.toString();
}

function reportUrl(ref: string, services: Record<string, string>): string {
  const [service, rest] = ref.split(':') as [string, string];
  return `${services[service]}/${rest.split(' ')[1]}`;
}

interface Figure {
  label: string;
  median: number;
  max: number;
}

async function timed(server: RunningServer, url: string, token: string, menuId: string): Promise<number> {
  const started = performance.now();
  const answer = await server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, menuId } });
  const ms = performance.now() - started;
  const body = answer.json<Envelope<unknown>>();
  if (body.resultCode !== 200) throw new Error(`${url}: ${body.resultCode} ${body.errMsg ?? ''}`);
  return ms;
}

async function figures(kind: string, server: RunningServer): Promise<Figure[]> {
  const services = (JSON.parse(readFileSync(join(PROJECT_ROOT, 'runtime/public/config.json'), 'utf8')) as { services: Record<string, string> }).services;
  const call: Call = async ({ method, url, payload, headers }) => (await server.app.inject({ method, url, payload, headers })).json();
  const tokens = new Map<string, string>();
  const token = async (user: string) => {
    if (!tokens.has(user)) tokens.set(user, (await signInWithCode(call, user, DEMO_PASSWORD)).token);
    return tokens.get(user)!;
  };
  const users: Record<string, string[]> = { repair_serviceDashboard: ['admin', 'rnmanager', 'd11001fwgw'], charging_dashboard: ['admin', 'rnmanager', 'd11001shr'] };
  const out: Figure[] = [];
  for (const dashboard of dashboards()) {
    const who = users[dashboard.menuId];
    if (!who) continue;
    const calls: { label: string; url: string }[] = [];
    const first = dashboard.items[0]!;
    // The filter bar's options: its report grouped by dealer and by region, every measure, no month.
    for (const dimension of ['dealer', 'region']) calls.push({ label: `${dashboard.screen} 筛选项 ${dimension}`, url: `${reportUrl(first.report, services)}?groupBy=${dimension}` });
    for (const item of dashboard.items) calls.push({ label: `${dashboard.screen} ${item.kind} ${item.title}`, url: `${reportUrl(item.report, services)}?${itemQuery(item, MONTH)}` });
    for (const user of who) {
      const bearer = await token(user);
      for (const { label, url } of calls) {
        await timed(server, url, bearer, dashboard.menuId);
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) times.push(await timed(server, url, bearer, dashboard.menuId));
        times.sort((a, b) => a - b);
        out.push({ label: `${kind} ${user.padEnd(10)} ${label}`, median: times[Math.floor(times.length / 2)]!, max: times.at(-1)! });
      }
    }
  }
  return out;
}

function print(kind: string, rows: Figure[]): void {
  const budget = BUDGET_MS[kind]!;
  for (const row of rows) console.log(`  ${row.label.padEnd(70)} median ${row.median.toFixed(0).padStart(5)} ms  max ${row.max.toFixed(0).padStart(5)} ms${row.max > budget ? `  over ${budget} ms` : ''}`);
  const over = rows.filter((r) => r.max > budget);
  const worst = rows.reduce((a, b) => (b.max > a.max ? b : a));
  console.log(`  ${kind}: ${rows.length} calls, slowest ${worst.max.toFixed(0)} ms (${worst.label.trim()}), ${over.length} over the ${budget} ms budget; load average ${loadavg()[0]!.toFixed(1)}`);
}

async function serverOn(databaseUrl: string | undefined, dataDir: string): Promise<RunningServer> {
  const config = loadConfig({ ...env, REQUEST_SIGNING: 'off' }, { dataDir, databaseUrl, seedAnchorDate: '2026-06-30', logLevel: 'silent', host: '127.0.0.1', port: 0 });
  return startServer(config, { logger: false, listen: false });
}

export async function run(): Promise<void> {
  const kinds = (env.REPORTS_DB ?? (env.TEST_DATABASE_URL || env.REPORTS_POSTGRES_URL ? 'pglite,postgres' : 'pglite')).split(',');
  for (const kind of kinds) {
    const dataDir = mkdtempSync(join(tmpdir(), 'dms-reports-'));
    let drop: (() => Promise<void>) | undefined;
    try {
      let url: string | undefined;
      if (kind === 'postgres') {
        if (env.REPORTS_POSTGRES_URL) url = env.REPORTS_POSTGRES_URL;
        else {
          const database = await createPostgresDatabase(env.TEST_DATABASE_URL);
          url = database.url;
          if (env.REPORTS_KEEP === '1') console.log(`  kept for REPORTS_POSTGRES_URL: ${url}`);
          else drop = database.drop;
          // Migrate and seed, then a million repair orders (tests/bench/load/repairOrderVolume.ts).
          await (await serverOn(url, dataDir)).stop();
        }
        const filled = await fillRepairOrders(url, ORDERS);
        if (filled.added > 0) console.log(`  postgres: ${filled.added} repair orders added in ${filled.seconds.toFixed(0)} s`);
      }
      const server = await serverOn(url, dataDir);
      try {
        print(kind, await figures(kind, server));
      } finally {
        await server.stop();
      }
    } finally {
      await drop?.();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run();

// `npm run bench load`: the HTTP load of N virtual users (autocannon connections, each request signed with its own
// timestamp and nonce as the browser signs) on the list, get, create and export-request routes and a mix of them, on
// PGlite and on PostgreSQL with 1,000,000 repair orders; beside each, the same figures for a bare Fastify route running
// the same query in the same server process (the ceiling), as a ratio of the same run.
// Settings: LOAD_DB (pglite,postgres), LOAD_CONNECTIONS (20,100), LOAD_SECONDS (15), LOAD_ORDERS (1000000),
// LOAD_LONG_SECONDS (0: off; e.g. 300 runs the list at LOAD_LONG_CONNECTIONS, 200, for that long on each database),
// LOAD_MIXES (all: list,get,create,mixed,export), LOAD_POSTGRES_URL (a database made by an earlier run and kept, reused
// instead of a fresh one: seeding and a million orders take minutes), LOAD_CPU_PROFILE (a folder: the server process's
// V8 CPU profile of each figure is written there; `npx tsx tests/bench/load/profileSummary.ts <file>` prints where it
// spent its time).
import autocannon, { type RawRequest, type Result } from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import { SIGNATURE_HEADERS, stringToSign } from '../../../schemas/signing/signature';
import { PROJECT_ROOT } from '../../../server/config';
import type { Page } from '../../../schemas/api/page';
import type { Envelope } from '../../../server/http/envelope';
import { DEMO_PASSWORD } from '../../../server/seed/catalogue';
import { signInWithCode, type Call } from '../../server/codeFlow';
import { createPostgresDatabase } from '../../support/postgresDatabase';
import { fillRepairOrders } from './repairOrderVolume';

const env = process.env;
const numbers = (text: string) => text.split(',').map(Number).filter((n) => n > 0);
const CONNECTIONS = numbers(env.LOAD_CONNECTIONS ?? '20,100');
const SECONDS = Number(env.LOAD_SECONDS ?? 15);
const ORDERS = Number(env.LOAD_ORDERS ?? 1_000_000);
const LONG_SECONDS = Number(env.LOAD_LONG_SECONDS ?? 0);
const LONG_CONNECTIONS = Number(env.LOAD_LONG_CONNECTIONS ?? 200);
const MIXES = (env.LOAD_MIXES ?? 'list,get,create,mixed,export').split(',');
const CPU_PROFILE = env.LOAD_CPU_PROFILE;
const SIGNING_KEY = 'load-bench-signing-key-0123456789abcdef';
const LIST = '/api/repair/order/repair/orders?current=1&pageSize=50';
const ORDERS_MENU = '1101';

interface Subject {
  app: string;
  bare: string;
  stop(): Promise<void>;
}

async function startSubject(extraEnv: Record<string, string>): Promise<Subject> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dms-load-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/load/serverProcess.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...env, ...extraEnv, DATA_DIR: dataDir, REQUEST_SIGNING_KEY: SIGNING_KEY, OAUTH_REDIRECT_URIS: 'http://localhost/' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ports = await new Promise<{ app: number; bare: number }>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const line = /READY (\{.*\})/.exec(text);
      if (line) resolve(JSON.parse(line[1]!) as { app: number; bare: number });
    });
    child.once('exit', (code) => reject(new Error(`load subject exited with ${code}`)));
  });
  return {
    app: `http://127.0.0.1:${ports.app}`,
    bare: `http://127.0.0.1:${ports.bare}`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The browser's signature headers (schemas/signing/signature.ts: the same signed text) made with node's native HMAC and
 * random bytes: the load generator shares the machine's cores with the server, so it should spend as little as it can. */
function signed(method: string, url: string): Record<string, string> {
  const timestamp = String(Date.now());
  const nonce = randomBytes(16).toString('base64url');
  const signature = createHmac('sha256', SIGNING_KEY).update(stringToSign({ method, url, timestamp, nonce })).digest('hex');
  return { [SIGNATURE_HEADERS.timestamp]: timestamp, [SIGNATURE_HEADERS.nonce]: nonce, [SIGNATURE_HEADERS.signature]: signature };
}

interface Mix {
  /** Its LOAD_MIXES name. */
  key: string;
  name: string;
  /** Each entry a request kind with its weight. */
  kinds: { weight: number; request: () => RawRequest }[];
}

function mixes(token: string, orderIds: number[], order: Record<string, unknown>): Mix[] {
  const base = { authorization: `Bearer ${token}` };
  const list = () => ({ method: 'GET', path: LIST, headers: { ...base, menuId: ORDERS_MENU, ...signed('GET', LIST) } });
  const get = () => {
    const path = `/api/repair/order/repair/orders/${orderIds[Math.floor(Math.random() * orderIds.length)]}`;
    return { method: 'GET', path, headers: { ...base, menuId: ORDERS_MENU, ...signed('GET', path) } };
  };
  const create = () => {
    const path = '/api/repair/order/repair/orders';
    return { method: 'POST', path, headers: { ...base, menuId: ORDERS_MENU, 'content-type': 'application/json', ...signed('POST', path) }, body: JSON.stringify(order) };
  };
  const exportRequest = () => {
    const path = '/api/repair/basedata/labourItems/export';
    return { method: 'GET', path, headers: { ...base, menuId: '1104', ...signed('GET', path) } };
  };
  return [
    { key: 'list', name: 'list', kinds: [{ weight: 1, request: list }] },
    { key: 'get', name: 'get', kinds: [{ weight: 1, request: get }] },
    { key: 'create', name: 'create', kinds: [{ weight: 1, request: create }] },
    { key: 'mixed', name: 'mixed 80 list / 15 get / 4 create / 1 export', kinds: [{ weight: 80, request: list }, { weight: 15, request: get }, { weight: 4, request: create }, { weight: 1, request: exportRequest }] },
    { key: 'export', name: 'export request', kinds: [{ weight: 1, request: exportRequest }] },
  ];
}

function pick(mix: Mix): RawRequest {
  const total = mix.kinds.reduce((sum, k) => sum + k.weight, 0);
  let at = Math.random() * total;
  for (const kind of mix.kinds) if ((at -= kind.weight) < 0) return kind.request();
  return mix.kinds[0]!.request();
}

interface Figures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  total: number;
}

/** The server process profiles its CPU while `run` goes (LOAD_CPU_PROFILE), into `<folder>/<name>.cpuprofile`. */
async function profiled<T>(subject: Subject, name: string, run: () => Promise<T>): Promise<T> {
  if (!CPU_PROFILE) return run();
  await fetch(`${subject.bare}/bare/profile/start`, { method: 'POST' });
  try {
    return await run();
  } finally {
    const file = join(CPU_PROFILE, `${name.replace(/[^A-Za-z0-9]+/g, '-')}.cpuprofile`);
    await fetch(`${subject.bare}/bare/profile/stop?file=${encodeURIComponent(file)}`, { method: 'POST' });
  }
}

async function load(url: string, connections: number, seconds: number, next: () => RawRequest): Promise<Figures> {
  let refused = 0;
  const samples = new Set<string>();
  // Every answer's time, for exact percentiles (autocannon's own histogram has no 95th).
  const times: number[] = [];
  const result = await new Promise<Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections,
        duration: seconds,
        timeout: 30,
        requests: [
          {
            setupRequest: (request) => ({ ...request, ...next() }),
            // Business failures answer HTTP 200 with an error envelope: they count as errors too.
            onResponse: (status, body) => {
              if (status === 200 && body.includes('"resultCode":200')) return;
              refused++;
              const sample = `${status} ${body.slice(0, 160)}`;
              if (samples.size < 5) samples.add(sample);
            },
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, milliseconds) => times.push(milliseconds));
  });
  times.sort((a, b) => a - b);
  if (samples.size > 0) console.log(`    refused, for example: ${[...samples].join(' | ')}`);
  // autocannon's errors include its timeouts (no answer within 30 s).
  if (result.errors > 0) console.log(`    ${result.errors} connection errors, ${result.timeouts} of them timeouts (no answer within 30 s)`);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? NaN;
  return { rps: times.length / seconds, p50: at(0.5), p95: at(0.95), p99: at(0.99), errors: refused + result.errors, total: times.length + result.errors };
}

const show = (f: Figures) => `${f.rps.toFixed(0).padStart(5)} req/s  p50 ${f.p50.toFixed(0).padStart(4)} ms  p95 ${f.p95.toFixed(0).padStart(4)} ms  p99 ${f.p99.toFixed(0).padStart(5)} ms  errors ${f.errors}/${f.total}`;
const loadAverage = () => loadavg().map((n) => n.toFixed(2)).join(' ');

async function signIn(app: string): Promise<string> {
  const call: Call = async ({ method, url, payload }) => {
    const response = await fetch(`${app}${url}`, { method, headers: { ...signed(method, url), ...(payload ? { 'content-type': 'application/json' } : {}) }, body: payload ? JSON.stringify(payload) : undefined });
    return (await response.json()) as Envelope<never>;
  };
  return (await signInWithCode(call, 'd11001fwgw', DEMO_PASSWORD)).token;
}

async function measure(kind: string, subject: Subject): Promise<void> {
  const token = await signIn(subject.app);
  const listed = await fetch(`${subject.app}${LIST}`, { headers: { authorization: `Bearer ${token}`, menuId: ORDERS_MENU, ...signed('GET', LIST) } });
  const page = ((await listed.json()) as Envelope<Page<Record<string, unknown>>>).data!;
  const ids = page.items.map((o) => Number(o.id));
  const sample = page.items[0]!;
  const order = { vin: sample.vin, plateNo: sample.plateNo, customerName: sample.customerName, phone: sample.phone, repairTypeCode: sample.repairTypeCode, status: '80211001', mileage: 12345 };
  console.log(`  ${kind}: ${page.total} repair orders in the dealer's scope; load average ${loadAverage()}`);
  for (const connections of CONNECTIONS) {
    const ceiling = await profiled(subject, `${kind} ${connections} bare`, () => load(subject.bare, connections, SECONDS, () => ({ method: 'GET', path: '/bare/list' })));
    console.log(`  ${kind} · ${connections} users · bare Fastify list (ceiling)   ${show(ceiling)}`);
    for (const mix of mixes(token, ids, order).filter((m) => MIXES.includes(m.key))) {
      const figures = await profiled(subject, `${kind} ${connections} ${mix.key}`, () => load(subject.app, connections, SECONDS, () => pick(mix)));
      const ratio = mix.name === 'list' ? `  ratio to ceiling ${(figures.rps / ceiling.rps).toFixed(2)}x req/s, ${(figures.p99 / Math.max(ceiling.p99, 1)).toFixed(2)}x p99` : '';
      console.log(`  ${kind} · ${connections} users · ${mix.name.padEnd(44)} ${show(figures)}${ratio}`);
    }
  }
  if (LONG_SECONDS > 0) {
    const list = mixes(token, ids, order)[0]!;
    const figures = await load(subject.app, LONG_CONNECTIONS, LONG_SECONDS, () => pick(list));
    console.log(`  ${kind} · ${LONG_CONNECTIONS} users · list for ${LONG_SECONDS} s: ${show(figures)}; load average ${loadAverage()}`);
  }
  console.log(`  load average after: ${loadAverage()}`);
}

export async function run(): Promise<void> {
  const kinds = (env.LOAD_DB ?? (env.TEST_DATABASE_URL ? 'pglite,postgres' : 'pglite')).split(',');
  console.log(`  load average before: ${loadAverage()}; ${SECONDS} s per figure`);
  for (const kind of kinds) {
    if (kind === 'pglite') {
      // The embedded database on disk, as `npm start` runs it.
      const subject = await startSubject({ DATABASE_URL: '' });
      try {
        await measure('PGlite', subject);
      } finally {
        await subject.stop();
      }
    } else if (kind === 'postgres' && env.LOAD_POSTGRES_URL) {
      const url = env.LOAD_POSTGRES_URL;
      const seeding = await startSubject({ DATABASE_URL: url });
      await seeding.stop();
      const filled = await fillRepairOrders(url, ORDERS);
      if (filled.added > 0) console.log(`  PostgreSQL: ${filled.added} repair orders generated in ${filled.seconds.toFixed(1)} s (${ORDERS} in all)`);
      const subject = await startSubject({ DATABASE_URL: url });
      try {
        await measure('PostgreSQL', subject);
      } finally {
        await subject.stop();
      }
    } else if (kind === 'postgres') {
      const database = await createPostgresDatabase();
      try {
        const seeding = await startSubject({ DATABASE_URL: database.url });
        await seeding.stop();
        const filled = await fillRepairOrders(database.url, ORDERS);
        console.log(`  PostgreSQL: ${filled.added} repair orders generated in ${filled.seconds.toFixed(1)} s (${ORDERS} in all)`);
        const subject = await startSubject({ DATABASE_URL: database.url });
        try {
          await measure('PostgreSQL', subject);
        } finally {
          await subject.stop();
        }
      } finally {
        await database.drop();
      }
    }
  }
}

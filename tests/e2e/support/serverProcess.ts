// Runs the product as `npm start` does (the built web app on the embedded database), on a free port and a fresh data
// directory, and can restart it on the same data.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const E2E_ANCHOR_DATE = '2026-06-30';
/** Names the data directory seeded once by the end-to-end set-up (seededData.ts); new servers start from a copy. */
export const SEEDED_DATA_ENV = 'DMS_E2E_SEEDED_DATA_DIR';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export class ServerProcess {
  private child: ChildProcess | undefined;
  output = '';

  private constructor(
    readonly port: number,
    readonly dataDir: string,
    /** Extra environment of the server, e.g. DMS_TEST_ROUTES=1 or fixed keys. */
    private readonly env: Record<string, string>,
    /** No seeded copy: the first start migrates and seeds the whole demo (the two-year sales funnel too). */
    private readonly seeds = false,
  ) {}

  static async create(env: Record<string, string> = {}): Promise<ServerProcess> {
    const dataDir = mkdtempSync(join(tmpdir(), 'dms-e2e-'));
    const seeded = process.env[SEEDED_DATA_ENV];
    if (seeded) cpSync(seeded, dataDir, { recursive: true });
    return new ServerProcess(await freePort(), dataDir, env, seeded === undefined);
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, PORT: String(this.port), HOST: '127.0.0.1', DATA_DIR: this.dataDir, SEED_ANCHOR_DATE: E2E_ANCHOR_DATE, LOG_LEVEL: 'warn', DATABASE_URL: '', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      // A first start migrates and seeds the demo (80 s at load 14 with the stock demo); a start on a seeded copy is quicker.
      const seconds = this.seeds ? 300 : 120;
      const timer = setTimeout(() => reject(new Error(`服务器 ${seconds} 秒内未启动：\n${this.output}`)), seconds * 1000);
      const listen = (chunk: Buffer) => {
        this.output += chunk.toString();
        if (this.output.includes('已启动')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', listen);
      child.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`服务器退出（${code}）：\n${this.output}`));
      });
    });
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    child.removeAllListeners('exit');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    this.child = undefined;
    this.output = '';
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

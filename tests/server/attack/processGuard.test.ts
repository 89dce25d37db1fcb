// The server in its own process, as `npm start` runs it (server/main.ts): the requests that ended the process before
// issue 19 are sent over a real socket, and the process must still be there answering. And the guard itself: an
// exception nothing caught is logged and the process keeps serving.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../support/postgresDatabase';
import { DB_KIND, TEST_ANCHOR_DATE } from '../harness';
import { crashingRequests } from './crashingRequests';
import { httpSender, signInOver, type Send } from './sender';

const SIGNING_KEY = 'process-guard-test-signing-key';

/** Starts `tsx <script>` with the environment; answers the process and a promise of the first line matching `ready`. */
function start(args: string[], env: Record<string, string>, ready: RegExp): { child: ChildProcess; output: () => string; ready: Promise<RegExpMatchArray> } {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const readyPromise = new Promise<RegExpMatchArray>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      text += chunk.toString();
      const match = ready.exec(text);
      if (match) resolve(match);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`进程已退出（${code}）：${text.slice(-2000)}`)));
  });
  return { child, output: () => text, ready: readyPromise };
}

const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

describe(`no request ends the server process (${DB_KIND})`, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dms-guard-test-'));
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  let server: ReturnType<typeof start>;
  let send: Send;

  beforeAll(async () => {
    postgres = DB_KIND === 'postgres' ? await createPostgresDatabase() : undefined;
    server = start(
      ['server/main.ts'],
      {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIR: join(dataDir, 'no-web-app'),
        SEED_ANCHOR_DATE: TEST_ANCHOR_DATE,
        REQUEST_SIGNING_KEY: SIGNING_KEY,
        LOG_LEVEL: 'error',
        ...(postgres ? { DATABASE_URL: postgres.url } : { DATABASE_URL: '' }),
      },
      /已启动：(http:\/\/[^/\s]+)\//,
    );
    const [, address] = await server.ready;
    send = httpSender(address!.replace('localhost', '127.0.0.1'), SIGNING_KEY);
  });
  afterAll(async () => {
    if (server?.child && alive(server.child)) {
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await exited;
    }
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('[BO-UP-02] answers every request that used to crash it, and is still up and answering afterwards', async () => {
    const token = await signInOver(send, 'd11001fwgw', 'Dms@2026');
    for (const { name, request, answer } of await crashingRequests(send, token)) {
      const got = await send(request);
      expect(got.envelope?.resultCode, `${name}: ${got.status} ${got.text}`).toBe(answer.resultCode);
    }
    // Give an escaped stream error the time to surface before asking again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(alive(server.child), server.output()).toBe(true);
    const after = await send({ method: 'GET', url: '/api/auth/userinfo', headers: { authorization: `Bearer ${token}` } });
    expect(after.envelope).toMatchObject({ resultCode: 200 });
    expect(server.output()).not.toMatch(/uncaught exception|unhandled promise rejection/);
  });

  it('logs an exception nothing caught and keeps the process running', async () => {
    const script = [
      "import { guardProcess } from './server/processGuard.ts';",
      'guardProcess({ error: (fields, message) => console.log(message, fields.err.message) });',
      "setTimeout(() => { throw new Error('escaped'); }, 10);",
      "setTimeout(() => { void Promise.reject(new Error('unawaited')); }, 20);",
      "setTimeout(() => { console.log('still serving'); process.exit(0); }, 200);",
    ].join('\n');
    const child = start(['--input-type=module', '-e', script], {}, /still serving/);
    await child.ready;
    expect(child.output()).toContain('uncaught exception: a bug, the process keeps serving escaped');
    expect(child.output()).toContain('unhandled promise rejection: a bug, the process keeps serving unawaited');
  });
});

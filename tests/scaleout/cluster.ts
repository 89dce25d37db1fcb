// Several real server processes (`server/main.ts`) on one PostgreSQL and one S3-compatible bucket, behind a small
// round-robin proxy on loopback, and a client that signs in and signs every request as the browser does.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomNonce, signRequest } from '../../schemas/signing/signature';
import { PROJECT_ROOT } from '../../server/config';
import type { Envelope } from '../../server/http/envelope';
import { signInWithCode, type Call } from '../server/codeFlow';

export interface Instance {
  name: string;
  port: number;
  process: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  output: string[];
}

export const shared = {
  JWT_SECRET: randomBytes(32).toString('base64'),
  REQUEST_SIGNING_KEY: randomBytes(32).toString('base64'),
  OPENAPI_SECRET: randomBytes(32).toString('base64'),
};

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts `server/main.ts` in its own process and resolves once it answers. */
export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `dms-scaleout-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ...shared, ...env, HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, WEB_DIR: join(dataDir, 'no-web-app'), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  void exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  // The first instance migrates and seeds the whole demo (the two-year sales funnel included).
  const deadline = Date.now() + 240_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/config.json`).then((r) => r.ok, () => false);
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${name} did not start:\n${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { name, port, process: child, exited, output };
}

export interface Proxy {
  url: string;
  /** How many requests each upstream port was given. */
  served: Map<number, number>;
  close(): Promise<void>;
}

/** Round robin over the instances; an instance that refuses the connection is dropped and the request goes to the next
 * (it never reached the server, so sending it again cannot do anything twice). Anything else is answered 502. */
export async function startProxy(instances: Instance[]): Promise<Proxy> {
  let alive = instances.map((i) => i.port);
  const served = new Map<number, number>();
  let turn = 0;
  const server: Server = createServer((incoming, answer) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const attempt = () => {
        if (alive.length === 0) return void answer.writeHead(502).end();
        const port = alive[turn++ % alive.length]!;
        // A connection per request: a pooled socket to a killed instance would fail as a reset, not as a refusal.
        const upstream = httpRequest({ host: '127.0.0.1', port, method: incoming.method, path: incoming.url, headers: incoming.headers, agent: false }, (response) => {
          served.set(port, (served.get(port) ?? 0) + 1);
          answer.writeHead(response.statusCode ?? 502, response.headers);
          response.pipe(answer);
        });
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED' && !answer.headersSent) {
            alive = alive.filter((p) => p !== port);
            return attempt();
          }
          if (!answer.headersSent) answer.writeHead(502).end();
          else answer.destroy();
        });
        upstream.end(body);
      };
      attempt();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export interface ClientCall {
  method: 'GET' | 'POST';
  url: string;
  token?: string;
  menuId?: string;
  json?: object;
  body?: Buffer;
  contentType?: string;
}

/** A client of the proxy: every request signed with a fresh nonce; answers the envelope or, for a file, its bytes. */
export function client(base: string) {
  const call = async <T>({ method, url, token, menuId, json, body, contentType }: ClientCall): Promise<Envelope<T> & { status: number; bytes?: Buffer }> => {
    const headers: Record<string, string> = { ...signRequest(shared.REQUEST_SIGNING_KEY, { method, url }, Date.now(), randomNonce()) };
    if (token) headers.authorization = `Bearer ${token}`;
    if (menuId) headers.menuId = menuId;
    if (json) headers['content-type'] = 'application/json';
    if (contentType) headers['content-type'] = contentType;
    const response = await fetch(`${base}${url}`, { method, headers, body: json ? JSON.stringify(json) : body ? new Uint8Array(body) : undefined });
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('json')) return { ...((await response.json()) as Envelope<T>), status: response.status };
    const bytes = Buffer.from(await response.arrayBuffer());
    return { resultCode: response.status, errMsg: '', data: null as T, status: response.status, bytes };
  };
  const codeCall: Call = (options) => call({ method: options.method as 'GET' | 'POST', url: options.url, json: options.payload, ...(options.headers?.menuId ? { menuId: options.headers.menuId } : {}) });
  return { call, login: async (user: string, password: string) => (await signInWithCode(codeCall, user, password)).token };
}

// Starts the real server in-process for one test file, on PGlite (TEST_DB=pglite, the default) or on a fresh database
// of the PostgreSQL server at TEST_DATABASE_URL (TEST_DB=postgres). `npm test` runs the server suite once each way.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../server/config';
import { createPGlite } from '../../server/db/database';
import type { Envelope } from '../../server/http/envelope';
import { DEMO_PASSWORD } from '../../server/seed/catalogue';
import { startServer, type RunningServer } from '../../server/start';

export const TEST_ANCHOR_DATE = '2026-06-30';
export const DB_KIND = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export interface TestServer {
  server: RunningServer;
  app: FastifyInstance;
  login(userCode: string, password?: string): Promise<string>;
  call<T = unknown>(options: InjectOptions & { token?: string }): Promise<Envelope<T> & { httpStatus: number }>;
  close(): Promise<void>;
}

async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres 需要 TEST_DATABASE_URL');
  const name = `dms_test_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function startTestServer(): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dms-server-test-'));
  const postgres = DB_KIND === 'postgres' ? await createPostgresDatabase() : undefined;
  const config = loadConfig({}, { dataDir, databaseUrl: postgres?.url, seedAnchorDate: TEST_ANCHOR_DATE, logLevel: 'silent' });
  const pglite = postgres ? undefined : await createPGlite();
  const server = await startServer(config, { listen: false, logger: false, pglite });
  const app = server.app;

  const call: TestServer['call'] = async ({ token, headers, ...options }) => {
    const response = await app.inject({ ...options, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
    return { ...(response.json() as Envelope<never>), httpStatus: response.statusCode };
  };

  return {
    server,
    app,
    call,
    login: async (userCode, password = DEMO_PASSWORD) => {
      const answer = await call<{ token: string }>({ method: 'POST', url: '/api/auth/login', payload: { username: userCode, password } });
      if (answer.resultCode !== 200 || !answer.data) throw new Error(`登录失败：${answer.errMsg}`);
      return answer.data.token;
    },
    close: async () => {
      await server.stop();
      await pglite?.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

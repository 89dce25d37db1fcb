import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface ServerConfig {
  host: string;
  port: number;
  /** Where the embedded database, the signing secret and stored files live. */
  dataDir: string;
  /** When set, PostgreSQL is used instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  /** The built web app (vite build output); not served when the folder is missing. */
  webDir: string;
  screensDir: string;
  jwtSecret: Uint8Array;
  tokenTtlSeconds: number;
  /** Date the demo seed counts back from; fixed in tests so the data is the same on every run. */
  seedAnchorDate: string | undefined;
  timezone: string;
  logLevel: string;
  requestSigning: RequestSigningConfig;
  /** Registers the routes the http-contract tests need (server/routes/contractTest.ts); never in production. */
  testRoutes: boolean;
}

/** Both signing schemes of back-office §7 (see server/http/requestSignature.ts and server/http/signedDate.ts). */
export interface RequestSigningConfig {
  /** Off only on a trusted internal network: REQUEST_SIGNING=off. */
  enabled: boolean;
  /** HMAC key of the timestamp-nonce-signature scheme on /api. */
  key: string;
  /** How far a request's timestamp may be from the server's clock, either way. */
  windowSeconds: number;
  /** Key pair of the signed-date scheme on /openapi. */
  openApiAccessKey: string;
  openApiSecret: string;
}

/** Reads the configuration from the environment; every value has a working default for a laptop. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<ServerConfig> = {}): ServerConfig {
  const dataDir = resolve(overrides.dataDir ?? env.DATA_DIR ?? resolve(PROJECT_ROOT, 'data'));
  mkdirSync(dataDir, { recursive: true });
  return {
    host: env.HOST ?? '0.0.0.0',
    port: Number(env.PORT ?? 3000),
    databaseUrl: env.DATABASE_URL || undefined,
    webDir: resolve(env.WEB_DIR ?? resolve(PROJECT_ROOT, 'dist/web')),
    screensDir: resolve(env.SCREENS_DIR ?? resolve(PROJECT_ROOT, 'screens')),
    jwtSecret: env.JWT_SECRET ? new TextEncoder().encode(env.JWT_SECRET) : persistentSecret(dataDir),
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 8 * 3600),
    seedAnchorDate: env.SEED_ANCHOR_DATE || undefined,
    timezone: env.TZ_DISPLAY ?? 'Asia/Shanghai',
    logLevel: env.LOG_LEVEL ?? 'info',
    requestSigning: {
      enabled: env.REQUEST_SIGNING !== 'off',
      key: env.REQUEST_SIGNING_KEY || persistentKey(dataDir, 'request-signing.key'),
      windowSeconds: positiveNumber('REQUEST_SIGNING_WINDOW_SECONDS', env.REQUEST_SIGNING_WINDOW_SECONDS, 300),
      openApiAccessKey: env.OPENAPI_ACCESS_KEY || 'dms-web',
      openApiSecret: env.OPENAPI_SECRET || persistentKey(dataDir, 'openapi-secret.key'),
    },
    testRoutes: env.DMS_TEST_ROUTES === '1' && env.NODE_ENV !== 'production',
    ...overrides,
    dataDir,
  };
}

// A secret generated once per data directory keeps sessions and signatures valid across restarts without shipping a
// default key.
function persistentKey(dataDir: string, name: string): string {
  const file = resolve(dataDir, name);
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

function persistentSecret(dataDir: string): Uint8Array {
  return new TextEncoder().encode(persistentKey(dataDir, 'jwt-secret.key'));
}

function positiveNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new Error(`配置 ${name} 应为正数，当前为 ${value}`);
  return number;
}

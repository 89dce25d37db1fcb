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
    ...overrides,
    dataDir,
  };
}

// A secret generated once per data directory keeps sessions valid across restarts without shipping a default key.
function persistentSecret(dataDir: string): Uint8Array {
  const file = resolve(dataDir, 'jwt-secret.key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64'), { mode: 0o600 });
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { S3StoreSettings } from './files/s3FileStore';

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface ServerConfig {
  host: string;
  port: number;
  /** Where the embedded database, the signing secret and stored files live. */
  dataDir: string;
  /** When set, PostgreSQL is used instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  /** DATABASE_POOL_SIZE: PostgreSQL connections per instance (instances x (this + 3 for the job queue) must fit the
   * server's max_connections). */
  databasePoolSize: number;
  /** The built web app (vite build output); not served when the folder is missing. */
  webDir: string;
  screensDir: string;
  jwtSecret: Uint8Array;
  tokenTtlSeconds: number;
  /** Date the demo seed counts back from; fixed in tests so the data is the same on every run. */
  seedAnchorDate: string | undefined;
  /** SEED_SCALE: multiplies the demo rows each model's seed hints ask for per dealer (0: none); default 1. */
  seedScale: number;
  timezone: string;
  logLevel: string;
  requestSigning: RequestSigningConfig;
  /** Registers the routes the http-contract tests need (server/routes/contractTest.ts); never in production. */
  testRoutes: boolean;
  /** Who signs users in: the embedded identity provider, or any OIDC provider (server/auth/*). */
  identity: IdentityConfig;
  /** Behind a reverse proxy: take the client address and protocol from X-Forwarded-* (rate limits, redirect checks). */
  trustProxy: boolean;
  /** Uploaded files (server/files/*). */
  files: FilesConfig;
  /** Background jobs (server/jobs/): download-centre exports and Excel imports. */
  jobs: JobsConfig;
  /** Owner codes the bff's whitelist check (modType 91111057) passes for: the quality-inspection label rename. */
  qualityInspectionWhitelist: string[];
}

/** Uploads: the general size ceiling, and how long unfinished chunked uploads and stray stored bytes are kept. */
export interface FilesConfig {
  /** FILE_MAX_MB: the general ceiling (a field may ask for less, never more). */
  maxMb: number;
  /** FILE_CLEANUP_HOURS: unfinished chunked uploads and bytes without a file row older than this are removed. */
  cleanupAfterHours: number;
  /** FILE_STORE: where the bytes live, `<data dir>/files` (local, the default) or an S3-compatible bucket (s3). */
  store: FileStoreConfig;
  /** EXPORT_KEEP_DAYS: a finished export's file is kept in the download centre this many days, then removed. */
  exportKeepDays: number;
}

export interface JobsConfig {
  /** JOB_EXPIRE_SECONDS (PostgreSQL only): a job held this long by one instance is given to another; also how long a job
   * of an instance that died waits. Must exceed the longest export or import. */
  expireSeconds: number;
  /** SHUTDOWN_GRACE_SECONDS: how long SIGTERM waits for requests in flight before closing their connections. */
  shutdownGraceSeconds: number;
}

export type FileStoreConfig = { kind: 'local' } | ({ kind: 's3' } & S3StoreSettings);

/** The authorization-code flow (PKCE) of the login, and the limits of the embedded provider's login page. */
export interface IdentityConfig {
  /** embedded: this server's /oauth/authorize page; oidc: the provider named by the OIDC_* variables. */
  provider: 'embedded' | 'oidc';
  /** The client id the browser presents at the authorize endpoint. */
  clientId: string;
  /** Where the browser is sent to sign in (absolute, or a path of this server). */
  authorizeUrl: string;
  /** OIDC only: where this server exchanges a code (server to server), with the client secret when there is one. */
  tokenUrl: string | undefined;
  clientSecret: string | undefined;
  /** OIDC only: the id token's issuer and the provider's key set. */
  issuer: string | undefined;
  jwksUrl: string | undefined;
  /** OIDC only: the id-token claim holding the account name (users.user_code). */
  userClaim: string;
  /** OIDC only: the provider's end-session endpoint, visited after logout so its own session ends too. */
  logoutUrl: string | undefined;
  scope: string;
  /** Redirect URIs the embedded provider accepts besides its own origins (other sites of the deployment). */
  redirectUris: string[];
  /** PUBLIC_ORIGINS: the origins users reach this server at (https://dms.example.com); the embedded provider sends codes
   * back to these only. Empty: this machine's own addresses (localhost and its interfaces' IPs), any port. The Host
   * header is never trusted for it: any client can send any Host. */
  publicOrigins: string[];
  codeTtlSeconds: number;
  /** How long a sign-in lasts without signing in again: the refresh token's lifetime. */
  sessionTtlSeconds: number;
  /** Failed sign-ins within the window before the account, or the address, is refused for the rest of it. */
  maxFailuresPerAccount: number;
  maxFailuresPerAddress: number;
  failureWindowSeconds: number;
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
    databasePoolSize: positiveNumber('DATABASE_POOL_SIZE', env.DATABASE_POOL_SIZE, 10),
    webDir: resolve(env.WEB_DIR ?? resolve(PROJECT_ROOT, 'dist/web')),
    screensDir: resolve(env.SCREENS_DIR ?? resolve(PROJECT_ROOT, 'screens')),
    jwtSecret: env.JWT_SECRET ? new TextEncoder().encode(env.JWT_SECRET) : persistentSecret(dataDir),
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 8 * 3600),
    seedAnchorDate: env.SEED_ANCHOR_DATE || undefined,
    seedScale: nonNegativeNumber('SEED_SCALE', env.SEED_SCALE, 1),
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
    identity: identityConfig(env),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    files: {
      maxMb: positiveNumber('FILE_MAX_MB', env.FILE_MAX_MB, 50),
      cleanupAfterHours: positiveNumber('FILE_CLEANUP_HOURS', env.FILE_CLEANUP_HOURS, 24),
      store: fileStoreConfig(env),
      exportKeepDays: positiveNumber('EXPORT_KEEP_DAYS', env.EXPORT_KEEP_DAYS, 7),
    },
    jobs: {
      expireSeconds: positiveNumber('JOB_EXPIRE_SECONDS', env.JOB_EXPIRE_SECONDS, 900),
      shutdownGraceSeconds: positiveNumber('SHUTDOWN_GRACE_SECONDS', env.SHUTDOWN_GRACE_SECONDS, 20),
    },
    qualityInspectionWhitelist: (env.QI_WHITELIST_OWNER_CODES ?? '').split(',').map((code) => code.trim()).filter(Boolean),
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

function identityConfig(env: NodeJS.ProcessEnv): IdentityConfig {
  const external = Boolean(env.OIDC_AUTHORIZE_URL);
  if (external && (!env.OIDC_TOKEN_URL || !env.OIDC_JWKS_URL || !env.OIDC_ISSUER)) {
    throw new Error('配置 OIDC_AUTHORIZE_URL 时还需配置 OIDC_TOKEN_URL、OIDC_JWKS_URL 与 OIDC_ISSUER');
  }
  return {
    provider: external ? 'oidc' : 'embedded',
    clientId: env.OIDC_CLIENT_ID || 'dms-web',
    authorizeUrl: env.OIDC_AUTHORIZE_URL || '/oauth/authorize',
    tokenUrl: env.OIDC_TOKEN_URL || undefined,
    clientSecret: env.OIDC_CLIENT_SECRET || undefined,
    issuer: env.OIDC_ISSUER || undefined,
    jwksUrl: env.OIDC_JWKS_URL || undefined,
    userClaim: env.OIDC_USER_CLAIM || 'preferred_username',
    logoutUrl: env.OIDC_LOGOUT_URL || undefined,
    scope: env.OIDC_SCOPE || 'openid profile',
    redirectUris: (env.OAUTH_REDIRECT_URIS ?? '').split(',').map((uri) => uri.trim()).filter(Boolean),
    publicOrigins: (env.PUBLIC_ORIGINS ?? '').split(',').map((origin) => origin.trim()).filter(Boolean).map((origin) => new URL(origin).origin),
    codeTtlSeconds: positiveNumber('OAUTH_CODE_TTL_SECONDS', env.OAUTH_CODE_TTL_SECONDS, 60),
    sessionTtlSeconds: positiveNumber('SESSION_TTL_SECONDS', env.SESSION_TTL_SECONDS, 7 * 24 * 3600),
    maxFailuresPerAccount: positiveNumber('LOGIN_MAX_FAILURES_PER_ACCOUNT', env.LOGIN_MAX_FAILURES_PER_ACCOUNT, 5),
    maxFailuresPerAddress: positiveNumber('LOGIN_MAX_FAILURES_PER_ADDRESS', env.LOGIN_MAX_FAILURES_PER_ADDRESS, 20),
    failureWindowSeconds: positiveNumber('LOGIN_FAILURE_WINDOW_SECONDS', env.LOGIN_FAILURE_WINDOW_SECONDS, 15 * 60),
  };
}

function fileStoreConfig(env: NodeJS.ProcessEnv): FileStoreConfig {
  const kind = env.FILE_STORE || 'local';
  if (kind === 'local') return { kind };
  if (kind !== 's3') throw new Error(`配置 FILE_STORE 应为 local 或 s3，当前为 ${kind}`);
  if (!env.S3_BUCKET) throw new Error('配置 FILE_STORE=s3 时还需配置 S3_BUCKET');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) throw new Error('S3_ACCESS_KEY_ID 与 S3_SECRET_ACCESS_KEY 应同时配置');
  return {
    kind,
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || 'us-east-1',
    bucket: env.S3_BUCKET,
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
  };
}

function nonNegativeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw new Error(`配置 ${name} 应为不小于 0 的数，当前为 ${value}`);
  return number;
}

function positiveNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new Error(`配置 ${name} 应为正数，当前为 ${value}`);
  return number;
}

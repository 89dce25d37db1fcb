// The configuration every test server starts with, shared by the harness and the seed-once set-up so that a copy of
// the seeded database is exactly what the harness would have seeded.
import { join } from 'node:path';
import { loadConfig, type ServerConfig } from '../../server/config';

export const TEST_ANCHOR_DATE = '2026-06-30';
export const DB_KIND = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
/** The gzip dump of the seeded PGlite data directory (seededDatabase.ts). */
export const SEEDED_PGLITE_ENV = 'DMS_SERVER_SEEDED_PGLITE';
/** The seeded PostgreSQL template database (seededDatabase.ts). */
export const SEEDED_POSTGRES_ENV = 'DMS_SERVER_SEEDED_POSTGRES';

/** Settings that change what a fresh database is seeded with: a server started with one of them seeds its own. */
const SEED_SETTINGS: readonly (keyof ServerConfig)[] = ['seedAnchorDate', 'seedScale', 'screensDir'];

export function changesTheSeed(overrides: Partial<ServerConfig>): boolean {
  return SEED_SETTINGS.some((setting) => setting in overrides);
}

export function testServerConfig(dataDir: string, databaseUrl: string | undefined, overrides: Partial<ServerConfig> = {}): ServerConfig {
  // No built web app: the server then serves the source runtime config, whatever an earlier `vite build` left behind.
  const webDir = join(dataDir, 'no-web-app');
  return loadConfig({}, { dataDir, webDir, databaseUrl, seedAnchorDate: TEST_ANCHOR_DATE, logLevel: 'silent', ...overrides });
}

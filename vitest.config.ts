import { defineConfig } from 'vitest/config';
import { runtimePlugins } from './vite.config.ts';

// Five projects, run separately by `npm test` (scripts/test.ts): unit and component first, then the server suite
// (once on PGlite, once on PostgreSQL), then end to end in Chromium.
export default defineConfig({
  plugins: runtimePlugins(),
  test: {
    projects: [
      // Unit and component run together on two workers (vitest needs the same maxWorkers for projects run at once).
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', maxWorkers: 2 } },
      {
        extends: true,
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/component/setup.ts'],
          // A file's first table loads ag-grid as a lazy chunk, transformed on first use: 8 s on a quiet machine, over
          // 60 s on a loaded one (seen on the standalone /selectCrowd tests while server tests ran beside them).
          testTimeout: 120_000,
          // Two workers on two cores: the longest step of npm test (jsdom renders) takes about two thirds as long.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        // Every file's server starts from a copy of one seeded database (tests/server/seededDatabase.ts). Files share
        // their worker's modules (no isolation): each file builds its own server from them and mocks nothing, and
        // importing the server afresh per file cost more than half of the suite's time.
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/seededDatabase.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          isolate: false,
        },
      },
      // Several server processes on one PostgreSQL (tests/scaleout); run by `npm test` only when PostgreSQL is reachable.
      { extends: true, test: { name: 'scaleout', include: ['tests/scaleout/**/*.test.ts'], environment: 'node', testTimeout: 180_000, hookTimeout: 420_000 } },
      // Two files at once: each file runs its own server on its own port and its own copy of the seeded data, and a file
      // spends much of its time waiting on the browser or the server, so two share the two cores well.
      {
        extends: true,
        test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], globalSetup: ['tests/e2e/support/seededData.ts'], environment: 'node', testTimeout: 240_000, hookTimeout: 240_000, maxWorkers: 2 },
      },
    ],
  },
});

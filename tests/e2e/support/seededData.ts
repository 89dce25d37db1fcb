// Vitest global set-up of the end-to-end project: seeds one data directory (migrations and the demo world, ~10 s) that
// every test file's server then starts from a copy of, instead of seeding its own: a restart on seeded data takes a
// third of a first start. Each file still gets its own directory, so files never see each other's writes.
import { rmSync } from 'node:fs';
import { ServerProcess, SEEDED_DATA_ENV } from './serverProcess';

export default async function seedOnce(): Promise<() => void> {
  const seeding = await ServerProcess.create();
  await seeding.start();
  await seeding.stop();
  process.env[SEEDED_DATA_ENV] = seeding.dataDir;
  return () => rmSync(seeding.dataDir, { recursive: true, force: true });
}

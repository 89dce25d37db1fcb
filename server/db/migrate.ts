import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001_initial';
import * as m0003 from './migrations/0003_table_layouts_labour_items';

// Listed by hand rather than read from the folder, so a bundled or compiled server still finds every migration.
const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': m0001,
  '0003_table_layouts_labour_items': m0003,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings the schema to the latest version; throws (and applies nothing more) on the first failing migration. */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`数据库迁移失败：${String(error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

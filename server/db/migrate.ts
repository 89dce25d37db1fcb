import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001_initial';
import * as m0002 from './migrations/0002_form_lookups';
import * as m0003 from './migrations/0003_table_layouts_labour_items';
import * as m0004 from './migrations/0004_process_definitions';
import * as m0005 from './migrations/0005_request_nonces';
import * as m0006 from './migrations/0006_app_shell';
import * as m0007 from './migrations/0007_permissions';
import * as m0008 from './migrations/0008_files';
import * as m0009 from './migrations/0009_rich_text';
import * as m0010 from './migrations/0010_export_jobs';
import * as m0011 from './migrations/0011_sales_targets';
import * as m0012 from './migrations/0012_screens';
import * as m0013 from './migrations/0013_import_job_inputs';
import * as m0014 from './migrations/0014_repair_order_number_prefix';
import * as m0015 from './migrations/0015_model_job_kinds';
import * as m0016 from './migrations/0016_model_store';
import * as m0017 from './migrations/0017_process_runs';
import * as m0018 from './migrations/0018_owner_row_counts';
import * as m0019 from './migrations/0019_material_prices_query_schemes';
import * as m0020 from './migrations/0020_repair_order_lines';
import * as m0021 from './migrations/0021_material_attributes';

// Listed by hand rather than read from the folder, so a bundled or compiled server still finds every migration.
const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_form_lookups': m0002,
  '0003_table_layouts_labour_items': m0003,
  '0004_process_definitions': m0004,
  '0005_request_nonces': m0005,
  '0006_app_shell': m0006,
  '0007_permissions': m0007,
  '0008_files': m0008,
  '0009_rich_text': m0009,
  '0010_export_jobs': m0010,
  '0011_sales_targets': m0011,
  '0012_screens': m0012,
  '0013_import_job_inputs': m0013,
  '0014_repair_order_number_prefix': m0014,
  '0015_model_job_kinds': m0015,
  '0016_model_store': m0016,
  '0017_process_runs': m0017,
  '0018_owner_row_counts': m0018,
  '0019_material_prices_query_schemes': m0019,
  '0020_repair_order_lines': m0020,
  '0021_material_attributes': m0021,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Brings the schema to the latest version; throws (and applies nothing more) on the first failing migration. */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  // Branches of parallel work add migrations with their own numbers; a database that already ran a later one must still
  // accept an earlier number merged afterwards. Each migration only adds its own tables, so order between them is free.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`数据库迁移失败：${String(error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

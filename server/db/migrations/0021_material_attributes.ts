import type { Kysely } from 'kysely';

// The vehicle materials' own attributes (domain.md §6: fuel type, model year, enabled; the guide price of a
// configuration and an option package's price came with 0019). The tree stays a base table the seed writes, the material cascade reads and the models
// `material` and `materialOption` serve, so its columns are the base schema's: the seed and the lookups may rely on them
// whatever models a server runs. The models' own columns (created/updated) are the model engine's.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('materials')
    .addColumn('fuel_type', 'varchar(16)')
    .addColumn('model_year', 'varchar(4)')
    // '1' enabled, '0' disabled: a disabled material (and what lies beneath it) leaves the pickers, not the records.
    .addColumn('enabled', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
    .execute();
  await db.schema
    .alterTable('material_options')
    .addColumn('enabled', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('material_options').dropColumn('enabled').execute();
  await db.schema.alterTable('materials').dropColumn('fuel_type').dropColumn('model_year').dropColumn('enabled').execute();
}

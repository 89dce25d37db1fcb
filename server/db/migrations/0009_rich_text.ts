import type { Kysely } from 'kysely';

// The repair order's description (维修说明): rich text, cleaned by the server before it is stored (server/http/richText.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('repair_orders').addColumn('description_html', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('repair_orders').dropColumn('description_html').execute();
}

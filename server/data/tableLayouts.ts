import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface LayoutColumn {
  dataIndex: string;
  hidden: boolean;
  width?: number;
}

/** A user's column layout of one table, as the runtime stores it locally too. */
export interface TableLayout {
  layoutKey: string;
  columns: LayoutColumn[];
  savedAt: string;
}

// A layout is the user's own: every query is by the signed-in user's id, never by a key the client sends.

export async function findLayout(db: Kysely<Database>, userId: number, layoutKey: string): Promise<TableLayout | null> {
  const row = await db
    .selectFrom('tableLayouts')
    .select(['layoutKey', 'columns', 'savedAt'])
    .where('userId', '=', userId)
    .where('layoutKey', '=', layoutKey)
    .executeTakeFirst();
  return row ?? null;
}

export async function saveLayout(db: Kysely<Database>, userId: number, layout: TableLayout): Promise<TableLayout> {
  const values = { columns: JSON.stringify(layout.columns), savedAt: layout.savedAt, updatedAt: new Date() };
  await db
    .insertInto('tableLayouts')
    .values({ userId, layoutKey: layout.layoutKey, ...values })
    .onConflict((oc) => oc.columns(['userId', 'layoutKey']).doUpdateSet(values))
    .execute();
  return layout;
}

// The users' custom query schemes (schemas/api/querySchemes.ts): a screen's schemes are the user's own and those shared
// within the user's dealer (or, on the manufacturer's side, the user's organisation), for a menu the user holds (or a
// standalone page). Only the author saves over or removes a scheme.
import { sql, type Kysely } from 'kysely';
import type { QueryScheme, QuerySchemeInput } from '../../schemas/api/querySchemes';
import { QUERY_SCHEME_TEXT } from '../../schemas/api/querySchemes';
import type { Database } from '../db/schema';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';
import type { SessionUser } from '../http/session';
import { loadMenuGrants } from './grants';

/** The standalone pages (no menu) whose filter bars keep schemes: /selectCrowd picks its customers by them. */
export const STANDALONE_SCHEME_PAGES = ['selectCrowd'] as const;

const shareScope = (user: SessionUser) => user.ownerCode ?? user.orgCode;

async function refuseWithoutMenu(db: Kysely<Database>, user: SessionUser, menuId: string): Promise<void> {
  if ((STANDALONE_SCHEME_PAGES as readonly string[]).includes(menuId)) return;
  const grants = await loadMenuGrants(db, user.id, menuId);
  if (!grants.keys.has(menuId)) throw new ApiError('forbidden', QUERY_SCHEME_TEXT.noMenu);
}

interface SchemeRow {
  id: number;
  userId: number;
  labelName: string;
  selectCondition: unknown;
  columns: unknown;
  shared: boolean;
  userName: string;
  updatedAt: Date;
}

const parsed = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

function answer(row: SchemeRow, user: SessionUser): QueryScheme {
  return {
    id: Number(row.id),
    labelName: row.labelName,
    selectCondition: parsed(row.selectCondition) as QueryScheme['selectCondition'],
    columns: parsed(row.columns) as QueryScheme['columns'],
    shared: row.shared,
    own: Number(row.userId) === user.id,
    userName: row.userName,
    updatedAt: formatDateTime(new Date(row.updatedAt)),
  };
}

const selectSchemes = sql`select s.id, s.user_id, s.label_name, s.select_condition, s.columns, s.shared, u.employee_name as user_name, s.updated_at
  from query_schemes s join users u on u.id = s.user_id`;

export async function listSchemes(db: Kysely<Database>, user: SessionUser, menuId: string, interfaceAddress: string): Promise<QueryScheme[]> {
  await refuseWithoutMenu(db, user, menuId);
  const { rows } = await sql<SchemeRow>`${selectSchemes}
    where s.menu_id = ${menuId} and s.interface_address = ${interfaceAddress} and (s.user_id = ${user.id} or (s.shared and s.owner_code = ${shareScope(user)}))
    order by (s.user_id = ${user.id}) desc, s.label_name`.execute(db);
  return rows.map((row) => answer(row, user));
}

export async function saveScheme(db: Kysely<Database>, user: SessionUser, input: QuerySchemeInput): Promise<QueryScheme> {
  await refuseWithoutMenu(db, user, input.menuId);
  const values = {
    labelName: input.labelName.trim(),
    selectCondition: JSON.stringify(input.selectCondition),
    columns: JSON.stringify(input.columns),
    shared: input.shared === true,
  };
  return db.transaction().execute(async (tx) => {
    const { rows: clash } = await sql<{ id: number }>`select id from query_schemes where user_id = ${user.id} and menu_id = ${input.menuId}
      and interface_address = ${input.interfaceAddress} and label_name = ${values.labelName} and id <> ${input.id ?? 0}`.execute(tx);
    if (clash.length > 0) throw new ApiError('conflict', QUERY_SCHEME_TEXT.nameTaken(values.labelName));
    let id = input.id;
    if (id !== undefined) {
      const result = await sql`update query_schemes set label_name = ${values.labelName}, select_condition = ${values.selectCondition}::jsonb, columns = ${values.columns}::jsonb,
        shared = ${values.shared}, updated_at = now() where id = ${id} and user_id = ${user.id}`.execute(tx);
      if (Number(result.numAffectedRows ?? 0n) === 0) throw new ApiError('notFound', QUERY_SCHEME_TEXT.notYours);
    } else {
      const { rows } = await sql<{ id: number }>`insert into query_schemes (user_id, owner_code, menu_id, interface_address, label_name, select_condition, columns, shared)
        values (${user.id}, ${shareScope(user)}, ${input.menuId}, ${input.interfaceAddress}, ${values.labelName}, ${values.selectCondition}::jsonb, ${values.columns}::jsonb, ${values.shared}) returning id`.execute(tx);
      id = Number(rows[0]!.id);
    }
    const { rows } = await sql<SchemeRow>`${selectSchemes} where s.id = ${id}`.execute(tx);
    return answer(rows[0]!, user);
  });
}

export async function deleteScheme(db: Kysely<Database>, user: SessionUser, id: number): Promise<void> {
  const result = await sql`delete from query_schemes where id = ${id} and user_id = ${user.id}`.execute(db);
  if (Number(result.numAffectedRows ?? 0n) === 0) throw new ApiError('notFound', QUERY_SCHEME_TEXT.notYours);
}

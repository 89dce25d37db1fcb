import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SessionUser } from '../http/session';

/**
 * What an empty scope filters by: no organisation has an empty code, so the query matches nothing. Not a NUL
 * character: PostgreSQL refuses NUL in a text parameter, which made every list of a user without dealers answer 500.
 */
export const NO_CODE = '';

/**
 * The data scope of every query on dealer data (list, get, update, delete, export, import alike):
 * `query.where('ownerCode', 'in', await ownerScope(db, user))`. Never empty, so it is always a valid `in` list; rows
 * outside it are simply not found, never forbidden-with-details.
 */
export async function ownerScope(db: Kysely<Database>, user: SessionUser): Promise<string[]> {
  const codes = await visibleOwnerCodes(db, user);
  return codes.length > 0 ? codes : [NO_CODE];
}

/**
 * The dealer codes (ownerCode) whose rows a user may see and touch: a dealer its own; a region, a dealer group or the
 * manufacturer every dealer beneath it. Every query on dealer data filters by this list.
 */
export async function visibleOwnerCodes(db: Kysely<Database>, user: SessionUser): Promise<string[]> {
  if (user.ownerCode) return [user.ownerCode];
  const orgs = await db.selectFrom('organizations').select(['id', 'orgCode', 'parentId', 'groupOrgId', 'orgType']).execute();
  const isUnder = underOrg(orgs, user.orgId);
  return orgs.filter((o) => o.orgType === '10461001' && (isUnder(o.id) || o.groupOrgId === user.orgId)).map((o) => o.orgCode);
}

/** The codes of the user's organisation and every organisation beneath it (models with scope `org`). */
export async function visibleOrgCodes(db: Kysely<Database>, user: SessionUser): Promise<string[]> {
  const orgs = await db.selectFrom('organizations').select(['id', 'orgCode', 'parentId']).execute();
  const isUnder = underOrg(orgs, user.orgId);
  return orgs.filter((o) => isUnder(o.id)).map((o) => o.orgCode);
}

/** Whether an organisation is `top` or lies beneath it, following parents. */
function underOrg(orgs: { id: number; parentId: number | null }[], top: number): (orgId: number | null) => boolean {
  const byId = new Map(orgs.map((o) => [o.id, o]));
  return (orgId) => {
    for (let id = orgId; id !== null; id = byId.get(id)?.parentId ?? null) if (id === top) return true;
    return false;
  };
}

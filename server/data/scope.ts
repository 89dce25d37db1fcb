import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SessionUser } from '../http/session';

/**
 * The dealer codes (ownerCode) whose rows a user may see and touch: a dealer its own; a region, a dealer group or the
 * manufacturer every dealer beneath it. Every query on dealer data filters by this list.
 */
export async function visibleOwnerCodes(db: Kysely<Database>, user: SessionUser): Promise<string[]> {
  if (user.ownerCode) return [user.ownerCode];
  const orgs = await db.selectFrom('organizations').select(['id', 'orgCode', 'parentId', 'groupOrgId', 'orgType']).execute();
  const byId = new Map(orgs.map((o) => [o.id, o]));
  const isUnder = (orgId: number | null): boolean => {
    for (let id = orgId; id !== null; id = byId.get(id)?.parentId ?? null) if (id === user.orgId) return true;
    return false;
  };
  return orgs.filter((o) => o.orgType === '10461001' && (isUnder(o.id) || o.groupOrgId === user.orgId)).map((o) => o.orgCode);
}

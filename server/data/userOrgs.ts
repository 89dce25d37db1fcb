import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface OrgLink {
  id: number;
  orgName: string;
  orgType: string;
  companyType: string | null;
  groupOrgId: number | null;
}

/** The user's organisation and its ancestors, nearest first; the last entry is the top of the tree. */
export async function loadUserOrgChain(db: Kysely<Database>, orgId: number): Promise<OrgLink[]> {
  const orgs = await db.selectFrom('organizations').select(['id', 'orgName', 'orgType', 'companyType', 'groupOrgId', 'parentId']).execute();
  const byId = new Map(orgs.map((o) => [o.id, o]));
  const chain: OrgLink[] = [];
  for (let org = byId.get(orgId); org && chain.length < orgs.length; org = org.parentId === null ? undefined : byId.get(org.parentId)) {
    chain.push({ id: org.id, orgName: org.orgName, orgType: org.orgType, companyType: org.companyType, groupOrgId: org.groupOrgId });
  }
  return chain;
}

// Who each position's home figures are for. The figures are session calls (any signed-in user may ask, whatever menu
// is open), so the call itself refuses a user of another kind: a consultant asking the finance figures gets a reason,
// never someone else's numbers.
import type { Kysely } from 'kysely';
import { withPermissionTables } from '../db/permissionTables';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import type { SessionUser } from '../http/session';

const REGION_ORG_TYPE = '10461002';
const HOME_AUDIENCE = { consultantPosition: 'XSGW', financeRole: 'CWRY', regionRole: 'QYCX' } as const;

async function holdsRole(db: Kysely<Database>, user: SessionUser, roleCode: string): Promise<boolean> {
  const row = await withPermissionTables(db)
    .selectFrom('userRoles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.roleId')
    .select('ur.userId')
    .where('ur.userId', '=', user.id)
    .where('r.roleCode', '=', roleCode)
    .executeTakeFirst();
  return row !== undefined;
}

/** A dealer's 销售顾问: the figures count the consultant's own records at the consultant's dealer. */
export function requireConsultant(user: SessionUser): { ownerCode: string; consultantId: number } {
  if (!user.ownerCode || !user.positions.includes(HOME_AUDIENCE.consultantPosition)) throw new ApiError('forbidden', '销售顾问概况仅对经销商的销售顾问开放');
  return { ownerCode: user.ownerCode, consultantId: user.id };
}

/** A holder of the finance role (财务人员), at a dealer or above (then over the dealers of the data scope). */
export async function requireFinanceClerk(db: Kysely<Database>, user: SessionUser): Promise<void> {
  if (!(await holdsRole(db, user, HOME_AUDIENCE.financeRole))) throw new ApiError('forbidden', '财务概况仅对财务人员开放');
}

/** A region's user holding 区域查询: the figures compare the region's dealers. */
export async function requireRegionManager(db: Kysely<Database>, user: SessionUser): Promise<void> {
  if (user.orgType !== REGION_ORG_TYPE || !(await holdsRole(db, user, HOME_AUDIENCE.regionRole))) throw new ApiError('forbidden', '区域概况仅对大区的区域经理开放');
}

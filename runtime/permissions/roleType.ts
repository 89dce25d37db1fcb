// The role type of back-office §6, derived from the role codes held and kept in local storage (roleType) for the
// consultant lookups. The spec names the codes but not the mapping; ours is written in docs/decisions.md.

/** The role codes of the role list (BO-ROLE-04). */
export const ROLE_CODES = ['WXGW', 'WXJL', 'C1001', 'ZTGW', 'ZTJL', 'XSGW', 'QTJD'] as const;

/** The type code each role code contributes; QTJD (reception) contributes none. */
const TYPE_OF_ROLE: Record<string, string> = {
  WXJL: '10061011',
  WXGW: '10061012',
  C1001: '10061013',
  XSGW: '10061015',
  ZTGW: '10061015',
  ZTJL: '10061019',
};

export const SINGLE_ROLE_TYPES = ['10061011', '10061012', '10061013', '10061015'] as const;
export const COMBINED_ROLE_TYPES = ['10061012,10061015', '10061013,10061019', '10061011,10061015', '10061011,10061012,10061015'] as const;
export const NO_ROLE_TYPE = '';
export const FALLBACK_ROLE_TYPE = 'xxx';

const KNOWN_TYPES: readonly string[] = [...SINGLE_ROLE_TYPES, ...COMBINED_ROLE_TYPES];

/** No roles: ''; the held roles' type codes, ascending and comma-joined, when that is a known type; otherwise xxx. */
export function deriveRoleType(roleCodes: readonly string[]): string {
  if (roleCodes.length === 0) return NO_ROLE_TYPE;
  const types = [...new Set(roleCodes.map((code) => TYPE_OF_ROLE[code]).filter((t): t is string => t !== undefined))].sort();
  const type = types.join(',');
  return KNOWN_TYPES.includes(type) ? type : FALLBACK_ROLE_TYPE;
}

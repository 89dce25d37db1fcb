// The signed-in user as screen conditions and templates read it: the session's user, plus `roleCodes` beside `roles`.
// The expression language compares values, not objects, so `contains(user.roles, 'CWRY')` can never be true of the role
// entries ({roleCode, roleName}); `contains(user.roleCodes, 'CWRY')` says it.
import type { RoleEntry } from '../../schemas/api/session';

export function conditionUser(user: Readonly<object> | null): Readonly<object> {
  if (!user) return {};
  const roles: unknown = (user as { roles?: unknown }).roles;
  if (!Array.isArray(roles)) return user;
  const roleCodes = roles.flatMap((role: Partial<RoleEntry> | null) => (typeof role?.roleCode === 'string' ? [role.roleCode] : []));
  return { ...user, roleCodes };
}

import type { Kysely } from 'kysely';
import { withPermissionTables } from '../db/permissionTables';
import type { Database } from '../db/schema';
import { ADMIN_ROLES, FIRST_HOLDER_ROLES, MENUS, ORG_TYPE, POSITION_ROLES, REGION_ROLES, ROLE_CONTROLS, ROLE_GRANTS, ROLES, type MenuGrant, type PositionCode, type RoleCode } from './catalogue';
import type { DemoWorld } from './demoWorld';

const leafMenus = () => MENUS.filter((m) => m.component !== null);

/** Roles, their menu grants and control codes, and the roles of every seeded user. */
export async function seedPermissions(base: Kysely<Database>, world: DemoWorld, userIds: ReadonlyMap<string, number>): Promise<void> {
  const db = withPermissionTables(base);
  const roleIds = new Map<RoleCode, number>();
  for (const [sort, role] of ROLES.entries()) {
    const { id } = await db.insertInto('roles').values({ ...role, sort }).returning('id').executeTakeFirstOrThrow();
    roleIds.set(role.roleCode, id);
  }
  for (const role of ROLES) {
    const grants: MenuGrant[] = role.roleCode === 'C1001' ? leafMenus().map((m) => ({ menuId: m.id })) : ROLE_GRANTS[role.roleCode];
    if (grants.length > 0) {
      await db
        .insertInto('roleMenus')
        .values(
          grants.map((g) => ({
            roleId: roleIds.get(role.roleCode)!,
            menuId: g.menuId,
            keys: g.keys ? JSON.stringify(g.keys) : null,
            actions: g.actions ? JSON.stringify(g.actions) : null,
            rangeCode: null,
          })),
        )
        .execute();
    }
    const controls = ROLE_CONTROLS[role.roleCode] ?? [];
    if (controls.length > 0) await db.insertInto('roleControls').values(controls.map((ctrlCode) => ({ roleId: roleIds.get(role.roleCode)!, ctrlCode }))).execute();
  }
  const orgTypes = new Map(world.organizations.map((o) => [o.orgCode, o.orgType]));
  const held = new Set<string>();
  const firstHolderRoles = (user: (typeof world.users)[number]) =>
    user.positions.flatMap((p) => {
      const key = `${user.orgCode}:${p}`;
      if (held.has(key)) return [];
      held.add(key);
      return FIRST_HOLDER_ROLES[p as PositionCode] ?? [];
    });
  const userRoles = world.users.flatMap((user) => {
    const orgType = orgTypes.get(user.orgCode);
    const codes =
      user.positions.length > 0
        ? [...new Set([...user.positions.flatMap((p) => POSITION_ROLES[p as PositionCode] ?? []), ...firstHolderRoles(user)])]
        : orgType === ORG_TYPE.manufacturer
          ? ADMIN_ROLES
          : orgType === ORG_TYPE.region
            ? REGION_ROLES
            : [];
    return codes.map((code) => ({ userId: userIds.get(user.userCode)!, roleId: roleIds.get(code)! }));
  });
  for (let i = 0; i < userRoles.length; i += 1000) await db.insertInto('userRoles').values(userRoles.slice(i, i + 1000)).execute();
}

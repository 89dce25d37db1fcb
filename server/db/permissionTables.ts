// Table shapes of migration 0007 (permissions and the audit log), beside their migration like the app shell's: modules
// that use them widen the database type with `withPermissionTables(db)`.
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from './schema';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableJson<T> = ColumnType<T | null, string | null | undefined, string | null>;

export interface RoleTable {
  id: Generated<number>;
  roleCode: string;
  roleName: string;
  sort: Generated<number>;
}

export interface UserRoleTable {
  userId: number;
  roleId: number;
}

export interface RoleMenuTable {
  roleId: number;
  menuId: string;
  /** The menu's keys this role grants; null grants all of them. */
  keys: NullableJson<string[]>;
  /** The action list of the stored menu-action string (menuId-actionA,actionB); null stores none. */
  actions: NullableJson<string[]>;
  /** The menu range (10371001-10371003) of the org picker on this menu; null offers the whole range. */
  rangeCode: string | null;
}

export interface RoleControlTable {
  roleId: number;
  ctrlCode: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  userId: number | null;
  userCode: string;
  employeeName: string;
  ownerCode: string | null;
  menuId: string | null;
  permissionKey: string;
  /** The row the write touched (its id), when the route names one. */
  rowRef: string | null;
  resultCode: number;
  before: NullableJson<unknown>;
  after: NullableJson<unknown>;
  requestId: string | null;
  createdAt: Timestamp;
}

export type PermissionTables = {
  roles: RoleTable;
  userRoles: UserRoleTable;
  roleMenus: RoleMenuTable;
  roleControls: RoleControlTable;
  auditLog: AuditLogTable;
};

export type PermissionDatabase = Database & PermissionTables;

export function withPermissionTables(db: Kysely<Database>): Kysely<PermissionDatabase> {
  return db.withTables<PermissionTables>();
}

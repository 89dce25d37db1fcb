// The consultant and user lookups by position code (back-office §3 and §7).
import { currentMenuId } from '../http/credentials';
import { callApi } from '../http/client';
import type { Field } from '../../schemas/screen/screen.types';
import { cachedLoad, type FieldOption } from './useFieldOptions';
import type { ConsultantRow, PositionUserRow } from '../../schemas/api/staff';

// The server owns the lookups' answers; the runtime imports their shapes as types only.

const CONSULTANT_API = 'basedata:GET employees/consultants';
const USER_API = 'basedata:GET employees/byPosition';

export interface ConsultantOption extends FieldOption {
  orgId: number;
  orgName: string;
  roleName: string;
  positionCode: string;
}

/** A lookup without a position code (missing, blank or the string null) lists nobody and asks nothing. */
export const hasPositionCode = (code: string | undefined): code is string => code !== undefined && code.trim() !== '' && code.trim() !== 'null';

export const consultantOption = (row: ConsultantRow): ConsultantOption => ({
  value: row.userId,
  text: row.userName,
  orgId: row.orgId,
  orgName: row.orgName,
  roleName: row.roleName,
  positionCode: row.positionCode,
});

export const userOption = (row: PositionUserRow): FieldOption => ({ value: row.userId, text: row.employeeName });

/** flag 1 lists employed staff only (the default), flag 0 everyone who held the position. */
const flagOf = (field: Field) => (field.includeLeft ? '0' : '1');

/** The consultant lookup sends menuId, the position code and the extras: the role type kept in local storage, and flag. */
function consultantParams(field: Field): Record<string, string> {
  const roleType = window.localStorage.getItem('roleType');
  return {
    menuId: currentMenuId() ?? '',
    positionCode: field.positionCode!.trim(),
    flag: flagOf(field),
    ...(roleType ? { roleType } : {}),
  };
}

/** The user lookup sends menuId, the position code and flag. */
function userParams(field: Field): Record<string, string> {
  return { menuId: currentMenuId() ?? '', positionCode: field.positionCode!.trim(), flag: flagOf(field) };
}

export function lookupConsultants(field: Field): Promise<ConsultantOption[]> {
  if (!hasPositionCode(field.positionCode)) return Promise.resolve([]);
  const params = consultantParams(field);
  return cachedLoad(`${CONSULTANT_API} ${JSON.stringify(params)}`, () => callApi<ConsultantRow[]>(CONSULTANT_API, { params }).then((rows) => (rows ?? []).map(consultantOption)), []);
}

export function lookupUsers(field: Field): Promise<FieldOption[]> {
  if (!hasPositionCode(field.positionCode)) return Promise.resolve([]);
  const params = userParams(field);
  return cachedLoad(`${USER_API} ${JSON.stringify(params)}`, () => callApi<PositionUserRow[]>(USER_API, { params }).then((rows) => (rows ?? []).map(userOption)), []);
}

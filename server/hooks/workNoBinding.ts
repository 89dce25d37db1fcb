// 工号绑定 needs a hook for what its JSON cannot say (domain.md §4): the employee is the dealer's, known in an Excel
// import by the employee number; an employee has one bound work number per platform, and a platform's work number is
// bound to one employee at a time (checked under a lock of each, and across the rows of one file).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ModelHooks } from '../models/modelHooks';
import type { WorkNoBindingRecord } from './modelRecords';
import { codeName, lockKey, userName } from './salesRules';

export const WORK_NO_TEXT = {
  notStaff: '员工不是本店在职员工',
  userBound: (name: string, platform: string, workNo: string) => `员工${name}在${platform}已绑定工号${workNo}，请先解绑`,
  workNoBound: (workNo: string, platform: string, name: string) => `${platform}工号${workNo}已绑定给${name}`,
  repeated: (row: number) => `与第${row}行重复（同一员工同一平台，或同一平台同一工号）`,
} as const;

const BOUND = '83291001';

async function employeeOf(db: Kysely<Database>, userId: number, ownerCode: string): Promise<{ employeeNo: string } | undefined> {
  const { rows } = await sql<{ employeeNo: string }>`select u.employee_no from users u join organizations o on o.id = u.org_id where u.id = ${userId} and o.org_code = ${ownerCode} and u.is_onjob = '10081001'`.execute(db);
  return rows[0];
}

export const workNoBindingHooks: ModelHooks<WorkNoBindingRecord> = {
  async beforeWrite({ db, user }, change) {
    const ownerCode = (change.current?.ownerCode as string | undefined) ?? user.ownerCode;
    if (!ownerCode || change.op !== 'create') return;
    const { values } = change;
    const employee = await employeeOf(db, Number(values.userId), ownerCode);
    if (!employee) return void change.problems.push(`${change.prefix}${WORK_NO_TEXT.notStaff}`);
    values.employeeNo = employee.employeeNo;
    await lockKey(db, `work-no-user:${String(values.platform)}:${String(values.userId)}`);
    await lockKey(db, `work-no:${ownerCode}:${String(values.platform)}:${values.workNo}`);
    const { rows } = await sql<{ userId: number; workNo: string }>`select user_id, work_no from work_no_bindings where status = ${BOUND} and platform = ${values.platform}
      and (user_id = ${Number(values.userId)} or (work_no = ${values.workNo} and owner_code = ${ownerCode}))`.execute(db);
    const platform = await codeName(db, values.platform);
    for (const row of rows) {
      if (Number(row.userId) === Number(values.userId)) change.problems.push(`${change.prefix}${WORK_NO_TEXT.userBound(await userName(db, values.userId), platform, row.workNo)}`);
      else change.problems.push(`${change.prefix}${WORK_NO_TEXT.workNoBound(values.workNo, platform, await userName(db, row.userId))}`);
    }
  },

  /** 员工编号 in the template: the dealer's employees by number. */
  async importField(db, column, ownerCodes) {
    if (column.field !== 'userId') return undefined;
    const { rows } = await sql<{ id: number; employeeNo: string }>`select u.id, u.employee_no from users u join organizations o on o.id = u.org_id
      where o.org_code in (${sql.join(ownerCodes.length > 0 ? ownerCodes : [''])}) and u.is_onjob = '10081001'`.execute(db);
    return { field: 'userId', header: column.header, required: true, type: 'choice', choices: new Map(rows.map((r) => [r.employeeNo, String(r.id)])) };
  },

  checkImport(_context, rows) {
    const seen = new Map<string, number>();
    const errors = [];
    for (const { rowNO, values } of rows) {
      for (const key of [`u:${String(values.userId)}:${String(values.platform)}`, `w:${String(values.platform)}:${String(values.workNo)}`]) {
        const first = seen.get(key);
        if (first !== undefined) errors.push({ rowNO, errorMsg: WORK_NO_TEXT.repeated(first) });
        else seen.set(key, rowNO);
      }
    }
    return errors;
  },
};

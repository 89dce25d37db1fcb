// What the after-sales hooks keep about a repair order besides its saved lines: the status of one labour line as the
// workshop moves it (dispatched, started, finished, passed, rework), the header's counters the transitions' guards read,
// and who is told. These are the area's own tables, written inside the write's transaction after the order's row is
// locked, so an advisor's save of the order and a technician's start of a line never overwrite each other.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { withPermissionTables } from '../../db/permissionTables';
import { MESSAGE_APP_ID, REMIND_TYPE } from '../../seed/catalogue';
import { LINE_STATUS } from './repairRules';

/** Takes the order's row for the rest of the transaction (a concurrent save or workshop step waits for it). */
export async function lockOrder(db: Kysely<Database>, roId: number): Promise<void> {
  await sql`select id from repair_orders where id = ${roId} for update`.execute(db);
}

export async function setLineStatus(db: Kysely<Database>, roId: number, lineKeys: readonly string[], status: string, extra: { rework?: boolean } = {}): Promise<void> {
  if (lineKeys.length === 0) return;
  const rework = extra.rework ? sql`, rework_count = rework_count + 1` : sql``;
  await sql`update repair_order_labour_lines set line_status = ${status}${rework} where parent_id = ${roId} and line_key in (${sql.join(lineKeys)})`.execute(db);
}

/** The header's counters from the lines: lines not yet dispatched, lines not yet through 车间质检. */
export async function refreshCounters(db: Kysely<Database>, roId: number): Promise<void> {
  await sql`update repair_orders set
      unassigned_lines = (select count(*) from repair_order_labour_lines l where l.parent_id = ${roId} and l.line_status = ${LINE_STATUS.waiting}),
      open_lines = (select count(*) from repair_order_labour_lines l where l.parent_id = ${roId} and l.line_status is distinct from ${LINE_STATUS.passed}),
      updated_at = now()
    where id = ${roId}`.execute(db);
}

/** The technicians of a line as its row shows them (张伟 60%、李强 40%). */
export async function refreshTechnicianNames(db: Kysely<Database>, roId: number, lineKeys: readonly string[]): Promise<void> {
  if (lineKeys.length === 0) return;
  await sql`update repair_order_labour_lines l set technician_names = (
      select string_agg(u.employee_name || case when d.share_rate < 1 then ' ' || round(d.share_rate * 100)::int || '%' else '' end, '、' order by d.share_rate desc, d.id)
      from ro_dispatches d join users u on u.id = d.technician_id where d.ro_id = l.parent_id and d.line_key = l.line_key)
    where l.parent_id = ${roId} and l.line_key in (${sql.join(lineKeys)})`.execute(db);
}

/** A reworked line's dispatches go back to the technicians: 已派工 again, their finish cleared, counted once more. */
export async function reopenDispatches(db: Kysely<Database>, roId: number, lineKeys: readonly string[]): Promise<void> {
  if (lineKeys.length === 0) return;
  await sql`update ro_dispatches set status = ${LINE_STATUS.dispatched}, finish_at = null, rework_count = rework_count + 1, updated_at = now()
    where ro_id = ${roId} and line_key in (${sql.join(lineKeys)})`.execute(db);
}

/** The dispatch with the largest share of each line: who answers for a line that fails inspection by default. */
export async function mainTechnicians(db: Kysely<Database>, roId: number): Promise<Map<string, number>> {
  const { rows } = await sql<{ lineKey: string; technicianId: number }>`select distinct on (line_key) line_key as "lineKey", technician_id as "technicianId"
    from ro_dispatches where ro_id = ${roId} order by line_key, share_rate desc, id`.execute(db);
  return new Map(rows.map((r) => [r.lineKey, Number(r.technicianId)]));
}

export async function holdsRole(db: Kysely<Database>, userId: number, roleCode: string): Promise<boolean> {
  const row = await withPermissionTables(db)
    .selectFrom('userRoles as ur')
    .innerJoin('roles as r', 'r.id', 'ur.roleId')
    .select('r.id')
    .where('ur.userId', '=', userId)
    .where('r.roleCode', '=', roleCode)
    .executeTakeFirst();
  return row !== undefined;
}

/** 审核人 or the repair manager: who answers for a cancelled settlement or a car let go on credit. */
export async function isReviewer(db: Kysely<Database>, user: { id: number; positions: readonly string[] }): Promise<boolean> {
  return user.positions.includes('SHR') || (await holdsRole(db, user.id, 'WXJL'));
}

/** The dealer's users holding a role (the repair manager's messages). */
export async function usersWithRole(db: Kysely<Database>, ownerCode: string, roleCode: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`select distinct u.id from users u join organizations o on o.id = u.org_id
      join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
    where o.org_code = ${ownerCode} and r.role_code = ${roleCode} order by u.id`.execute(db);
  return rows.map((r) => Number(r.id));
}

/** A message in the users' 消息中心 (the header bell), about an order. */
export async function postMessage(db: Kysely<Database>, userIds: readonly number[], message: { title: string; content: string; roNo: string | null }): Promise<void> {
  for (const userId of new Set(userIds)) {
    await sql`insert into messages (app_id, user_id, remind_type, title, content, ro_no) values (${MESSAGE_APP_ID}, ${userId}, ${REMIND_TYPE.repairOrder}, ${message.title}, ${message.content}, ${message.roNo})`.execute(db);
  }
}

// 派工 needs a hook: a technician sees and works only their own dispatches (开工/完工 on own lines), a line can start
// only once the order is released to the workshop, and each step moves the order's labour line (维修中, then 已完工 when
// every technician of the line has finished) under the order's row lock.
import { sql } from 'kysely';
import { ApiError } from '../http/errors';
import type { ModelHooks } from '../models/modelHooks';
import type { RoDispatchRecord } from './modelRecords';
import { lockOrder, refreshCounters, setLineStatus } from './repair/orderState';
import { LINE_STATUS, REPAIR_TEXT, RO_STATUS } from './repair/repairRules';

export const roDispatchHooks: ModelHooks<RoDispatchRecord> = {
  // A technician's board and the order's 派工 tab show the technician's own dispatches.
  scope: ({ user }, alias) => (user.positions.includes('JS') ? sql<boolean>`${sql.ref(`${alias}.technicianId`)} = ${user.id}` : undefined),

  async beforeTransition({ db, user }, _name, record) {
    if (Number(record.technicianId) !== user.id) throw new ApiError('forbidden', REPAIR_TEXT.notOwnDispatch);
    const roId = Number(record.roId);
    await lockOrder(db, roId);
    const { rows } = await sql<{ status: string }>`select status from repair_orders where id = ${roId}`.execute(db);
    if (rows[0]?.status !== RO_STATUS.repairing) throw new ApiError('invalidInput', REPAIR_TEXT.orderNotRepairing);
  },

  async afterTransition({ db }, name, record) {
    const roId = Number(record.roId);
    const key = String(record.lineKey);
    if (name === 'start') await setLineStatus(db, roId, [key], LINE_STATUS.repairing);
    if (name === 'finish') {
      const { rows } = await sql<{ open: number }>`select count(*)::int as open from ro_dispatches where ro_id = ${roId} and line_key = ${key} and status <> ${LINE_STATUS.finished}`.execute(db);
      if (Number(rows[0]?.open) === 0) await setLineStatus(db, roId, [key], LINE_STATUS.finished);
    }
    await refreshCounters(db, roId);
  },
};

// 预约时段 needs a hook: slots start on the half hour between 08:00 and 17:30, one row per weekday and start per dealer,
// and calculateBookingOrder (remaining appointments of a day) is not a list.
import { ApiError } from '../http/errors';
import type { ModelHooks } from '../models/modelHooks';
import type { BookingSlotRecord } from './modelRecords';
import { sql } from 'kysely';
import { availability } from './repair/bookingSlots';

const SLOT = /^(0[89]|1[0-7]):(00|30)$/;

export const bookingSlotHooks: ModelHooks<BookingSlotRecord> = {
  rowName: (row) => `星期${String(row.weekday ?? '')} ${String(row.slotStart ?? '')}`,

  options: {
    enabled: [
      { value: '1', text: '启用' },
      { value: '0', text: '停用' },
    ],
  },

  async beforeWrite({ db, user }, { values, current, problems, prefix }) {
    values.enabled = values.enabled === '0' ? '0' : '1';
    if (!SLOT.test(String(values.slotStart ?? ''))) problems.push(`${prefix}开始时刻应为08:00至17:30之间的整点或半点`);
    const { rows } = await sql<{ id: number }>`select id from booking_slots where owner_code = ${String(current?.ownerCode ?? user.ownerCode ?? '')} and weekday = ${Number(values.weekday)} and slot_start = ${String(values.slotStart ?? '')} and id <> ${Number(current?.id ?? 0)}`.execute(db);
    if (rows.length > 0) problems.push(`${prefix}该时段已存在`);
  },

  calls: {
    /** BookingRegister/calculateBookingOrder?date=YYYY-MM-DD: the dealer's slots of that day and what remains of each. */
    async calculateBookingOrder({ db, user }, { query }) {
      if (!user.ownerCode) throw new ApiError('forbidden', '剩余可约数按经销商计算，请使用经销商账号');
      return availability(db, user.ownerCode, String(query.date));
    },
  },
};

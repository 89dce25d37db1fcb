// 客户接待 needs a hook: the receiving advisor takes the vehicle's lock (others are refused with 正在由{name}接待, and
// see it in the list), a holder's save renews it, lockUserOrUnLock takes or gives it back (the holder or a repair
// manager), 开单 turns the reception into a repair order (the booking it came from arrives, the lock is released), and the
// reception's print and the repair types with their charge types are not JSON.
import { sql } from 'kysely';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';
import { isBlank } from '../models/fieldValues';
import type { HookContext, ModelHooks, RecordValues } from '../models/modelHooks';
import type { CustomerReceptionRecord } from './modelRecords';
import { holdsRole } from './repair/orderState';
import { isLive, refuseIfLocked, serialiseVehicle } from './repair/receptionLocks';
import { CHARGE_TYPES, RECEPTION_STATUS, REPAIR_TEXT, REPAIR_TYPE_CHARGE, CHARGE, VISIT_TYPE } from './repair/repairRules';

const BOOKING_ARRIVABLE = ['80511001', '80511002'];

/** The reception in the call's transaction, locked, within the user's scope. */
async function receptionOf(context: HookContext, id: number): Promise<RecordValues> {
  const reception = await context.records!('customerReception').find(id);
  if (!reception) throw new ApiError('notFound');
  return reception;
}

const lockText = (row: RecordValues) => (row.status === RECEPTION_STATUS.receiving && row.lockedBy && isLive(row.lockedAt) ? REPAIR_TEXT.lockedBy(String(row.lockedByName ?? '')) : null);

async function setLock(context: HookContext, id: number, holder: number | null): Promise<void> {
  await sql`update customer_receptions set locked_by = ${holder}, locked_at = ${holder === null ? null : new Date()}, updated_at = now(), updated_by = ${context.user.id} where id = ${id}`.execute(context.db);
}

export const customerReceptionHooks: ModelHooks<CustomerReceptionRecord> = {
  async beforeWrite(context, { op, values, current, problems }) {
    const { db, user } = context;
    const ownerCode = String(current?.ownerCode ?? user.ownerCode ?? '');
    const vin = String(values.vin ?? '');
    if (vin.length !== 17) return;
    // Nobody else is receiving the vehicle; the one saving holds it from now (a save renews the holder's lock).
    await refuseIfLocked(db, ownerCode, vin, user.id, current ? Number(current.id) : undefined);
    if (current && current.lockedBy && Number(current.lockedBy) !== user.id && isLive(current.lockedAt)) problems.push(REPAIR_TEXT.lockedBy(String(current.lockedByName ?? '')));
    values.lockedBy = user.id;
    values.lockedAt = formatDateTime(new Date());
    if (op === 'create') {
      values.advisorId = user.id;
      if (!isBlank(values.bookingNo)) values.visitType = VISIT_TYPE.booked;
      const { rows } = await sql<{ customerId: number }>`select customer_id as "customerId" from vehicles where vin = ${vin} and owner_code = ${ownerCode}`.execute(db);
      values.customerId = rows[0] ? Number(rows[0].customerId) : null;
    }
  },

  decorate(_db, rows) {
    for (const row of rows) row.lockText = lockText(row);
    return Promise.resolve();
  },

  async afterTransition({ db }, name, record) {
    if (name === 'cancel' || name === 'open') await sql`update customer_receptions set locked_by = null, locked_at = null where id = ${Number(record.id)}`.execute(db);
  },

  calls: {
    /** CustomerReception/getRepairTypeInfo: the repair types with the charge type their lines take by default. */
    async getRepairTypeInfo({ db }) {
      const types = await db.selectFrom('repairTypes').select(['code', 'name']).orderBy('sort').execute();
      return types.map((t) => {
        const chargeType = REPAIR_TYPE_CHARGE[t.code] ?? CHARGE.customer;
        return { ...t, chargeType, chargeTypeName: CHARGE_TYPES.find((c) => c.code === chargeType)!.name };
      });
    },

    /** CustomerReception/getPrint?id=: the reception as its 接车单 prints it. */
    async getPrint(_context, { query, reads }) {
      const reception = await reads.get(Number(query.id));
      return { ...reception, printedAt: formatDateTime(new Date()) };
    },

    /** CustomerReception/lockUserOrUnLock?id=&lockType=lock|unlock (GET, as the spec calls it). */
    async lockUserOrUnLock(context, { query }) {
      const id = Number(query.id);
      const reception = await receptionOf(context, id);
      await serialiseVehicle(context.db, String(reception.ownerCode), String(reception.vin));
      const fresh = await receptionOf(context, id);
      if (fresh.status !== RECEPTION_STATUS.receiving) throw new ApiError('invalidInput', REPAIR_TEXT.receptionClosed);
      const holder = fresh.lockedBy && isLive(fresh.lockedAt) ? Number(fresh.lockedBy) : null;
      if (query.lockType === 'lock') {
        await refuseIfLocked(context.db, String(fresh.ownerCode), String(fresh.vin), context.user.id, id);
        if (holder !== null && holder !== context.user.id) throw new ApiError('conflict', REPAIR_TEXT.lockedBy(String(fresh.lockedByName ?? '')));
        await setLock(context, id, context.user.id);
      } else if (holder !== null) {
        if (holder !== context.user.id && !(await holdsRole(context.db, context.user.id, 'WXJL'))) throw new ApiError('forbidden', REPAIR_TEXT.notHolder);
        await setLock(context, id, null);
      }
      const after = await receptionOf(context, id);
      return { id, lockedBy: after.lockedBy, lockedByName: after.lockedByName ?? null, lockedAt: after.lockedAt, lockText: lockText(after) };
    },

    /** 开单: the repair order of this reception (the advisor holds the vehicle), the booking arrived, the lock released. */
    async openOrder(context, { params, body }) {
      const id = Number(params.id);
      const reception = await receptionOf(context, id);
      if (reception.status !== RECEPTION_STATUS.receiving) throw new ApiError('invalidInput', REPAIR_TEXT.receptionClosed);
      const extra = (body && typeof body === 'object' ? body : {}) as RecordValues;
      const order = await context.records!('repairOrder').create({
        vin: reception.vin,
        plateNo: reception.plateNo,
        customerName: reception.customerName,
        phone: reception.phone,
        repairTypeCode: reception.repairTypeCode,
        mileage: reception.mileage,
        faultDesc: reception.faultDesc,
        bookingNo: reception.bookingNo,
        receptionNo: reception.receptionNo,
        ...(isBlank(extra.promisedAt) ? {} : { promisedAt: extra.promisedAt }),
        ...(isBlank(extra.senderName) ? {} : { senderName: extra.senderName, senderPhone: extra.senderPhone }),
        ...(Array.isArray(extra.labourLines) ? { labourLines: extra.labourLines } : {}),
        ...(Array.isArray(extra.partLines) ? { partLines: extra.partLines } : {}),
      });
      await sql`update customer_receptions set ro_no = ${String(order.roNo)}, ro_id = ${Number(order.id)} where id = ${id}`.execute(context.db);
      await context.records!('customerReception').transition(id, 'open');
      if (!isBlank(reception.bookingNo)) {
        const bookings = context.records!('booking');
        for (const bookingId of await bookings.idsWhere({ bookingNo: reception.bookingNo })) {
          const booking = await bookings.find(bookingId);
          if (booking && BOOKING_ARRIVABLE.includes(String(booking.status))) await bookings.transition(bookingId, 'arrive');
        }
      }
      return { id: order.id, roNo: order.roNo, receptionNo: reception.receptionNo };
    },
  },
};

// 试驾 needs a hook for what its JSON cannot say (domain.md §4): the drive is of a potential customer the user may see
// (name and phone taken from it) in one of the dealer's test-drive cars (its plate taken from the register); the staff
// is a test-drive specialist; starting takes the car, which must be free (one active drive per car, the car's row locked)
// with its mileage not above the start; finishing frees it at the end mileage and marks the customer's open reception
// as driven; and the spec's cancelOrFinishTestDrive, one call for both ends.
import { sql } from 'kysely';
import { holdsPosition } from '../data/employees';
import { ApiError } from '../http/errors';
import type { HookContext, ModelHooks, RecordValues } from '../models/modelHooks';
import type { TestDriveRecord } from './modelRecords';
import { codeName, consultantProblem, SALES_TEXT, TEST_DRIVE_STAFF } from './salesRules';

export const TEST_DRIVE_TEXT = {
  customer: '请选择试驾的潜客',
  car: '试驾车不存在或不在本店',
  carRetired: (plate: string) => `试驾车${plate}已退役`,
  carBusy: (plate: string, state: string) => `试驾车${plate}当前为“${state}”，不能开始试驾`,
  mileage: (plate: string, mileage: number) => `开始里程不能小于试驾车${plate}的当前里程${mileage}`,
  operate: '请指定试驾记录和操作（finish 结束试驾，cancel 取消试驾）',
} as const;

const CAR_FREE = '83191001';
const CAR_RETIRED = '83191004';

async function carOf(context: HookContext, vin: unknown): Promise<RecordValues & { id: number }> {
  const cars = context.records!('testDriveCar');
  const [id] = await cars.idsWhere({ vin: String(vin) });
  const car = id === undefined ? undefined : await cars.find(id);
  if (!car) throw new ApiError('invalidInput', TEST_DRIVE_TEXT.car);
  return { ...car, id: Number(car.id) };
}

export const testDriveHooks: ModelHooks<TestDriveRecord> = {
  async beforeWrite(context, change) {
    const { db, user } = context;
    const ownerCode = (change.current?.ownerCode as string | undefined) ?? user.ownerCode;
    if (!ownerCode) return;
    const { values } = change;
    if (values.potenId === null) return void change.problems.push(`${change.prefix}${TEST_DRIVE_TEXT.customer}`);
    const customer = await context.records!('potentialCustomer').find(Number(values.potenId));
    if (!customer) return void change.problems.push(`${change.prefix}${SALES_TEXT.potenMissing}`);
    values.customerName = String(customer.name);
    values.phone = String(customer.phone);
    const problem = await consultantProblem(db, values.consultantId, ownerCode);
    if (problem) change.problems.push(`${change.prefix}${problem}`);
    if (values.staffId !== null && !(await holdsPosition(db, Number(values.staffId), ownerCode, TEST_DRIVE_STAFF))) change.problems.push(`${change.prefix}${SALES_TEXT.notTestDriveStaff}`);
    if (values.carVin === null) return;
    const { rows } = await sql<{ plateNo: string; status: string }>`select plate_no, status from test_drive_cars where vin = ${values.carVin} and owner_code = ${ownerCode}`.execute(db);
    if (!rows[0]) return void change.problems.push(`${change.prefix}${TEST_DRIVE_TEXT.car}`);
    if (rows[0].status === CAR_RETIRED) change.problems.push(`${change.prefix}${TEST_DRIVE_TEXT.carRetired(rows[0].plateNo)}`);
    values.plateNo = rows[0].plateNo;
  },

  async beforeTransition(context, transition, record, values) {
    if (transition === 'start') {
      if (!(await holdsPosition(context.db, Number(values.staffId ?? record.staffId), String(record.ownerCode), TEST_DRIVE_STAFF))) throw new ApiError('invalidInput', SALES_TEXT.notTestDriveStaff);
      // The car's row is locked by find: two drives starting in one car are checked one after the other.
      const car = await carOf(context, record.carVin);
      if (car.status !== CAR_FREE) throw new ApiError('invalidInput', TEST_DRIVE_TEXT.carBusy(String(car.plateNo), await codeName(context.db, car.status)));
      const start = Number(values.startMileage ?? record.startMileage);
      if (start < Number(car.mileage ?? 0)) throw new ApiError('invalidInput', TEST_DRIVE_TEXT.mileage(String(car.plateNo), Number(car.mileage)));
      await context.records!('testDriveCar').transition(car.id, 'occupy');
    }
    if (transition === 'finish') {
      const car = await carOf(context, record.carVin);
      await context.records!('testDriveCar').transition(car.id, 'free');
      await context.records!('testDriveCar').update(car.id, { mileage: Number(values.endMileage ?? record.endMileage) });
      await sql`update showroom_receptions set test_driven = '1' where poten_id = ${Number(record.potenId)} and status = '83181001'`.execute(context.db);
    }
  },

  calls: {
    /** testDrive/cancelOrFinishTestDrive `{ id, operate: finish | cancel, ... }`: the drive's 结束试驾 or 取消试驾 with its fields. */
    async cancelOrFinishTestDrive(context, { body, reads }) {
      const { id, operate, ...input } = (body ?? {}) as RecordValues & { id?: unknown; operate?: unknown };
      if (!Number.isSafeInteger(Number(id)) || Number(id) <= 0 || (operate !== 'finish' && operate !== 'cancel')) throw new ApiError('invalidInput', TEST_DRIVE_TEXT.operate);
      await context.records!('testDrive').transition(Number(id), operate, input);
      return reads.get(Number(id));
    },
  },
};

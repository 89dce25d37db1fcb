// The model engine (server/models) over the fixture models of tests/fixtures/models (维修工单 with every field type, its
// 维修项目 lines, a naming series and a state flow; 客户 as the referenced model), on PGlite or PostgreSQL as TEST_DB
// says: values both ways, lines and computed totals, numbers under concurrency, transitions, additive migrations, the
// list's filters and sort, and the batch save. Every refusal is a Chinese message and writes nothing.
import { sql, type Kysely } from 'kysely';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vinCheckDigit } from '../../schemas/formats/formats';
import type { Model } from '../../schemas/model/model.types';
import { createPGlite, openDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import type { Database } from '../../server/db/schema';
import { ApiError } from '../../server/http/errors';
import { loadSessionUser, type SessionUser } from '../../server/http/session';
import { loadModels, type LoadedModel } from '../../server/models/modelCatalogue';
import type { ModelHooks, RecordValues } from '../../server/models/modelHooks';
import { migrateModels, ModelMigrationError } from '../../server/models/modelMigrations';
import { getRecord, listRecords, type ReadContext } from '../../server/models/modelReads';
import { createRecord, deleteRecord, saveBatch, transitionRecord, updateRecord } from '../../server/models/modelWrites';
import { seedIfEmpty } from '../../server/seed';
import { createPostgresDatabase } from '../support/postgresDatabase';
import { DB_KIND, TEST_ANCHOR_DATE } from './harness';

const FIXTURES = 'tests/fixtures/models';
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Model;
const REPAIR_ORDER = readJson(`${FIXTURES}/repair/repairOrder.json`);
const CUSTOMER = readJson(`${FIXTURES}/org/customer.json`);

/** Models checked as the server checks them (schema, names, refs, expressions), from JSON values. */
const modelsOf = (...models: Model[]): LoadedModel[] => loadModels(join(FIXTURES, 'engine'), models.map((value) => ({ file: `${FIXTURES}/engine/${value.name}.json`, value })));

const FILE_URL = '/api/file/download/0123456789abcdef0123456789abcdef';
/** A VIN with its check digit (position 9) made right. */
const vinOf = (draft: string) => `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
const VIN = 'LSVAU218XN2183294';
const VIN_2 = vinOf('LFV2A21K057391822');
const VIN_3 = vinOf('LSGPC52U06F123456');

/** The ApiError a call is refused with; fails the test if the call succeeds. */
async function refusal(work: Promise<unknown>): Promise<ApiError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('应被拒绝，却成功了');
}

async function openTestDatabase(): Promise<{ db: Kysely<Database>; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dms-model-engine-'));
  if (DB_KIND === 'postgres') {
    const postgres = await createPostgresDatabase();
    const opened = await openDatabase({ dataDir, databaseUrl: postgres.url });
    return {
      db: opened.db,
      close: async () => {
        await opened.close();
        await postgres.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const pglite = await createPGlite();
  const opened = await openDatabase({ dataDir, pglite });
  return {
    db: opened.db,
    close: async () => {
      await opened.close();
      await pglite.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

describe(`model engine over the fixture models (${DB_KIND})`, () => {
  let db: Kysely<Database>;
  let close: () => Promise<void>;
  let models: LoadedModel[];
  let byName: Map<string, LoadedModel>;
  let firstChanges: string[];
  /** 北京 dealer D11001's service advisor, another dealer's (D31001), and the manufacturer's administrator. */
  let advisor: SessionUser;
  let otherDealer: SessionUser;
  let admin: SessionUser;
  let customerId: number;
  let theirCustomerId: number;

  const userOf = async (userCode: string) => {
    const row = await db.selectFrom('users').select('id').where('userCode', '=', userCode).executeTakeFirstOrThrow();
    return (await loadSessionUser(db, row.id))!;
  };
  const context = (name: string, user = advisor, hooks?: ModelHooks): ReadContext => ({ db, user, loaded: byName.get(name)!, hooks, models: byName });
  const count = async (table: string, where = sql`true`) => Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(db)).rows[0]!.n);
  const orders = () => count('fixture_repair_orders');
  const lines = (parentId?: number) => count('fixture_repair_order_labours', parentId === undefined ? sql`true` : sql`parent_id = ${parentId}`);
  const newOrder = (values: RecordValues = {}, user = advisor) =>
    createRecord(context('repairOrder', user), { customer: user === otherDealer ? theirCustomerId : customerId, vin: VIN, plateNo: '京A12345', ...values });

  beforeAll(async () => {
    ({ db, close } = await openTestDatabase());
    await migrateToLatest(db);
    await seedIfEmpty(db, { anchorDate: TEST_ANCHOR_DATE });
    models = modelsOf(REPAIR_ORDER, CUSTOMER);
    byName = new Map(models.map((m) => [m.model.name, m]));
    firstChanges = await migrateModels(db, models);
    [advisor, otherDealer, admin] = await Promise.all([userOf('d11001fwgw'), userOf('d31001fwgw'), userOf('admin')]);
    customerId = Number((await createRecord(context('customer'), { customerName: '张三', mobile: '13800138000', gender: '10021001' })).id);
    theirCustomerId = Number((await createRecord(context('customer', otherDealer), { customerName: '钱多多', mobile: '13800138000' })).id);
  });
  afterAll(async () => close?.());

  describe('field values', () => {
    it('round-trips every field type: create, then get answers each value in its own form', async () => {
      const created = await newOrder({
        vin: VIN.toLowerCase(),
        plateNo: '京a12345',
        remark: '  客户说左前轮异响  ',
        notice: '<p onclick="steal()">请<b>签字</b><script>alert(1)</script></p>',
        mileage: 2_000_000,
        fuelLevel: '37.5',
        roDate: '2026-06-01',
        deliveryTime: '2026-06-30 23:30:00',
        settleMonth: '2026-06',
        bookedClock: '09:30:00',
        warranty: true,
        tags: ['加急', '常规', '加急'],
        photo: FILE_URL,
        attachments: [{ name: '委托书.pdf', url: FILE_URL }],
        extra: { source: '400', codes: [1, '二'], nested: { ok: true } },
      });
      const got = await getRecord(context('repairOrder'), Number(created.id));
      expect(got).toEqual(created);
      expect(got).toMatchObject({
        roNo: 'ROD110012606010001',
        vin: VIN,
        plateNo: '京A12345',
        remark: '客户说左前轮异响',
        notice: '<p>请<b>签字</b></p>',
        mileage: 2_000_000,
        fuelLevel: '37.50',
        roDate: '2026-06-01',
        deliveryTime: '2026-06-30 23:30:00',
        settleMonth: '2026-06',
        bookedClock: '09:30:00',
        warranty: true,
        roStatus: '80211001',
        customer: customerId,
        customerName: '张三',
        serviceAdvisor: advisor.id,
        advisorName: advisor.employeeName,
        tags: ['加急', '常规'],
        photo: FILE_URL,
        attachments: [{ name: '委托书.pdf', url: FILE_URL }],
        extra: { source: '400', codes: [1, '二'], nested: { ok: true } },
        ownerCode: 'D11001',
        labours: [],
        labourAmount: '0.00',
        totalAmount: '0.00',
      });
      // The datetime is the instant of Beijing 23:30 (15:30 UTC), whatever the session's time zone.
      const { rows } = await sql<{ epoch: number }>`select extract(epoch from delivery_time)::bigint as epoch from fixture_repair_orders where id = ${created.id}`.execute(db);
      expect(Number(rows[0]!.epoch)).toBe(Date.parse('2026-06-30T15:30:00Z') / 1000);
    });

    it('fills defaults: today, the user, the list default, false and the initial state', async () => {
      const created = await newOrder();
      expect(created).toMatchObject({ mileage: 0, warranty: false, serviceAdvisor: advisor.id, tags: ['常规'], roStatus: '80211001', fuelLevel: null, extra: null, attachments: [] });
      expect(created.roDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(created.deliveryTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });

    it('refuses every bad value at once, each named by its field in Chinese, and writes nothing', async () => {
      const [before, linesBefore] = [await orders(), await lines()];
      const error = await refusal(
        newOrder({
          vin: 'LSVAU218XN218329',
          plateNo: '京A1234567',
          remark: '长'.repeat(2001),
          mileage: 2_000_001,
          fuelLevel: '1.234',
          roDate: '2026-02-30',
          deliveryTime: '2026-06-30 24:00:00',
          settleMonth: '2026-13',
          bookedClock: '9:30',
          warranty: 'yes',
          photo: 'http://evil.example/x.png',
          attachments: [{ name: 'a.pdf', url: '/api/file/download/../../etc/passwd' }],
          customer: 99_999_999,
        }),
      );
      expect(error.resultCode).toBe(400);
      for (const problem of [
        'VIN格式不正确',
        '车牌号格式不正确',
        '备注不能超过2000个字',
        '进厂里程不能大于2000000',
        '油量最多保留两位小数',
        '开单日期应为日期（YYYY-MM-DD）',
        '预计交车应为时间（YYYY-MM-DD HH:mm:ss）',
        '结算月份应为月份（YYYY-MM）',
        '预约时段应为时刻（HH:mm:ss）',
        '索赔应为是或否',
        '车辆照片的文件地址不正确',
        '附件的文件地址不正确',
      ]) {
        expect(error.message).toContain(problem);
      }
      expect([await orders(), await lines()]).toEqual([before, linesBefore]);
    });

    it('checks int bounds and type, decimal scale and range, and money that may not be negative', async () => {
      const before = await orders();
      expect((await refusal(newOrder({ mileage: -1 }))).message).toBe('进厂里程不能小于0');
      expect((await refusal(newOrder({ mileage: 1.5 }))).message).toBe('进厂里程应为整数');
      expect((await refusal(newOrder({ mileage: '12公里' }))).message).toBe('进厂里程应为整数');
      // numeric(5,2): three integer digits, two decimals, and the field's own max of 100.
      expect((await refusal(newOrder({ fuelLevel: '1000' }))).message).toBe('油量超出范围');
      expect((await refusal(newOrder({ fuelLevel: '100.01' }))).message).toBe('油量不能大于100');
      expect((await refusal(newOrder({ fuelLevel: 'abc' }))).message).toBe('油量应为数字');
      expect((await refusal(newOrder({ labours: [{ labourName: '检查', price: '1.005' }] }))).message).toBe('维修项目第1行：单价最多保留两位小数');
      expect((await refusal(newOrder({ labours: [{ labourName: '检查', price: '12345678901' }] }))).message).toBe('维修项目第1行：单价超出范围');
      expect((await refusal(newOrder({ labours: [{ labourName: '检查', price: '-0.01' }] }))).message).toBe('维修项目第1行：单价不能小于0');
      expect(await orders()).toBe(before);
      // Trailing zeros are not extra decimals; numbers and text are read the same.
      const ok = await newOrder({ fuelLevel: '99.990', labours: [{ labourName: '检查', price: 80, hours: '0.5' }] });
      expect(ok).toMatchObject({ fuelLevel: '99.99', labours: [{ price: '80.00', hours: '0.50', amount: '40.00' }] });
    });

    it('refuses a dictionary code that does not exist, and a reference to no record or to another dealer’s', async () => {
      expect((await refusal(createRecord(context('customer'), { customerName: '李四', gender: '10029999' }))).message).toBe('性别不存在');
      expect((await refusal(newOrder({ customer: 99_999_999 }))).message).toBe('客户不存在');
      const theirs = await createRecord(context('customer', otherDealer), { customerName: '王五', gender: '10021002' });
      expect(theirs).toMatchObject({ ownerCode: 'D31001', gender: '10021002' });
      expect((await refusal(newOrder({ customer: theirs.id }))).message).toBe('客户不存在');
      expect((await refusal(newOrder({ serviceAdvisor: 99_999_999 }))).message).toBe('服务顾问不存在');
    });

    it('answers a ref’s title under its `as` name: the customer’s name and the advisor’s', async () => {
      const technician = await userOf('d11001js');
      const created = await newOrder({ serviceAdvisor: technician.id });
      expect(created).toMatchObject({ customer: customerId, customerName: '张三', serviceAdvisor: technician.id, advisorName: technician.employeeName });
      const page = await listRecords(context('repairOrder'), { page: 1, pageSize: 5, params: { roNo: String(created.roNo) } });
      expect(page.items[0]).toMatchObject({ customerName: '张三', advisorName: technician.employeeName });
    });
  });

  describe('owner of a new record', () => {
    it('is the dealer user’s own dealer, whatever the request names; the manufacturer names one within its scope', async () => {
      expect((await createRecord(context('customer'), { customerName: '本店', ownerCode: 'D31001' })).ownerCode).toBe('D11001');
      expect((await createRecord(context('customer', admin), { customerName: '厂端代建', ownerCode: 'D31001' })).ownerCode).toBe('D31001');
      const before = await count('fixture_customers');
      expect(await refusal(createRecord(context('customer', admin), { customerName: '未选经销商' }))).toMatchObject({ resultCode: 400, message: '请选择经销商' });
      expect(await refusal(createRecord(context('customer', admin), { customerName: '无此经销商', ownerCode: 'D99999' }))).toMatchObject({ message: '经销商不存在或不在您的管辖范围内' });
      // A region names only the dealers it covers.
      const region = await userOf('rsmanager');
      expect(await refusal(createRecord(context('customer', region), { customerName: '别区经销商', ownerCode: 'D11001' }))).toMatchObject({ message: '经销商不存在或不在您的管辖范围内' });
      expect(await count('fixture_customers')).toBe(before);
    });
  });

  describe('child lines and computed totals', () => {
    it('saves the lines with the record and computes each line’s amount and the totals exactly (0.1 + 0.2 is 0.30)', async () => {
      const created = await newOrder({ labours: [{ labourName: '更换机油', price: '0.1' }, { labourName: '检查', price: '0.2' }] });
      expect(created).toMatchObject({
        labourAmount: '0.30',
        totalAmount: '0.32',
        labours: [
          { lineNo: 1, labourName: '更换机油', hours: '1.00', price: '0.10', amount: '0.10' },
          { lineNo: 2, labourName: '检查', hours: '1.00', price: '0.20', amount: '0.20' },
        ],
      });
      expect(await lines(Number(created.id))).toBe(2);
      // 1.05 + 0.20 = 1.25; × 1.06 = 1.325, rounded half up to 1.33 (in floating point 1.325 is 1.3249999…).
      const rounded = await newOrder({ labours: [{ labourName: '钣金', hours: '1.5', price: '0.7' }, { labourName: '检查', price: '0.2' }] });
      expect(rounded).toMatchObject({ labourAmount: '1.25', totalAmount: '1.33', labours: [{ amount: '1.05' }, { amount: '0.20' }] });
      const { rows } = await sql<{ labourAmount: string; totalAmount: string }>`select labour_amount::text as labour_amount, total_amount::text as total_amount from fixture_repair_orders where id = ${rounded.id}`.execute(db);
      expect(rows[0]).toEqual({ labourAmount: '1.25', totalAmount: '1.33' });
    });

    it('replaces the lines on update and recomputes the totals; an update without lines keeps them', async () => {
      const created = await newOrder({ labours: [{ labourName: 'A', price: '10' }, { labourName: 'B', price: '20' }, { labourName: 'C', price: '30' }] });
      const id = Number(created.id);
      const { after } = await updateRecord(context('repairOrder'), id, { labours: [{ labourName: 'D', hours: '2', price: '12.34' }] });
      expect(after).toMatchObject({ labourAmount: '24.68', totalAmount: '26.16', labours: [{ lineNo: 1, labourName: 'D', amount: '24.68' }] });
      expect(await lines(id)).toBe(1);
      const kept = await updateRecord(context('repairOrder'), id, { remark: '只改备注' });
      expect(kept.after).toMatchObject({ remark: '只改备注', labourAmount: '24.68', labours: [{ labourName: 'D' }] });
      expect(await lines(id)).toBe(1);
    });

    it('refuses the whole record for one bad line, on create and on update, and writes nothing', async () => {
      const [before, linesBefore] = [await orders(), await lines()];
      const error = await refusal(newOrder({ labours: [{ labourName: '好的一行', price: '10' }, { labourName: '', price: 'x' }] }));
      expect(error.message).toBe('维修项目第2行：单价应为数字；维修项目第2行：项目名称不能为空');
      expect([await orders(), await lines()]).toEqual([before, linesBefore]);

      const created = await newOrder({ labours: [{ labourName: '原有', price: '5' }] });
      const id = Number(created.id);
      expect((await refusal(updateRecord(context('repairOrder'), id, { remark: '不应保存', labours: [{ labourName: '新的', price: '1' }, { price: '2' }] }))).message).toBe('维修项目第2行：项目名称不能为空');
      expect(await getRecord(context('repairOrder'), id)).toEqual(created);
      expect(await lines(id)).toBe(1);
      expect((await refusal(newOrder({ labours: '不是列表' }))).message).toBe('维修项目应为列表');
    });

    it('deletes the lines with their record', async () => {
      const created = await newOrder({ labours: [{ labourName: 'A', price: '1' }, { labourName: 'B', price: '2' }] });
      await deleteRecord(context('repairOrder'), Number(created.id));
      expect(await lines(Number(created.id))).toBe(0);
      expect((await refusal(getRecord(context('repairOrder'), Number(created.id)))).resultCode).toBe(404);
    });
  });

  describe('naming series', () => {
    it('hands 20 concurrent creates 20 consecutive numbers, no gap and no duplicate', async () => {
      const created = await Promise.all(Array.from({ length: 20 }, () => newOrder({ roDate: '2026-05-01' })));
      const numbers = created.map((r) => String(r.roNo)).sort();
      expect(new Set(numbers).size).toBe(20);
      expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `ROD11001260501${String(i + 1).padStart(4, '0')}`));
      // Another dealer's series is its own.
      expect((await newOrder({ roDate: '2026-05-01' }, otherDealer)).roNo).toBe('ROD310012605010001');
    });

    it('gives back the number of a create that fails after taking it: the next create continues without a gap', async () => {
      expect((await newOrder({ roDate: '2026-05-02' })).roNo).toBe('ROD110012605020001');
      // A hook refusing after the record (and its number) is written: the whole transaction rolls back.
      const failing: ModelHooks = {
        afterWrite: () => {
          throw new ApiError('invalidInput', '钩子拒绝了这张工单');
        },
      };
      const before = await orders();
      const error = await refusal(createRecord(context('repairOrder', advisor, failing), { customer: customerId, roDate: '2026-05-02' }));
      expect(error.message).toBe('钩子拒绝了这张工单');
      expect(await orders()).toBe(before);
      expect((await newOrder({ roDate: '2026-05-02' })).roNo).toBe('ROD110012605020002');
      // A deleted record's number is never handed out again.
      const third = await newOrder({ roDate: '2026-05-02' });
      await deleteRecord(context('repairOrder'), Number(third.id));
      expect((await newOrder({ roDate: '2026-05-02' })).roNo).toBe('ROD110012605020004');
    });

    it('ignores a number sent by the client', async () => {
      const created = await newOrder({ roDate: '2026-05-03', roNo: 'MINE-001' });
      expect(created.roNo).toBe('ROD110012605030001');
    });
  });

  describe('transitions', () => {
    const orderState = async (id: number) => (await sql<{ roStatus: string; updatedAt: Date; serviceAdvisor: number | null }>`select ro_status, updated_at, service_advisor from fixture_repair_orders where id = ${id}`.execute(db)).rows[0]!;

    it('refuses a transition from the wrong state, in Chinese, and writes nothing', async () => {
      const { id } = await newOrder({ labours: [{ labourName: 'A', price: '1' }] });
      const before = await orderState(Number(id));
      const error = await refusal(transitionRecord(context('repairOrder'), Number(id), 'finish', {}));
      expect(error).toMatchObject({ resultCode: 400, message: '维修工单当前为“待派工”，不能完工' });
      expect(await orderState(Number(id))).toEqual(before);
    });

    it('refuses a dealer-side transition to a manufacturer user, whose scope does cover the record', async () => {
      const { id } = await newOrder();
      const before = await orderState(Number(id));
      expect(await getRecord(context('repairOrder', admin), Number(id))).toMatchObject({ id });
      const error = await refusal(transitionRecord(context('repairOrder', admin), Number(id), 'start', {}));
      expect(error).toMatchObject({ resultCode: 403, message: '派工只能由经销商操作' });
      expect(await orderState(Number(id))).toEqual(before);
    });

    it('refuses a transition whose required field is missing (前请填写) or not valid, and writes nothing', async () => {
      const { id } = await newOrder();
      await updateRecord(context('repairOrder'), Number(id), { serviceAdvisor: null });
      const before = await orderState(Number(id));
      expect(before.serviceAdvisor).toBeNull();
      expect(await refusal(transitionRecord(context('repairOrder'), Number(id), 'start', {}))).toMatchObject({ resultCode: 400, message: '派工前请填写：服务顾问' });
      expect(await refusal(transitionRecord(context('repairOrder'), Number(id), 'start', { serviceAdvisor: '' }))).toMatchObject({ message: '派工前请填写：服务顾问' });
      expect(await refusal(transitionRecord(context('repairOrder'), Number(id), 'start', { serviceAdvisor: 'abc' }))).toMatchObject({ message: '服务顾问不正确；派工前请填写：服务顾问' });
      expect(await refusal(transitionRecord(context('repairOrder'), Number(id), 'start', { serviceAdvisor: 99_999_999 }))).toMatchObject({ message: '服务顾问不存在' });
      expect(await orderState(Number(id))).toEqual(before);
      // Sent with the transition, the field is saved with the new state; nothing else is taken from the request.
      const { after } = await transitionRecord(context('repairOrder'), Number(id), 'start', { serviceAdvisor: advisor.id, remark: '不应保存', roStatus: '80211004' });
      expect(after).toMatchObject({ roStatus: '80211002', serviceAdvisor: advisor.id, remark: null });
    });

    it('refuses a transition whose guard is false with its guard message, and writes nothing', async () => {
      const { id } = await newOrder();
      await transitionRecord(context('repairOrder'), Number(id), 'start', {});
      const before = await orderState(Number(id));
      expect(await refusal(transitionRecord(context('repairOrder'), Number(id), 'finish', {}))).toMatchObject({ resultCode: 400, message: '请先添加维修项目' });
      expect(await orderState(Number(id))).toEqual(before);
    });

    it('changes the state with a valid transition, and the state’s rules for edits and deletes follow', async () => {
      const { id } = await newOrder({ labours: [{ labourName: 'A', price: '100' }] });
      const started = await transitionRecord(context('repairOrder'), Number(id), 'start', {});
      expect([started.before.roStatus, started.after.roStatus]).toEqual(['80211001', '80211002']);
      expect(await refusal(deleteRecord(context('repairOrder'), Number(id)))).toMatchObject({ resultCode: 400, message: '只有待派工状态的维修工单可以删除' });
      const finished = await transitionRecord(context('repairOrder'), Number(id), 'finish', {});
      expect(finished.after).toMatchObject({ roStatus: '80211003', totalAmount: '106.00' });
      expect(await refusal(updateRecord(context('repairOrder'), Number(id), { remark: '完工后修改' }))).toMatchObject({ resultCode: 400, message: '当前状态不能修改维修工单' });
      // The state is the transitions' alone: a create or an update cannot set it.
      const other = await newOrder({ roStatus: '80211004' });
      expect(other.roStatus).toBe('80211001');
      expect((await updateRecord(context('repairOrder'), Number(other.id), { roStatus: '80211004' })).after.roStatus).toBe('80211001');
    });
  });

  describe("another model's records from a hook (HookContext.records)", () => {
    // A customer written by the order's hook goes through the engine: numbering, checks and the customer's own hooks
    // apply, it commits or rolls back with the order, and `ownerCode` acts for another dealer.
    /** The dealer each customer write was for, as its hook saw it. */
    const ownersSeen: (string | undefined)[] = [];
    const customerHooks: ModelHooks = {
      beforeWrite(_context, change) {
        ownersSeen.push(change.ownerCode);
        if (change.values.customerName === '拒收') change.problems.push('客户钩子拒绝');
      },
    };
    const orderHooks = (ownerCode?: string): ModelHooks => ({
      async afterWrite(hook, record, op) {
        if (op !== 'create') return;
        const customers = hook.records!('customer', ownerCode ? { ownerCode } : undefined);
        const made = await customers.create({ customerName: String(record.remark ?? '随单客户'), mobile: null });
        const ids = await customers.idsWhere({ customerName: made.customerName });
        expect(ids).toContain(made.id);
        await customers.update(made.id, { gender: '10021002' });
        expect(await customers.find(made.id)).toMatchObject({ gender: '10021002' });
      },
      async afterTransition(hook, transition, record) {
        if (transition === 'start') await hook.records!('repairOrder').update(Number(record.id), { remark: '派工时由钩子写入' });
      },
    });
    const withHooks = (name: string, hooks: ModelHooks, user = advisor): ReadContext => ({ ...context(name, user, hooks), allHooks: { repairOrder: hooks, customer: customerHooks } });

    it('creates, finds and updates a record of another model in the same transaction, for the user\'s dealer or a named one', async () => {
      const mine = await createRecord(withHooks('repairOrder', orderHooks()), { customer: customerId, vin: VIN, plateNo: '京A12345', remark: '钩子客户甲' });
      const made = await sql<{ ownerCode: string; gender: string }>`select owner_code, gender from fixture_customers where customer_name = '钩子客户甲'`.execute(db);
      expect(made.rows).toEqual([{ ownerCode: 'D11001', gender: '10021002' }]);
      await createRecord(withHooks('repairOrder', orderHooks('D31001')), { customer: customerId, vin: VIN, plateNo: '京A12345', remark: '钩子客户乙' });
      const theirs = await sql<{ ownerCode: string }>`select owner_code from fixture_customers where customer_name = '钩子客户乙'`.execute(db);
      expect(theirs.rows).toEqual([{ ownerCode: 'D31001' }]);
      // The other model's hook is told whose record it writes: the user's dealer, or the one acted for (create and update).
      expect(ownersSeen).toEqual(['D11001', 'D11001', 'D31001', 'D31001']);
      // A transition's hook writes through the engine too.
      await transitionRecord(withHooks('repairOrder', orderHooks()), Number(mine.id), 'start', {});
      expect(await getRecord(context('repairOrder'), Number(mine.id))).toMatchObject({ remark: '派工时由钩子写入', roStatus: '80211002' });
    });

    it("rolls the order back with the other record when the other model's checks refuse it", async () => {
      const [ordersBefore, customersBefore] = [await orders(), await count('fixture_customers')];
      expect(await refusal(createRecord(withHooks('repairOrder', orderHooks()), { customer: customerId, vin: VIN, plateNo: '京A12345', remark: '拒收' }))).toMatchObject({ resultCode: 400, message: '客户钩子拒绝' });
      expect([await orders(), await count('fixture_customers')]).toEqual([ordersBefore, customersBefore]);
    });

    it('refuses to perform an approval transition from a hook', async () => {
      const { id } = await newOrder({ labours: [{ labourName: 'A', price: '100' }] });
      const settleHooks: ModelHooks = {
        async afterWrite(hook, record, op) {
          if (op === 'update') await hook.records!('repairOrder').transition(Number(record.id), 'settle');
        },
      };
      await expect(updateRecord(withHooks('repairOrder', settleHooks), Number(id), { remark: '触发' })).rejects.toThrow('需要审批');
      expect((await getRecord(context('repairOrder'), Number(id))).remark).toBeNull();
    });
  });

  describe('additive migrations', () => {
    const columnsOf = async (table: string) =>
      (
        await sql<Record<string, unknown>>`select column_name, data_type, character_maximum_length, numeric_precision, numeric_scale, is_nullable, column_default
          from information_schema.columns where table_schema = current_schema() and table_name = ${table} order by column_name`.execute(db)
      ).rows;
    const indexesOf = async (table: string) => (await sql<{ indexdef: string }>`select indexdef from pg_indexes where schemaname = current_schema() and tablename = ${table} order by indexname`.execute(db)).rows;
    const withField = (model: Model, name: string, change: (field: Model['fields'][number]) => Model['fields'][number]): Model => ({ ...model, fields: model.fields.map((f) => (f.name === name ? change(f) : f)) as Model['fields'] });

    it('created the tables, their lines’ table and indexes on the first start; a start with no change changes nothing', async () => {
      expect(firstChanges).toContain('新建表 fixture_repair_orders（模型 维修工单（repairOrder））');
      expect(firstChanges).toContain('新建表 fixture_repair_order_labours（模型 维修工单（repairOrder）的子表 维修项目（labours））');
      expect(firstChanges).toContain('新建表 fixture_customers（模型 客户（customer））');
      expect(firstChanges.some((c) => c.includes('唯一索引') && c.includes('ro_no'))).toBe(true);
      const before = [await columnsOf('fixture_repair_orders'), await indexesOf('fixture_repair_orders')];
      expect(await migrateModels(db, models)).toEqual([]);
      expect(await migrateModels(db, modelsOf(REPAIR_ORDER, CUSTOMER))).toEqual([]);
      expect([await columnsOf('fixture_repair_orders'), await indexesOf('fixture_repair_orders')]).toEqual(before);
    });

    it('makes a model\'s index over several fields, within the dealer\'s rows; a unique one refuses the same combination twice', async () => {
      const bin: Model = {
        name: 'bin',
        title: '货位',
        table: 'fixtureBins',
        service: 'customer',
        path: 'customer/fixtureBins',
        scope: 'owner',
        titleField: 'binCode',
        indexes: [{ fields: ['warehouseCode', 'binCode'], unique: true }],
        fields: [
          { name: 'warehouseCode', label: '仓库', type: 'string', length: 10, required: true },
          { name: 'binCode', label: '货位', type: 'string', length: 20, required: true },
        ],
      };
      const withBin = modelsOf(REPAIR_ORDER, CUSTOMER, bin);
      expect(await migrateModels(db, withBin)).toContain('表 fixture_bins 新增唯一索引 fixture_bins_owner_code_warehouse_code_bin_code_key');
      expect(await migrateModels(db, withBin)).toEqual([]);
      const binContext = (user: SessionUser): ReadContext => ({ db, user, loaded: withBin.find((m) => m.model.name === 'bin')!, hooks: undefined, models: new Map(withBin.map((m) => [m.model.name, m])) });
      await createRecord(binContext(advisor), { warehouseCode: 'PJ01', binCode: 'A-01-01' });
      await createRecord(binContext(advisor), { warehouseCode: 'JP01', binCode: 'A-01-01' });
      await createRecord(binContext(otherDealer), { warehouseCode: 'PJ01', binCode: 'A-01-01' });
      expect(await refusal(createRecord(binContext(advisor), { warehouseCode: 'PJ01', binCode: 'A-01-01' }))).toMatchObject({ resultCode: 409, message: '仓库、货位已存在' });
    });

    it('adds the column of a new field on the next start, with its index, and keeps the existing rows', async () => {
      const rowsBefore = (await sql`select * from fixture_customers order by id`.execute(db)).rows;
      expect(rowsBefore.length).toBeGreaterThan(0);
      const grown: Model = { ...CUSTOMER, fields: [...CUSTOMER.fields, { name: 'wechatId', label: '微信号', type: 'string', length: 40, index: true }, { name: 'visits', label: '到店次数', type: 'int', default: 0 }] };
      const changes = await migrateModels(db, modelsOf(REPAIR_ORDER, grown));
      expect(changes).toEqual(['表 fixture_customers 新增列 wechat_id varchar(40)', '表 fixture_customers 新增列 visits integer', '表 fixture_customers 新增索引 fixture_customers_wechat_id_idx']);
      const rowsAfter = (await sql<Record<string, unknown>>`select * from fixture_customers order by id`.execute(db)).rows;
      expect(rowsAfter.map(({ wechatId, visits, ...rest }) => rest)).toEqual(rowsBefore);
      expect(rowsAfter.every((r) => r.wechatId === null && r.visits === 0)).toBe(true);
      // The grown model reads and writes its new field; the same start again is a no-op.
      const grownModels = modelsOf(REPAIR_ORDER, grown);
      const grownContext: ReadContext = { db, user: advisor, loaded: grownModels.find((m) => m.model.name === 'customer')!, hooks: undefined, models: new Map(grownModels.map((m) => [m.model.name, m])) };
      expect(await createRecord(grownContext, { customerName: '赵六', wechatId: 'zhao6' })).toMatchObject({ wechatId: 'zhao6', visits: 0 });
      expect(await migrateModels(db, grownModels)).toEqual([]);
    });

    it.each([
      ['a shorter text', withField(CUSTOMER, 'customerName', (f) => ({ ...f, length: 20 })), '模型 客户（customer） 的字段 客户姓名（customerName）：长度缩短（现为 varchar(30)，模型要求 varchar(20)）'],
      ['another type', withField(CUSTOMER, 'idCard', () => ({ name: 'idCard', label: '身份证号', type: 'date' })), '模型 客户（customer） 的字段 身份证号（idCard）：类型不同（现为 varchar(18)，模型要求 date）'],
    ])('refuses %s with the model and field named, applying nothing, not even the additive part', async (_what, narrowed, message) => {
      const table = [await columnsOf('fixture_customers'), await indexesOf('fixture_customers')];
      const alsoAdds: Model = { ...narrowed, fields: [...narrowed.fields, { name: 'addedWithRefusal', label: '不应新增', type: 'string', index: true }] };
      const error = await migrateModels(db, modelsOf(REPAIR_ORDER, alsoAdds)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelMigrationError);
      expect((error as Error).message).toContain('模型与数据库表不一致，未做任何修改');
      expect((error as Error).message).toContain(message);
      expect((error as Error).message).toContain('请编写迁移脚本');
      expect([await columnsOf('fixture_customers'), await indexesOf('fixture_customers')]).toEqual(table);
    });

    it('refuses fewer decimals and fewer integer digits on a money or decimal field, the table untouched', async () => {
      const table = [await columnsOf('fixture_repair_orders'), await columnsOf('fixture_repair_order_labours')];
      const fewerDecimals = withField(REPAIR_ORDER, 'fuelLevel', (f) => ({ ...f, precision: 6, scale: 1 }));
      const error = await migrateModels(db, modelsOf(fewerDecimals, CUSTOMER)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelMigrationError);
      expect((error as Error).message).toContain('模型 维修工单（repairOrder） 的字段 油量（fuelLevel）：小数位减少（现为 numeric(5,2)，模型要求 numeric(6,1)）');
      const lineNarrowed: Model = { ...REPAIR_ORDER, children: REPAIR_ORDER.children!.map((c) => ({ ...c, fields: c.fields.map((f) => (f.name === 'price' ? { ...f, precision: 8 } : f)) as Model['fields'] })) };
      const lineError = await migrateModels(db, modelsOf(lineNarrowed, CUSTOMER)).catch((e: unknown) => e);
      expect(lineError).toBeInstanceOf(ModelMigrationError);
      expect((lineError as Error).message).toContain('模型 维修工单（repairOrder）的子表 维修项目（labours） 的字段 单价（price）：整数位减少（现为 numeric(12,2)，模型要求 numeric(8,2)）');
      expect([await columnsOf('fixture_repair_orders'), await columnsOf('fixture_repair_order_labours')]).toEqual(table);
    });

    it('widens a longer text or more digits, which loses nothing', async () => {
      const rows = (await sql`select id, fuel_level::text as fuel, plate_no from fixture_repair_orders order by id`.execute(db)).rows;
      const wider = withField(withField(REPAIR_ORDER, 'fuelLevel', (f) => ({ ...f, precision: 7, scale: 3 })), 'plateNo', (f) => ({ ...f, length: 12 }));
      const changes = await migrateModels(db, modelsOf(wider, CUSTOMER));
      expect(changes).toEqual(['表 fixture_repair_orders 的列 fuel_level 扩展为 numeric(7,3)', '表 fixture_repair_orders 的列 plate_no 扩展为 varchar(12)']);
      const widened = (await sql<{ fuel: string | null }>`select id, fuel_level::text as fuel, plate_no from fixture_repair_orders order by id`.execute(db)).rows;
      expect(widened.map((r) => ({ ...r, fuel: r.fuel === null ? null : Number(r.fuel).toFixed(2) }))).toEqual(rows);
      // The narrower model of the earlier start is now the narrowing one.
      const error = await migrateModels(db, models).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ModelMigrationError);
      expect((error as Error).message).toContain('模型 维修工单（repairOrder） 的字段 车牌号（plateNo）：长度缩短（现为 varchar(12)，模型要求 varchar(10)）');
    });
  });

  describe('list', () => {
    const ids = {} as Record<'a' | 'b' | 'c' | 'd' | 'e' | 'theirs', number>;
    const list = (params: RecordValues, sort?: string, user = advisor) => listRecords(context('repairOrder', user), { page: 1, pageSize: 100, sort, params: { roDateFrom: '2026-03-01', roDateTo: '2026-03-31', ...params } });
    const idsOf = async (params: RecordValues, sort?: string) => (await list(params, sort)).items.map((r) => Number(r.id));

    beforeAll(async () => {
      // Five March orders of D11001 (one started) and one of D31001, among the other tests' orders of other months.
      // Their delivery times straddle Beijing midnights (16:00 UTC), for the day filters on a datetime.
      ids.a = Number((await newOrder({ roDate: '2026-03-01', vin: VIN, plateNo: '京A11111', mileage: 100, deliveryTime: '2026-03-09 23:59:59' })).id);
      ids.b = Number((await newOrder({ roDate: '2026-03-10', vin: VIN_2, plateNo: '京B22222', mileage: 200, deliveryTime: '2026-03-10 00:00:00' })).id);
      ids.c = Number((await newOrder({ roDate: '2026-03-20', vin: VIN_3, plateNo: '沪A33333', mileage: 300, deliveryTime: '2026-03-10 23:59:59', warranty: true })).id);
      ids.d = Number((await newOrder({ roDate: '2026-03-31', vin: VIN_3, plateNo: '京A44444', mileage: 400, deliveryTime: '2026-03-11 00:00:00' })).id);
      ids.e = Number((await newOrder({ roDate: '2026-04-01', vin: VIN, plateNo: '京A55555' })).id);
      await transitionRecord(context('repairOrder'), ids.b, 'start', {});
      ids.theirs = Number((await newOrder({ roDate: '2026-03-10', vin: VIN_2, plateNo: '京B22222' }, otherDealer)).id);
    });

    it('keeps to the data scope: another dealer’s rows are never listed, the manufacturer sees both', async () => {
      expect((await idsOf({})).sort()).toEqual([ids.a, ids.b, ids.c, ids.d].sort());
      expect(await idsOf({}, undefined)).not.toContain(ids.theirs);
      expect((await list({}, undefined, otherDealer)).items.map((r) => Number(r.id))).toEqual([ids.theirs]);
      expect((await list({}, undefined, admin)).items.map((r) => Number(r.id))).toEqual(expect.arrayContaining([ids.a, ids.theirs]));
    });

    it('filters by every op of the model: like, in, day range, VIN fragment and batch, present, keyed search', async () => {
      const roNoOf = async (id: number) => String((await getRecord(context('repairOrder'), id)).roNo);
      const roNoB = await roNoOf(ids.b);
      expect(await idsOf({ roNo: roNoB.slice(2).toLowerCase() })).toEqual([ids.b]);
      expect(await idsOf({ roNo: '%' })).toEqual([]);
      expect(await idsOf({ roStatus: ['80211002'] })).toEqual([ids.b]);
      expect((await idsOf({ roStatus: ['80211001', '80211002'] })).length).toBe(4);
      expect((await idsOf({ roDateFrom: '2026-03-10', roDateTo: '2026-03-20' })).sort()).toEqual([ids.b, ids.c].sort());
      expect((await idsOf({ roDateFrom: '2026-03-31', roDateTo: '2026-04-01' })).sort()).toEqual([ids.d, ids.e].sort());
      expect(await idsOf({ vin: VIN.slice(-6).toLowerCase() })).toEqual([ids.a]);
      expect((await idsOf({ vin: VIN_3 })).sort()).toEqual([ids.c, ids.d].sort());
      expect((await idsOf({ vin: `${VIN}，${VIN_2.toLowerCase()}  ${VIN_3}` })).sort()).toEqual([ids.a, ids.b, ids.c, ids.d].sort());
      expect(await idsOf({ vin: VIN.slice(0, 16) })).toEqual([ids.a]);
      expect((await idsOf({ hasCustomer: '1' })).length).toBe(4);
      expect(await idsOf({ hasCustomer: '0' })).toEqual([]);
      expect((await idsOf({ keyword: '京a', keyField: 'plateNo' })).sort()).toEqual([ids.a, ids.d].sort());
      expect(await idsOf({ keyword: roNoB.slice(-6), keyField: 'roNo' })).toEqual([ids.b]);
      // A key outside the filter's fields is not a column anyone may search.
      expect((await idsOf({ keyword: '京a', keyField: 'remark' })).length).toBe(4);
      // Empty parameters are no filter.
      expect((await idsOf({ roNo: '', roStatus: [], vin: ' ' })).length).toBe(4);
    });

    it('filters by the other ops too, on a copy of the model that declares them: eq, from/to, day range on a datetime in Beijing days', async () => {
      const filters: Model['filters'] = [
        ...(REPAIR_ORDER.filters ?? []),
        { param: 'warranty', op: 'eq' },
        { param: 'mileageFrom', field: 'mileage', op: 'from' },
        { param: 'mileageTo', field: 'mileage', op: 'to' },
        { param: 'deliveredFrom', field: 'deliveryTime', op: 'dayFrom' },
        { param: 'deliveredTo', field: 'deliveryTime', op: 'dayTo' },
      ];
      const wider = modelsOf({ ...REPAIR_ORDER, filters }, CUSTOMER);
      const widerContext: ReadContext = { ...context('repairOrder'), loaded: wider[0]!, models: new Map(wider.map((m) => [m.model.name, m])) };
      const found = async (params: RecordValues) =>
        (await listRecords(widerContext, { page: 1, pageSize: 100, sort: 'id|asc', params: { roDateFrom: '2026-03-01', roDateTo: '2026-03-31', ...params } })).items.map((r) => Number(r.id));
      expect(await found({ warranty: 'true' })).toEqual([ids.c]);
      expect(await found({ warranty: 'false' })).toEqual([ids.a, ids.b, ids.d]);
      expect(await found({ mileageFrom: 200, mileageTo: 300 })).toEqual([ids.b, ids.c]);
      expect(await found({ deliveredFrom: '2026-03-10', deliveredTo: '2026-03-10' })).toEqual([ids.b, ids.c]);
      expect(await found({ deliveredFrom: '2026-03-11' })).toEqual([ids.d]);
      expect(await found({ deliveredTo: '2026-03-09' })).toEqual([ids.a]);
    });

    it('sorts by a sortable field both ways, and refuses a sort on any other field', async () => {
      const asc = await idsOf({}, 'roNo|asc');
      expect(asc).toEqual([ids.a, ids.b, ids.c, ids.d]);
      expect(await idsOf({}, 'roNo|desc')).toEqual([ids.d, ids.c, ids.b, ids.a]);
      expect(await idsOf({}, 'id|desc')).toEqual([ids.d, ids.c, ids.b, ids.a]);
      // The default: createdAt descending.
      expect(await idsOf({})).toEqual([ids.d, ids.c, ids.b, ids.a]);
      expect(await refusal(list({}, 'vin|asc'))).toMatchObject({ resultCode: 400, message: '不能按“vin”排序' });
      expect(await refusal(list({}, 'constructor|asc'))).toMatchObject({ resultCode: 400 });
    });

    it('pages with the total of the whole filtered list', async () => {
      const page = (n: number) => listRecords(context('repairOrder'), { page: n, pageSize: 3, sort: 'roNo|asc', params: { roDateFrom: '2026-03-01', roDateTo: '2026-03-31' } });
      const [first, second, third] = [await page(1), await page(2), await page(3)];
      expect([first.total, second.total, third.total]).toEqual([4, 4, 4]);
      expect(first.items.map((r) => Number(r.id))).toEqual([ids.a, ids.b, ids.c]);
      expect(second.items.map((r) => Number(r.id))).toEqual([ids.d]);
      expect(third.items).toEqual([]);
      // Long fields stay out of the list.
      expect(first.items[0]).not.toHaveProperty('remark');
      expect(first.items[0]).not.toHaveProperty('notice');
    });
  });

  describe('batch', () => {
    const customers = () => count('fixture_customers');

    it('inserts, updates and deletes in one save, answering the counts', async () => {
      const keep = await createRecord(context('customer'), { customerName: '孙七', mobile: '13900000001' });
      const drop = await createRecord(context('customer'), { customerName: '周八', mobile: '13900000002' });
      const before = await customers();
      const saved = await saveBatch(context('customer'), {
        inserted: [{ customerName: '吴九', mobile: '13900000003' }, { customerName: '郑十', gender: '10021002' }],
        updated: [{ id: keep.id, customerName: '孙七七' }],
        deleted: [{ id: Number(drop.id) }],
      });
      expect(saved).toEqual({ inserted: 2, updated: 1, deleted: 1 });
      expect(await customers()).toBe(before + 1);
      expect(await getRecord(context('customer'), Number(keep.id))).toMatchObject({ customerName: '孙七七', mobile: '13900000001' });
      expect((await refusal(getRecord(context('customer'), Number(drop.id)))).resultCode).toBe(404);
    });

    it('refuses the whole batch for one bad row, named by its row, and writes nothing', async () => {
      const keep = await createRecord(context('customer'), { customerName: '钱一', mobile: '13900000011' });
      const drop = await createRecord(context('customer'), { customerName: '钱二', mobile: '13900000012' });
      const theirs = await createRecord(context('customer', otherDealer), { customerName: '他店客户' });
      const snapshot = async () => (await sql`select * from fixture_customers order by id`.execute(db)).rows;
      const before = await snapshot();
      const batch = (inserted: RecordValues[]) => saveBatch(context('customer'), { inserted, updated: [{ id: keep.id, customerName: '不应保存' }], deleted: [{ id: Number(drop.id) }] });
      expect(await refusal(batch([{ customerName: '好的', mobile: '13900000013' }, { customerName: '坏的', mobile: '1390000' }]))).toMatchObject({
        resultCode: 400,
        message: '新增第2行：手机号格式不正确（11位手机号）',
      });
      expect(await refusal(batch([{ customerName: '', gender: '10021001' }]))).toMatchObject({ message: '新增第1行：客户姓名不能为空' });
      // A clash with a stored row on a unique field (unique within the dealer) is the database's word, in Chinese.
      expect(await refusal(batch([{ customerName: '重复', mobile: '13900000011' }]))).toMatchObject({ resultCode: 409, message: '手机号已存在' });
      // Another dealer's row in the batch is not found, and nothing else is written either.
      expect(await refusal(saveBatch(context('customer'), { inserted: [{ customerName: '好的' }], deleted: [{ id: Number(theirs.id) }] }))).toMatchObject({ resultCode: 404 });
      expect(await refusal(saveBatch(context('customer'), { updated: [{ id: theirs.id, customerName: '改他店' }] }))).toMatchObject({ resultCode: 404 });
      expect(await snapshot()).toEqual(before);
      expect(await getRecord(context('customer', otherDealer), Number(theirs.id))).toMatchObject({ customerName: '他店客户' });
    });
  });
});

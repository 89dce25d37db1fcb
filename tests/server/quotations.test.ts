// 报价 with its discount approval wired for real (domain.md §4, issues 23 and 25) on both databases: the quotation is of a
// potential customer and a configuration, colour and options of the vehicle materials; the guide price, the purchase-tax
// estimate and the landing price are computed on the server in exact decimals from the manufacturer's prices; 生效 runs the seeded 报价优惠审批, whose gateway lets a discount up to ¥10,000 take
// effect at once (no task) and sends a larger one to the dealer's sales manager (经销商销售经理) only; approval gives 有效,
// rejection 已驳回, and another dealer's manager neither sees nor acts on the task. A loan quotation's finance plan (loan =
// price − down payment, the equal-instalment monthly payment to the cent, half-up) is the server's, and the order made
// from it carries its pay type and loan.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../schemas/api/page';
import type { ProcessTaskRow } from '../../schemas/api/processTasks';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const QUOTES = '/api/2b/quotedPrice/quotations';
const STATUS = { valid: '83061001', expired: '83061003', draft: '83061004', rejected: '83061005' };
const PAY = { full: '83091001', loan: '83091002' };
const ORDERS = '/api/2b/retail/salesOrders';

type Row = Record<string, unknown> & { id: number };

describe(`报价与报价优惠审批 (${DB_KIND})`, () => {
  let t: TestServer;
  const tokens: Record<string, string> = {};
  // d11001xsgw holds 经销商销售经理 at D11001 (the dealer's first 销售顾问), d11001xsgw2 quotes.
  const users = ['d11001xsgw2', 'd11001xsgw', 'd12001xsgw', 'd11001fwgw'] as const;
  type Who = (typeof users)[number];
  let consultantId = 0;
  let potenId = 0;
  const material = async (code: string) => Number((await t.server.database.db.selectFrom('materials').select('id').where('materialCode', '=', code).executeTakeFirstOrThrow()).id);
  // 华晟 S7 2.0T 两驱豪华版, 标准配置 (guide price ¥179,800), 星空黑; the 全景天窗包 is ¥6,000.
  const vehicle = { configId: 0, colorId: 0, sunroof: 0 };

  beforeAll(async () => {
    t = await startTestServer();
    for (const user of users) tokens[user] = await t.login(user);
    consultantId = Number((await t.server.database.db.selectFrom('users').select('id').where('userCode', '=', 'd11001xsgw2').executeTakeFirstOrThrow()).id);
    potenId = (await call('d11001xsgw2', 'POST', '/api/2b/customerBusiness/customerBusiness/insertPotenCus', { name: '周伟', phone: '13910002233', intentLevel: '83071002' })).data!.id;
    vehicle.configId = await material('HS-S7-M1-C1');
    vehicle.colorId = await material('HS-S7-M1-C1-K1');
    vehicle.sunroof = Number((await t.server.database.db.selectFrom('materialOptions').select('id').where('materialId', '=', vehicle.configId).where('optionCode', '=', 'P1').executeTakeFirstOrThrow()).id);
  });
  afterAll(() => t?.close());

  const call = <T = Row>(who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.call<T>({ method, url, token: tokens[who], ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const quote = (discount: string, extra: Record<string, unknown> = {}) =>
    call('d11001xsgw2', 'POST', '/api/2b/quotedPrice/customerPrice/insertCustomerPrice', { potenId, configId: vehicle.configId, colorId: vehicle.colorId, consultantId, insuranceEst: '6000.00', discount, validUntil: '2099-12-31', ...extra });
  const issue = (id: number) => call('d11001xsgw2', 'POST', `${QUOTES}/${id}/issue`, { comment: '客户议价' });
  const get = async (id: number) => (await call('d11001xsgw2', 'GET', `${QUOTES}/${id}`)).data!;
  const taskOf = async (who: Who, id: number) =>
    (await call<Page<ProcessTaskRow>>(who, 'GET', '/api/workflow/task/todo?pageSize=100')).data!.items.find((r) => r.model === 'quotation' && r.recordId === id);
  const approve = (who: Who, taskId: number) => call(who, 'POST', `/api/workflow/task/${taskId}/approve`, { comment: '同意' });
  const instances = async (id: number) => t.server.database.db.selectFrom('processInstances').select(['status']).where('model', '=', 'quotation').where('recordId', '=', id).execute();

  it('prices the quotation from the materials on the server in exact decimals (the request\'s prices ignored), numbers it BJ…, and the advisor has no sales menu', async () => {
    const created = await quote('8000.00', { optionIds: [vehicle.sunroof], accessoryAmount: '3000.00', insuranceEst: '6000.50', purchaseTaxEst: '1.00', guidePrice: '1.00', plateFee: '500.00', tradeInSubsidy: '5000.00', totalPrice: '1.00' });
    expect(created).toMatchObject({ resultCode: 200 });
    // 179,800 + 6,000 = 185,800; sold at 177,800; 购置税 = round(round(177800 / 1.13, 2) × 10%, 2) = 15,734.51.
    expect(created.data).toMatchObject({ status: STATUS.draft, guidePrice: '185800.00', purchaseTaxEst: '15734.51', totalPrice: '198035.01', customerName: '周伟', modelCode: 'HS-S7-M1', optionIds: [vehicle.sunroof] });
    expect(String(created.data!.quoteNo)).toMatch(/^BJD11001\d{10}$/);
    const changed = await call('d11001xsgw2', 'PUT', `${QUOTES}/${created.data!.id}`, { discount: '8000.10' });
    expect(changed.data).toMatchObject({ purchaseTaxEst: '15734.50', totalPrice: '198034.90' });
    expect((await call('d11001fwgw', 'GET', QUOTES)).resultCode).toBe(403);
    // A colour of another configuration is refused; a discount above the guide price never takes effect.
    expect(await quote('1000.00', { colorId: vehicle.colorId + 1000 })).toMatchObject({ resultCode: 400 });
    const over = (await quote('179800.01')).data!.id;
    expect(await issue(over)).toMatchObject({ resultCode: 400, errMsg: '优惠金额不能超过指导价' });
  });

  it('a discount up to the threshold takes effect at once with no task; above it waits for the same dealer\'s sales manager only', async () => {
    const small = (await quote('10000.00')).data!.id;
    expect(await issue(small)).toMatchObject({ resultCode: 200 });
    expect(await get(small)).toMatchObject({ status: STATUS.valid });
    expect(await instances(small)).toEqual([{ status: 'approved' }]);
    expect(await taskOf('d11001xsgw', small)).toBeUndefined();

    const large = (await quote('10000.01')).data!.id;
    expect(await issue(large)).toMatchObject({ resultCode: 200 });
    expect(await get(large)).toMatchObject({ status: STATUS.draft });
    // Locked while it is approved.
    expect((await call('d11001xsgw2', 'PUT', `${QUOTES}/${large}`, { discount: '100.00' })).resultCode).toBe(409);
    const task = await taskOf('d11001xsgw', large);
    expect(task).toMatchObject({ taskName: '销售经理审批', processName: '报价优惠审批' });
    // Neither the consultant (no role) nor the other dealer's sales manager sees or acts on it.
    expect(await taskOf('d11001xsgw2', large)).toBeUndefined();
    expect(await taskOf('d12001xsgw', large)).toBeUndefined();
    expect((await approve('d12001xsgw', task!.taskId)).resultCode).toBe(404);
    expect((await call('d12001xsgw', 'GET', `${QUOTES}/${large}`)).resultCode).toBe(404);
    expect(await approve('d11001xsgw', task!.taskId)).toMatchObject({ resultCode: 200 });
    expect(await get(large)).toMatchObject({ status: STATUS.valid });
    expect(await call('d11001xsgw2', 'POST', `${QUOTES}/${large}/expire`)).toMatchObject({ resultCode: 200 });
    expect(await get(large)).toMatchObject({ status: STATUS.expired });
  });

  it('a rejection gives 已驳回 with the comment in the history; the consultant lowers the discount and it takes effect', async () => {
    const id = (await quote('15000.00')).data!.id;
    await issue(id);
    const task = await taskOf('d11001xsgw', id);
    expect((await call('d11001xsgw', 'POST', `/api/workflow/task/${task!.taskId}/reject`, {})).resultCode).toBe(400);
    expect(await call('d11001xsgw', 'POST', `/api/workflow/task/${task!.taskId}/reject`, { comment: '优惠超出本月政策' })).toMatchObject({ resultCode: 200 });
    expect(await get(id)).toMatchObject({ status: STATUS.rejected });
    expect(await call('d11001xsgw2', 'PUT', `${QUOTES}/${id}`, { discount: '9000.00' })).toMatchObject({ resultCode: 200 });
    expect(await issue(id)).toMatchObject({ resultCode: 200 });
    // 179,800 − 9,000 = 170,800; 购置税 15,115.04; insurance 6,000.
    expect(await get(id)).toMatchObject({ status: STATUS.valid, totalPrice: '191915.04' });
    expect((await instances(id)).map((i) => i.status).sort()).toEqual(['approved', 'rejected']);
  });

  it('parallel: two 生效 at once start one approval; two approvals of its task at once, one wins and the other is told', async () => {
    const id = (await quote('18000.00')).data!.id;
    const started = await Promise.all([issue(id), issue(id)]);
    expect(started.map((a) => a.resultCode).sort()).toEqual([200, 409]);
    expect(await instances(id)).toEqual([{ status: 'running' }]);
    const task = await taskOf('d11001xsgw', id);
    const answers = await Promise.all([approve('d11001xsgw', task!.taskId), approve('d11001xsgw', task!.taskId)]);
    expect(answers.map((a) => a.resultCode).sort()).toEqual([200, 409]);
    expect(await get(id)).toMatchObject({ status: STATUS.valid });
  });

  describe('finance (付款方式 贷款)', () => {
    // 179,800 − 8,000 + 3,000 accessories: the vehicle price the order will total, ¥174,800; the loan is what is not down.
    const loanQuote = (finance: Record<string, unknown>) => quote('8000.00', { accessoryAmount: '3000.00', payType: PAY.loan, ...finance });

    it('computes the loan and the equal-instalment monthly payment on the server to the cent (the request\'s ignored)', async () => {
      // 122,000 over 36 months at 3.85%: 122000·r / (1 − (1 + r)^−36), r = 3.85% / 12, is 3,593.7911… → 3,593.79.
      const created = await loanQuote({ downPayment: '52800.00', loanTerm: 36, annualRate: '3.85', loanAmount: '1.00', monthlyPayment: '1.00' });
      expect(created).toMatchObject({ resultCode: 200 });
      expect(created.data).toMatchObject({ payType: PAY.loan, downPayment: '52800.00', loanAmount: '122000.00', loanTerm: 36, monthlyPayment: '3593.79' });
      expect(Number(created.data!.annualRate)).toBe(3.85);
      // 60 months at 4.5%: 2,274.4483… → 2,274.45; a changed discount moves the loan with the price.
      const id = created.data!.id;
      expect((await call('d11001xsgw2', 'PUT', `${QUOTES}/${id}`, { loanTerm: 60, annualRate: '4.5' })).data).toMatchObject({ loanAmount: '122000.00', monthlyPayment: '2274.45' });
      expect((await call('d11001xsgw2', 'PUT', `${QUOTES}/${id}`, { discount: '9000.00' })).data).toMatchObject({ loanAmount: '121000.00' });
      // Switched to full payment, the loan terms are gone.
      const full = await call('d11001xsgw2', 'PUT', `${QUOTES}/${id}`, { payType: PAY.full });
      expect(full.data).toMatchObject({ payType: PAY.full, downPayment: null, loanAmount: null, loanTerm: null, annualRate: null, monthlyPayment: null });
    });

    it('a zero rate is the loan over the months, rounded half-up in exact decimals (a float would give 8,333.36)', async () => {
      expect((await loanQuote({ downPayment: '52800.00', loanTerm: 36, annualRate: '0' })).data).toMatchObject({ loanAmount: '122000.00', monthlyPayment: '3388.89' });
      // 100,000.38 / 12 is exactly 8,333.365.
      expect((await loanQuote({ downPayment: '74799.62', loanTerm: 12, annualRate: '0.00' })).data).toMatchObject({ loanAmount: '100000.38', monthlyPayment: '8333.37' });
    });

    it('refuses a loan quotation without its down payment, term or rate, an unknown term, and a down payment not below the price', async () => {
      const missing = await loanQuote({});
      expect(missing.resultCode).toBe(400);
      for (const message of ['贷款报价请填写首付金额', '贷款报价请选择贷款期限', '贷款报价请填写年利率']) expect(missing.errMsg).toContain(message);
      expect(await loanQuote({ downPayment: '50000.00', loanTerm: 18, annualRate: '3.85' })).toMatchObject({ resultCode: 400, errMsg: '贷款期限须为12、24、36、48或60个月' });
      expect(await loanQuote({ downPayment: '174800.01', loanTerm: 36, annualRate: '3.85' })).toMatchObject({ resultCode: 400, errMsg: '首付金额不能超过车价174800.00元（指导价 − 优惠 + 精品）' });
      expect(await loanQuote({ downPayment: '174800.00', loanTerm: 36, annualRate: '3.85' })).toMatchObject({ resultCode: 400, errMsg: '首付金额等于车价，无需贷款，请选择全款' });
      // A full-payment quotation keeps none of what was sent.
      expect((await quote('8000.00', { payType: PAY.full, downPayment: '50000.00', loanTerm: 36, annualRate: '3.85' })).data).toMatchObject({ downPayment: null, loanTerm: null, annualRate: null, loanAmount: null });
    });

    it('the order made from a loan quotation carries its pay type and loan (the request\'s ignored); a full-payment one has no loan', async () => {
      const loan = (await loanQuote({ downPayment: '52800.00', loanTerm: 36, annualRate: '3.85' })).data!.id;
      expect(await issue(loan)).toMatchObject({ resultCode: 200 });
      const order = await call('d11001xsgw2', 'POST', ORDERS, { quotationId: loan, depositAmount: '5000.00', payType: PAY.full, loanAmount: '1.00' });
      expect(order).toMatchObject({ resultCode: 200 });
      expect(order.data).toMatchObject({ payType: PAY.loan, loanAmount: '122000.00', totalAmount: '174800.00' });
      const full = (await quote('8000.00')).data!.id;
      await issue(full);
      expect((await call('d11001xsgw2', 'POST', ORDERS, { quotationId: full, payType: PAY.loan, loanAmount: '100000.00' })).data).toMatchObject({ payType: PAY.full, loanAmount: '0.00' });
    });
  });
});

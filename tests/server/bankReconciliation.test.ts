// 银行流水 and 收款对账 (domain.md §2, issue 26) on both databases: the day's statement imported from Excel (a bad row
// refused by its row number, nothing written), flows claimed (认领) into receipts with claimed ≤ amount, and a
// reconciliation per company, day and pay method that matches exact serial first, then amount and date, then by hand,
// showing what is left; a reconciled flow is never reconciled twice, also when two matchings run at once.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../schemas/api/page';
import type { ImportStatus } from '../../server/imports/importJobs';
import { multipartFile, xlsxOf, type Cell } from '../support/excelFiles';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const FLOWS = '/api/2b/finance/bankFlows';
const RECEIPTS = '/api/2b/finance/receipts';
const RECONS = '/api/2b/finance/collectionReconciliations';
const FLOWS_MENU = 'finance_bankFlows';
const HEADERS = ['银行账号', '开户银行', '银行流水号', '快捷支付流水号', '收支方向', '收款方式', '金额', '对方户名', '对方账号', '交易时间', '摘要', '流水主体'];
const WECHAT = '81021003';
const TRANSFER = '81021005';
const RECON = { balanced: '81161002', different: '81161003', confirmed: '81161004' };
const MATCH = { serial: '81171001', amountDate: '81171002', manual: '81171003' };

type Row = Record<string, unknown> & { id: number };

let sequence = 0;
/** A WeChat transaction id (28 digits from 4200) and a bank serial (24 characters), unique within the file. */
const wechatId = () => `4200002026${String(++sequence).padStart(18, '0')}`;
const bankSerial = () => `CMB2026${String(++sequence).padStart(17, '0')}`;

function flowRow(overrides: Partial<Record<(typeof HEADERS)[number], Cell>>): Cell[] {
  const base: Record<string, Cell> = {
    银行账号: '110902345610801',
    开户银行: '招商银行北京分行',
    银行流水号: bankSerial(),
    快捷支付流水号: null,
    收支方向: '收',
    收款方式: '微信',
    金额: 100,
    对方户名: '财付通支付科技有限公司',
    对方账号: null,
    交易时间: '2026-06-25 10:00:00',
    摘要: '微信支付结算',
    流水主体: null,
  };
  return HEADERS.map((h) => (h in overrides ? overrides[h]! : base[h]!) ?? null);
}

describe(`银行流水与收款对账 (${DB_KIND})`, () => {
  let t: TestServer;
  let finance: string;

  beforeAll(async () => {
    t = await startTestServer();
    finance = await t.login('d11001dbzy');
  });
  afterAll(() => t?.close());

  const call = <T = Row>(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    t.call<T>({ method, url, token: finance, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const get = async (url: string) => (await call('GET', url)).data!;
  const list = async (url: string) => (await call<Page<Row>>('GET', url)).data!.items;
  async function importFlows(rows: Cell[][]): Promise<ImportStatus> {
    const url = `${FLOWS}/import`;
    const answer = (
      await t.app.inject({
        method: 'POST',
        url,
        payload: multipartFile.body('流水.xlsx', await xlsxOf([HEADERS, ...rows])),
        headers: { ...t.signatureHeaders('POST', url), authorization: `Bearer ${finance}`, menuId: FLOWS_MENU, 'content-type': multipartFile.contentType },
      })
    ).json() as { resultCode: number; errMsg: string };
    expect(answer.resultCode, answer.errMsg).toBe(200);
    await t.server.jobs.imports.idle();
    return (await call<ImportStatus>('GET', `${FLOWS}/import/last`)).data!;
  }
  async function receipt(company: string, amount: string, receivedAt: string, serials: Record<string, string> = {}, payMethod = WECHAT): Promise<Row> {
    const created = await call('POST', RECEIPTS, { companyCode: company, customerName: '李雷', receiptType: '81011002', payMethod, amount, receivedAt, ...serials });
    expect(created.errMsg).toBe('');
    expect((await call('POST', `${RECEIPTS}/${created.data!.id}/confirm`)).resultCode).toBe(200);
    return get(`${RECEIPTS}/${created.data!.id}`);
  }
  const flowsOf = (company: string) => list(`${FLOWS}?companyCode=${company}&pageSize=100`);

  it('[BO-IMP-07] [BO-IMP-08] answers the template and imports the day’s statement: numbered flows, the flow theme, unclaimed', async () => {
    const template = await call<Buffer>('GET', `${FLOWS}/import/template`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.data! as unknown as ArrayBuffer);
    expect((workbook.getWorksheet('sheet')!.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    const quick = wechatId();
    const status = await importFlows([flowRow({ 快捷支付流水号: quick, 金额: 268.5, 流水主体: 'IMPCO' }), flowRow({ 收款方式: '银行转账', 金额: 5000, 对方户名: '北京顺达物流有限公司', 摘要: '转账', 流水主体: 'IMPCO' })]);
    expect(status).toMatchObject({ importStatus: 1, result: { errorList: [], total: 2 } });
    const flows = await flowsOf('IMPCO');
    expect(flows).toHaveLength(2);
    expect(flows.find((f) => f.quickPaySerialNo === quick)).toMatchObject({ amount: '268.50', claimedAmount: '0.00', unclaimedAmount: '268.50', status: '81151001', direction: '81141001', payMethod: WECHAT, tradeAt: '2026-06-25 10:00:00' });
    for (const f of flows) expect(String(f.flowNo)).toMatch(/^LSD11001\d{10}$/);
    // Without a 流水主体 the flow is the dealer's own company's.
    await importFlows([flowRow({ 金额: 1 })]);
    expect((await list(`${FLOWS}?companyCode=D11001&pageSize=5`)).length).toBeGreaterThan(0);
  });

  it('[BO-IMP-10] refuses the whole file when a row is bad, naming each bad row by its Excel row number', async () => {
    // Cells the sheet reader refuses (an unknown 收款方式, a serial twice in the file).
    const twice = bankSerial();
    const cells = await importFlows([flowRow({ 流水主体: 'BADCO' }), flowRow({ 收款方式: '花呗', 流水主体: 'BADCO' }), flowRow({ 银行流水号: twice, 流水主体: 'BADCO' }), flowRow({ 银行流水号: twice, 流水主体: 'BADCO' })]);
    expect(cells.importStatus).toBe(1);
    expect(cells.result.errorList.map((e) => e.rowNO)).toEqual([3, 5]);
    expect(cells.result.errorList[0]!.errorMsg).toContain('收款方式');
    // Rows whose cells are right but the records are not (a serial in the wrong format, a serial already imported).
    const taken = (await flowsOf('IMPCO'))[0]!.bankSerialNo as string;
    const records = await importFlows([flowRow({ 流水主体: 'BADCO' }), flowRow({ 快捷支付流水号: '12345', 流水主体: 'BADCO' }), flowRow({ 银行流水号: taken, 流水主体: 'BADCO' })]);
    const errors = new Map(records.result.errorList.map((e) => [e.rowNO, e.errorMsg]));
    expect([...errors.keys()]).toEqual([3, 4]);
    expect(errors.get(3)).toBe('微信支付的快捷支付流水号应为4200开头的28位数字');
    expect(errors.get(4)).toBe(`银行流水号“${taken}”已存在`);
    expect(await flowsOf('BADCO')).toEqual([]);
  });

  it('认领 a transfer into new receipts: claimed never beyond the flow, its state following; voiding a claimed receipt gives it back', async () => {
    const serial = bankSerial();
    await importFlows([flowRow({ 银行流水号: serial, 收款方式: '银行转账', 金额: 1000, 对方户名: '北京顺达物流有限公司', 流水主体: 'CLAIMCO' })]);
    const flow = (await flowsOf('CLAIMCO'))[0]!;
    const claim = (body: Record<string, unknown>) => call<{ flow: Row; receipt: Row }>('POST', `${FLOWS}/${flow.id}/claim`, body);
    const first = await claim({ receiptType: '81011006', amount: '300.00' });
    expect(first.errMsg).toBe('');
    expect(first.data!.receipt).toMatchObject({ status: '81031002', payMethod: TRANSFER, amount: '300.00', bankSerialNo: serial, customerName: '北京顺达物流有限公司', companyCode: 'CLAIMCO', bankFlowId: flow.id, flowNo: flow.flowNo, receivedAt: '2026-06-25 10:00:00' });
    expect(first.data!.flow).toMatchObject({ claimedAmount: '300.00', unclaimedAmount: '700.00', status: '81151002' });
    expect(await claim({ receiptType: '81011006', amount: '700.01' })).toMatchObject({ resultCode: 400, errMsg: `认领金额超过银行流水${String(flow.flowNo)}的未认领金额700.00元` });
    expect(await claim({ amount: '100.00' })).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('收款类型') });
    // Two claims of the rest at once: one is refused.
    const both = await Promise.all([claim({ receiptType: '81011006' }), claim({ receiptType: '81011006', amount: '700.00' })]);
    expect(both.map((a) => a.resultCode).sort()).toEqual([200, 400]);
    expect(await get(`${FLOWS}/${flow.id}`)).toMatchObject({ claimedAmount: '1000.00', unclaimedAmount: '0.00', status: '81151003' });
    const receipts = await list(`${RECEIPTS}?bankFlowId=${flow.id}`);
    expect(receipts.map((r) => r.amount).sort()).toEqual(['300.00', '700.00']);
    // A claimed receipt voided gives its amount back to the flow.
    expect((await call('POST', `${RECEIPTS}/${first.data!.receipt.id}/void`)).resultCode).toBe(200);
    expect(await get(`${FLOWS}/${flow.id}`)).toMatchObject({ claimedAmount: '700.00', status: '81151002' });
  });

  it('认领 into a receipt the cashier registered: linked and confirmed; a receipt is claimed once, an outgoing flow never', async () => {
    const serial = bankSerial();
    await importFlows([flowRow({ 银行流水号: serial, 收款方式: '银行转账', 金额: 2000, 流水主体: 'LINKCO' }), flowRow({ 收支方向: '支', 收款方式: '银行转账', 金额: 50, 流水主体: 'LINKCO' })]);
    const flows = await flowsOf('LINKCO');
    const incoming = flows.find((f) => f.direction === '81141001')!;
    const outgoing = flows.find((f) => f.direction === '81141002')!;
    const registered = (await call('POST', RECEIPTS, { companyCode: 'LINKCO', customerName: '李雷', receiptType: '81011003', payMethod: TRANSFER, amount: '2000.00', receivedAt: '2026-06-25 09:30:00' })).data!;
    expect(registered.status).toBe('81031001');
    const linked = await call<{ flow: Row; receipt: Row }>('POST', `${FLOWS}/${incoming.id}/claim`, { receiptId: registered.id });
    expect(linked.errMsg).toBe('');
    expect(linked.data!.receipt).toMatchObject({ id: registered.id, status: '81031002', bankFlowId: incoming.id, bankSerialNo: serial });
    expect(linked.data!.flow).toMatchObject({ status: '81151003' });
    expect(await call('POST', `${FLOWS}/${incoming.id}/claim`, { receiptId: registered.id })).toMatchObject({ resultCode: 400 });
    expect(await call('POST', `${FLOWS}/${outgoing.id}/claim`, { receiptType: '81011006' })).toMatchObject({ resultCode: 400, errMsg: `银行流水${String(outgoing.flowNo)}是支出，不能认领` });
  });

  it('收款对账 matches exact serial first, then amount and date, shows what is left, and is 已平 once the rest is matched by hand', async () => {
    const day = '2026-06-25';
    const [q1, q2] = [wechatId(), wechatId()];
    // Receipts: two with WeChat ids, one without (same amount as a flow), one the bank never paid.
    const r1 = await receipt('RECCO', '120.00', `${day} 09:10:00`, { quickPaySerialNo: q1 });
    const r2 = await receipt('RECCO', '88.00', `${day} 10:20:00`, { quickPaySerialNo: q2 });
    const r3 = await receipt('RECCO', '66.00', `${day} 11:30:00`);
    const r4 = await receipt('RECCO', '45.00', `${day} 15:00:00`);
    // Another day and another company are not in the reconciliation.
    await receipt('RECCO', '10.00', '2026-06-24 10:00:00');
    await receipt('OTHERCO', '120.00', `${day} 09:10:00`);
    await importFlows([
      flowRow({ 快捷支付流水号: q1, 金额: 120, 交易时间: `${day} 09:11:02`, 流水主体: 'RECCO' }),
      flowRow({ 快捷支付流水号: q2, 金额: 88, 交易时间: `${day} 10:21:40`, 流水主体: 'RECCO' }),
      flowRow({ 金额: 66, 交易时间: `${day} 11:31:00`, 流水主体: 'RECCO' }),
      flowRow({ 金额: 44.5, 交易时间: `${day} 15:02:00`, 流水主体: 'RECCO' }),
    ]);
    const created = await call('POST', RECONS, { companyCode: 'RECCO', reconDate: day, payMethod: WECHAT });
    expect(created.errMsg).toBe('');
    const recon = created.data!;
    expect(String(recon.reconNo)).toMatch(/^DZD11001\d{10}$/);
    expect(recon).toMatchObject({
      status: RECON.different,
      receiptCount: 4,
      flowCount: 4,
      systemAmount: '319.00',
      bankAmount: '318.50',
      differenceAmount: '0.50',
      unmatchedSystemAmount: '45.00',
      unmatchedBankAmount: '44.50',
    });
    const matches = recon.matches as Row[];
    expect(matches.map((m) => [m.receiptNo, m.matchType, m.matchTypeName]).sort()).toEqual(
      [
        [r1.receiptNo, MATCH.serial, '流水号'],
        [r2.receiptNo, MATCH.serial, '流水号'],
        [r3.receiptNo, MATCH.amountDate, '金额日期'],
      ].sort(),
    );
    expect(matches.find((m) => m.receiptId === r1.id)).toMatchObject({ serialNo: q1, receiptAmount: '120.00', flowAmount: '120.00' });
    // What is left: the receipt and the flow nobody matched, listed by the screen's related lists.
    expect((await list(`${RECEIPTS}?companyCode=RECCO&reconciled=0&receivedFrom=${day}&receivedTo=${day}`)).map((r) => r.id)).toEqual([r4.id]);
    const leftFlow = (await list(`${FLOWS}?companyCode=RECCO&reconciled=0`))[0]!;
    expect(leftFlow.amount).toBe('44.50');
    // One per company, day and pay method.
    expect(await call('POST', RECONS, { companyCode: 'RECCO', reconDate: day, payMethod: WECHAT })).toMatchObject({ resultCode: 400, errMsg: `${day}的该收款方式已有收款对账单${String(recon.reconNo)}` });
    // By hand: matched, still a difference of ¥0.50 (a fee), confirmed with its reason; 确认 alone is refused.
    const manual = await call('POST', `${RECONS}/${recon.id}/manualMatch`, { bankFlowId: leftFlow.id, receiptIds: [r4.id] });
    expect(manual.errMsg).toBe('');
    expect(manual.data).toMatchObject({ status: RECON.different, unmatchedSystemAmount: '0.00', unmatchedBankAmount: '0.00', differenceAmount: '0.50' });
    expect((await call('POST', `${RECONS}/${recon.id}/confirm`)).resultCode).toBe(400);
    expect((await call('POST', `${RECONS}/${recon.id}/confirmDifference`, { differenceReason: '微信手续费0.5元' })).resultCode).toBe(200);
    expect(await get(`${RECONS}/${recon.id}`)).toMatchObject({ status: RECON.confirmed, confirmedByName: expect.any(String) });
    // Confirmed: no more matching, and its receipts are not voided.
    expect(await call('POST', `${RECONS}/${recon.id}/unmatch`, { bankFlowId: leftFlow.id })).toMatchObject({ resultCode: 400, errMsg: `收款对账单${String(recon.reconNo)}已确认，不能再修改配对` });
    expect(await call('POST', `${RECEIPTS}/${r1.id}/void`)).toMatchObject({ resultCode: 400, errMsg: `收款单${String(r1.receiptNo)}已对账，不能作废` });
  });

  it('a balanced day is 已平 and confirmed; a receipt that arrives after the matching is counted before 确认', async () => {
    const day = '2026-06-23';
    const q = wechatId();
    await receipt('BALCO', '300.00', `${day} 10:00:00`, { quickPaySerialNo: q });
    await importFlows([flowRow({ 快捷支付流水号: q, 金额: 300, 交易时间: `${day} 10:00:30`, 流水主体: 'BALCO' })]);
    const recon = (await call('POST', RECONS, { companyCode: 'BALCO', reconDate: day, payMethod: WECHAT })).data!;
    expect(recon).toMatchObject({ status: RECON.balanced, differenceAmount: '0.00', systemAmount: '300.00', bankAmount: '300.00' });
    await receipt('BALCO', '20.00', `${day} 16:00:00`);
    expect(await call('POST', `${RECONS}/${recon.id}/confirm`)).toMatchObject({ resultCode: 400, errMsg: `收款对账单${String(recon.reconNo)}配对后又有新的收款或流水，请重新配对后再确认` });
    expect((await call('POST', `${RECONS}/${recon.id}/autoMatch`)).data).toMatchObject({ status: RECON.different, systemAmount: '320.00', unmatchedSystemAmount: '20.00' });
    // The bank's credit of it arrives: matched by amount and date, 已平, confirmed.
    await importFlows([flowRow({ 金额: 20, 交易时间: `${day} 16:01:00`, 流水主体: 'BALCO' })]);
    expect((await call('POST', `${RECONS}/${recon.id}/autoMatch`)).data).toMatchObject({ status: RECON.balanced });
    expect((await call('POST', `${RECONS}/${recon.id}/confirm`)).resultCode).toBe(200);
  });

  it('a reconciled flow cannot be reconciled twice: two matchings of one flow at once, one wins; two automatic matchings match each pair once', async () => {
    const day = '2026-06-22';
    const [a, b] = [await receipt('RACECO', '50.00', `${day} 10:00:00`), await receipt('RACECO', '70.00', `${day} 11:00:00`)];
    await importFlows([flowRow({ 金额: 99, 交易时间: `${day} 12:00:00`, 流水主体: 'RACECO' })]);
    const flow = (await flowsOf('RACECO'))[0]!;
    const recon = (await call('POST', RECONS, { companyCode: 'RACECO', reconDate: day, payMethod: WECHAT })).data!;
    expect(recon.matches).toEqual([]);
    const both = await Promise.all([
      call('POST', `${RECONS}/${recon.id}/manualMatch`, { bankFlowId: flow.id, receiptIds: [a.id] }),
      call('POST', `${RECONS}/${recon.id}/manualMatch`, { bankFlowId: flow.id, receiptIds: [b.id] }),
    ]);
    expect(both.map((x) => x.resultCode).sort()).toEqual([200, 400]);
    expect(both.find((x) => x.resultCode === 400)!.errMsg).toBe(`银行流水${String(flow.flowNo)}已对账，不能重复对账`);
    const after = await get(`${RECONS}/${recon.id}`);
    expect(after.matches as Row[]).toHaveLength(1);
    expect(await get(`${FLOWS}/${flow.id}`)).toMatchObject({ reconId: recon.id, reconNo: recon.reconNo });
    // 取消配对 frees it again; the receipt left out can then be matched.
    expect((await call('POST', `${RECONS}/${recon.id}/unmatch`, { bankFlowId: flow.id })).resultCode).toBe(200);
    expect(await get(`${FLOWS}/${flow.id}`)).toMatchObject({ reconId: null });

    const day2 = '2026-06-21';
    const serials = [wechatId(), wechatId(), wechatId()];
    for (const [i, q] of serials.entries()) await receipt('RACECO', `${10 + i}.00`, `${day2} 10:0${i}:00`, { quickPaySerialNo: q });
    const recon2 = (await call('POST', RECONS, { companyCode: 'RACECO', reconDate: day2, payMethod: WECHAT })).data!;
    expect(recon2.matches).toEqual([]);
    await importFlows(serials.map((q, i) => flowRow({ 快捷支付流水号: q, 金额: 10 + i, 交易时间: `${day2} 10:0${i}:30`, 流水主体: 'RACECO' })));
    const runs = await Promise.all([1, 2, 3].map(() => call('POST', `${RECONS}/${recon2.id}/autoMatch`)));
    expect(runs.every((r) => r.resultCode === 200)).toBe(true);
    const matched = await get(`${RECONS}/${recon2.id}`);
    expect(matched).toMatchObject({ status: RECON.balanced, systemAmount: '33.00', bankAmount: '33.00' });
    expect(matched.matches as Row[]).toHaveLength(3);
    // Two reconciliations of one day and method created at once: one is refused.
    const day3 = '2026-06-20';
    const created = await Promise.all([1, 2].map(() => call('POST', RECONS, { companyCode: 'RACECO', reconDate: day3, payMethod: WECHAT })));
    expect(created.map((c) => c.resultCode).sort()).toEqual([200, expect.any(Number)]);
    expect(created.filter((c) => c.resultCode === 200)).toHaveLength(1);
  });
});

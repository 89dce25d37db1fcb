// 发票 (domain.md §2, issue 26) on both databases: the 20-digit 数电发票号码 (yy + the province's tax area + channel +
// 15-digit sequence) taken at 开票, line tax = total − round(total / 1.13, 2) with the header the sum of the lines, the
// blue less red invoices of a source never beyond its invoiceable amount (also when two are issued at once), and 红冲 as
// a new red invoice, the blue one never edited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../schemas/api/page';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const INVOICES = '/api/2b/finance/invoices';
const RECEIVABLES = '/api/2b/finance/receivables';
const KIND = { special: '81111001', ordinary: '81111002', vehicle: '81111003' };
const STATUS = { pending: '81121001', issued: '81121002', reversed: '81121003' };
const DIRECTION = { blue: '81131001', red: '81131002' };
const REPAIR = '81071001';

type Row = Record<string, unknown> & { id: number };

describe(`发票 (${DB_KIND})`, () => {
  let t: TestServer;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestServer();
    for (const user of ['d11001dbzy', 'd31001dbzy']) tokens[user] = await t.login(user);
  });
  afterAll(() => t?.close());

  const call = <T = Row>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who = 'd11001dbzy') =>
    t.call<T>({ method, url, token: tokens[who], ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const get = async (url: string) => (await call('GET', url)).data!;
  let source = 0;
  async function receivable(amount: string, who = 'd11001dbzy'): Promise<string> {
    const sourceNo = `ROTEST${String(++source).padStart(6, '0')}`;
    const created = await call('POST', RECEIVABLES, { debtorType: '81061001', debtorName: '北京顺达物流有限公司', sourceType: REPAIR, sourceNo, amount, arDate: '2026-06-20', dueDate: '2026-07-20' }, who);
    expect(created.errMsg).toBe('');
    return sourceNo;
  }
  const lines = [
    { itemName: '维修工时费', qty: '1', unitPrice: '1130.00' },
    { itemName: '机油滤清器', unit: '个', qty: '3', unitPrice: '99.99' },
  ];
  const ask = (sourceNo: string, body: Record<string, unknown> = {}, who = 'd11001dbzy') =>
    call('POST', INVOICES, { invoiceKind: KIND.ordinary, buyerName: '北京顺达物流有限公司', sourceType: REPAIR, sourceNo, lines, ...body }, who);
  const issue = (id: number, who = 'd11001dbzy') => call('POST', `${INVOICES}/${id}/issue`, undefined, who);

  it('[BO-ENT-16] computes each line’s tax from its tax-inclusive total and the header from the lines', async () => {
    const sourceNo = await receivable('2000.00');
    const created = await ask(sourceNo);
    expect(created.errMsg).toBe('');
    const invoice = created.data!;
    expect(invoice).toMatchObject({ status: STATUS.pending, direction: DIRECTION.blue, invoiceNo: null, companyCode: 'D11001', totalAmount: '1429.97', amountExTax: '1265.46', taxAmount: '164.51' });
    expect(String(invoice.requestNo)).toMatch(/^KPD11001\d{10}$/);
    expect((invoice.lines as Row[]).map((l) => [l.totalAmount, l.amountExTax, l.taxAmount, l.taxRate])).toEqual([
      ['1130.00', '1000.00', '130.00', '0.1300'],
      ['299.97', '265.46', '34.51', '0.1300'],
    ]);
  });

  it('[BO-ENT-16] issues a 20-digit digital invoice number: year, the province’s tax area, channel, a 15-digit sequence counting up', async () => {
    const year = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(2, 4);
    const a = (await ask(await receivable('2000.00'))).data!;
    const b = (await ask(await receivable('2000.00'))).data!;
    expect((await issue(a.id)).errMsg).toBe('');
    expect((await issue(b.id)).errMsg).toBe('');
    const [first, second] = [await get(`${INVOICES}/${a.id}`), await get(`${INVOICES}/${b.id}`)];
    expect(first).toMatchObject({ status: STATUS.issued, issuedAt: expect.any(String), issuedByName: expect.any(String) });
    expect(String(first.invoiceNo)).toMatch(new RegExp(`^${year}111\\d{15}$`));
    expect(BigInt(String(second.invoiceNo)) - BigInt(String(first.invoiceNo))).toBe(1n);
    // 上海 (D31001) issues under area 31.
    const shanghai = (await ask(await receivable('2000.00', 'd31001dbzy'), {}, 'd31001dbzy')).data!;
    expect((await issue(shanghai.id, 'd31001dbzy')).errMsg).toBe('');
    expect(String((await call('GET', `${INVOICES}/${shanghai.id}`, undefined, 'd31001dbzy')).data!.invoiceNo)).toMatch(new RegExp(`^${year}311\\d{15}$`));
    // Issued, it is never edited or deleted.
    expect((await call('PUT', `${INVOICES}/${a.id}`, { buyerName: '改' })).resultCode).toBe(400);
    expect((await call('DELETE', `${INVOICES}/${a.id}`)).resultCode).toBe(400);
  });

  it('refuses what the kind requires and what the source cannot take; a source without a receivable has nothing to invoice', async () => {
    const sourceNo = await receivable('1500.00');
    expect(await ask(sourceNo, { invoiceKind: KIND.special })).toMatchObject({ resultCode: 400, errMsg: '数电专票须填写购买方纳税人识别号' });
    expect(await ask(sourceNo, { invoiceKind: KIND.vehicle })).toMatchObject({ resultCode: 400, errMsg: '机动车销售统一发票须填写车架号' });
    expect(await ask(sourceNo, { lines: [{ itemName: '工时', qty: '-1', unitPrice: '10.00' }] })).toMatchObject({ resultCode: 400, errMsg: '发票明细第1行：数量应大于0' });
    expect(await ask('RONOTHING')).toMatchObject({ resultCode: 400, errMsg: '来源单据RONOTHING没有可开票的应收' });
    const first = (await ask(sourceNo)).data!;
    await issue(first.id);
    expect(await ask(sourceNo, { lines: [{ itemName: '洗车', qty: '1', unitPrice: '70.04' }] })).toMatchObject({ resultCode: 400, errMsg: `开票金额超过来源单据${sourceNo}的可开票余额70.03元` });
    expect((await ask(sourceNo, { lines: [{ itemName: '洗车', qty: '1', unitPrice: '70.03' }] })).resultCode).toBe(200);
    // A red invoice cannot be asked for directly.
    expect(await ask(sourceNo, { redOfInvoiceNo: String((await get(`${INVOICES}/${first.id}`)).invoiceNo) })).toMatchObject({ resultCode: 400, errMsg: '红字发票只能由红冲开具' });
  });

  it('two invoices of one source issued at once cannot exceed its invoiceable amount: one is refused', async () => {
    const sourceNo = await receivable('2000.00');
    const [a, b] = [(await ask(sourceNo)).data!, (await ask(sourceNo)).data!];
    const answers = await Promise.all([issue(a.id), issue(b.id)]);
    expect(answers.map((x) => x.resultCode).sort()).toEqual([200, 400]);
    expect(answers.find((x) => x.resultCode === 400)!.errMsg).toBe(`开票金额超过来源单据${sourceNo}的可开票余额570.03元`);
  });

  it('红冲 opens a red invoice of every line negated with its own number; the blue one is 已红冲; the source may be invoiced again', async () => {
    const sourceNo = await receivable('1429.97');
    const blue = (await ask(sourceNo)).data!;
    await issue(blue.id);
    const blueNo = String((await get(`${INVOICES}/${blue.id}`)).invoiceNo);
    expect(await call('POST', `${INVOICES}/${blue.id}/red`, {})).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('红冲原因') });
    expect((await call('POST', `${INVOICES}/${blue.id}/red`, { redReason: '购买方名称开错' })).errMsg).toBe('');
    expect(await get(`${INVOICES}/${blue.id}`)).toMatchObject({ status: STATUS.reversed, invoiceNo: blueNo, totalAmount: '1429.97' });
    const red = (await call<Page<Row>>('GET', `${INVOICES}?sourceNo=${sourceNo}&direction=${DIRECTION.red}`)).data!.items;
    expect(red).toHaveLength(1);
    const redInvoice = await get(`${INVOICES}/${red[0]!.id}`);
    expect(redInvoice).toMatchObject({ status: STATUS.issued, direction: DIRECTION.red, redOfInvoiceNo: blueNo, redReason: '购买方名称开错', totalAmount: '-1429.97', amountExTax: '-1265.46', taxAmount: '-164.51' });
    expect(String(redInvoice.invoiceNo)).toMatch(/^\d{20}$/);
    expect(redInvoice.invoiceNo).not.toBe(blueNo);
    expect((redInvoice.lines as Row[]).map((l) => [l.qty, l.totalAmount, l.taxAmount])).toEqual([
      ['-1.00', '-1130.00', '-130.00'],
      ['-3.00', '-299.97', '-34.51'],
    ]);
    // A red invoice is not reversed again, and the blue one not twice.
    expect((await call('POST', `${INVOICES}/${redInvoice.id}/red`, { redReason: '再冲' })).resultCode).toBe(400);
    expect((await call('POST', `${INVOICES}/${blue.id}/red`, { redReason: '再冲' })).resultCode).toBe(400);
    // Σ blue − red of the source is 0: the corrected invoice may be issued for the whole amount.
    const corrected = (await ask(sourceNo, { buyerName: '北京顺达物流股份有限公司' })).data!;
    expect((await issue(corrected.id)).errMsg).toBe('');
  });
});

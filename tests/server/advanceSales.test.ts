// 整车预售 (the spec's /finance/advanceSale/vehicle, with its vehicle image for /finance/advanceSale/vehicle/previewImg) and
// 配件发票登记 (domain.md §2, issue 26): a presale's deposit within its price and taken by a confirmed 整车定金 receipt, once;
// 转订单 and 退订 with what they need; a part invoice's cost read from its received purchase in-orders (each on one
// invoice at most, also when two registrations race), approved only when it equals that cost within ¥1.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOUNDARY, JPEG_HEAD, multipartBody } from './uploadBodies';
import { DB_KIND, startTestServer, type TestServer } from './harness';

const PRESALES = '/api/2b/finance/advanceSale/vehicles';
const RECEIPTS = '/api/2b/finance/receipts';
const PART_INVOICES = '/api/2b/finance/partInvoiceRegisters';
const PRESALE_MENU = 'finance_advanceSale';

type Row = Record<string, unknown> & { id: number };

describe(`整车预售与配件发票登记 (${DB_KIND})`, () => {
  let t: TestServer;
  let finance: string;
  let vehicle: Record<string, number>;

  beforeAll(async () => {
    t = await startTestServer();
    finance = await t.login('d11001dbzy');
    // A colour of the material tree and its ancestors: brand, series, model, configuration, colour.
    const db = t.server.database.db;
    const chain: number[] = [];
    let node = await db.selectFrom('materials').select(['id', 'parentId']).where('level', '=', 5).orderBy('id').executeTakeFirstOrThrow();
    chain.unshift(Number(node.id));
    while (node.parentId !== null) {
      node = await db.selectFrom('materials').select(['id', 'parentId']).where('id', '=', node.parentId).executeTakeFirstOrThrow();
      chain.unshift(Number(node.id));
    }
    const [brandId, seriesId, modelId, configId, colorId] = chain as [number, number, number, number, number];
    vehicle = { brandId, seriesId, modelId, configId, colorId };
  });
  afterAll(() => t?.close());

  const call = <T = Row>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.call<T>({ method, url, token: finance, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  async function deposit(amount: string, receiptType = '81011003'): Promise<Row> {
    const created = (await call('POST', RECEIPTS, { customerName: '孙悦', receiptType, payMethod: '81021004', amount, receivedAt: '2026-06-26 14:00:00', quickPaySerialNo: '2026062611223344556677889900' })).data!;
    await call('POST', `${RECEIPTS}/${created.id}/confirm`);
    return created;
  }
  const presale = (body: Record<string, unknown>) => call('POST', PRESALES, { customerName: '孙悦', phone: '13911112222', ...vehicle, presalePrice: '169800.00', depositAmount: '10000.00', expectedArrival: '2026-09-01', ...body });

  it('registers a presale with its YS number, vehicle and image (the preview page’s url), deposit taken by its receipt', async () => {
    const url = '/api/file/image';
    const upload = await t.app.inject({
      method: 'POST',
      url,
      payload: multipartBody([{ field: 'file', name: 'E6.jpg', content: Buffer.concat([JPEG_HEAD, Buffer.alloc(200)]) }]),
      headers: { ...t.signatureHeaders('POST', url), authorization: `Bearer ${finance}`, menuId: PRESALE_MENU, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    const image = upload.json<{ data: string }>().data;
    expect(image).toMatch(/^\/api\/file\/preview\/[0-9a-f]{32}$/);
    const receipt = await deposit('10000.00');
    const created = await presale({ vehicleImage: image, receiptId: receipt.id });
    expect(created.errMsg).toBe('');
    expect(created.data).toMatchObject({ status: '81181001', vehicleImage: image, receiptNo: receipt.receiptNo, colorName: expect.any(String), configName: expect.any(String), modelName: expect.any(String) });
    expect(String(created.data!.presaleNo)).toMatch(/^YSD11001\d{10}$/);
    // The image is this system's, so the preview page shows it to whoever may read the presale.
    expect((await t.call({ method: 'GET', url: image, token: finance, menuId: PRESALE_MENU })).httpStatus).toBe(200);
    // The deposit receipt is one presale's only.
    expect(await presale({ receiptId: receipt.id })).toMatchObject({ resultCode: 400, errMsg: `收款单${String(receipt.receiptNo)}已是预售单${String(created.data!.presaleNo)}的定金` });
  });

  it('refuses a deposit above the price, a receipt that is not a confirmed 整车定金 or smaller than the deposit', async () => {
    expect(await presale({ depositAmount: '169800.01' })).toMatchObject({ resultCode: 400, errMsg: '定金不能超过预售价格' });
    const repair = await deposit('10000.00', '81011001');
    expect(await presale({ receiptId: repair.id })).toMatchObject({ resultCode: 400, errMsg: `收款单${String(repair.receiptNo)}不是已确认的整车定金收款单` });
    const small = await deposit('5000.00');
    expect(await presale({ receiptId: small.id })).toMatchObject({ resultCode: 400, errMsg: `收款单${String(small.receiptNo)}的金额少于定金` });
  });

  it('转订单 needs the sales order number, 退订 its reason; neither from another state', async () => {
    const a = (await presale({})).data!;
    expect(await call('POST', `${PRESALES}/${a.id}/toOrder`, {})).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('销售订单号') });
    expect((await call('POST', `${PRESALES}/${a.id}/toOrder`, { soNo: 'SOD110012607010001' })).data).toMatchObject({ status: '81181002', soNo: 'SOD110012607010001' });
    expect((await call('POST', `${PRESALES}/${a.id}/cancel`, { cancelReason: '客户改主意' })).resultCode).toBe(400);
    const b = (await presale({})).data!;
    expect(await call('POST', `${PRESALES}/${b.id}/cancel`, {})).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('退订原因') });
    expect((await call('POST', `${PRESALES}/${b.id}/cancel`, { cancelReason: '车型延期到店' })).data).toMatchObject({ status: '81181003' });
    expect((await call('PUT', `${PRESALES}/${b.id}`, { remark: '改' })).resultCode).toBe(400);
  });

  describe('配件发票登记', () => {
    let clerk: string;
    const STOCK = '/api/part/stockmanage';
    const asClerk = <T = Row>(method: 'GET' | 'POST', url: string, payload?: unknown) =>
      t.call<T>({ method, url, token: clerk, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
    /** A purchase in-order of the 领料员 (前刹车片), received unless `receive` is false: its number and cost. */
    async function inOrder(qty: string, costPrice: string, receive = true): Promise<{ id: number; inNo: string; totalAmount: string }> {
      clerk ??= await t.login('d11001llr');
      const created = await asClerk<{ id: number; inNo: string; totalAmount: string }>('POST', `${STOCK}/partInOrders`, {
        inType: '82051001', warehouseCode: 'PJ01', supplierName: '华晟汽车配件供应中心', lines: [{ partNo: 'HS-3501010-A3', qty, costPrice }],
      });
      expect(created.resultCode, created.errMsg).toBe(200);
      if (receive) expect((await asClerk('POST', `${STOCK}/partInOrders/${created.data!.id}/receive`)).resultCode).toBe(200);
      return created.data!;
    }
    let invoiceSeq = 12345;
    const invoice = (inOrderNos: string[], amountExTax: string, extra: Record<string, unknown> = {}) =>
      call('POST', PART_INVOICES, { invoiceNo: `261120000000000${invoiceSeq++}`, invoiceDate: '2026-06-15', amountExTax, taxAmount: '2418.00', inOrderNos, ...extra });

    it('its 入库成本 is what its received purchase in-orders cost, whatever is typed; approved only within ¥1, then paid with its serial; its number once per dealer', async () => {
      const a = await inOrder('50', '180');
      const b = await inOrder('40', '239.96');
      expect([a.totalAmount, b.totalAmount]).toEqual(['9000.00', '9598.40']);
      const body = { invoiceNo: '26112000000000099999', invoiceDate: '2026-06-15', amountExTax: '18600.00', taxAmount: '2418.00', inOrderNos: [b.inNo, a.inNo, a.inNo], inOrderAmount: '18600.00' };
      const created = await call('POST', PART_INVOICES, body);
      expect(created.errMsg).toBe('');
      expect(created.data).toMatchObject({ status: '81191001', supplierCode: 'HSQC', totalAmount: '21018.00', inOrderNos: [b.inNo, a.inNo], inOrderAmount: '18598.40' });
      expect(String(created.data!.registerNo)).toMatch(/^FPD11001\d{10}$/);
      expect(await call('POST', `${PART_INVOICES}/${created.data!.id}/approve`)).toMatchObject({ resultCode: 400, errMsg: '发票不含税金额与入库成本相差超过1元，不能审核' });
      // The cost cannot be typed to fit; the invoice's own amount corrected to within ¥1 can.
      expect((await call('PUT', `${PART_INVOICES}/${created.data!.id}`, { inOrderAmount: '18600.00' })).data).toMatchObject({ inOrderAmount: '18598.40' });
      expect((await call('PUT', `${PART_INVOICES}/${created.data!.id}`, { amountExTax: '18599.00' })).data).toMatchObject({ inOrderAmount: '18598.40' });
      expect((await call('POST', `${PART_INVOICES}/${created.data!.id}/approve`)).data).toMatchObject({ status: '81191002' });
      expect(await call('POST', `${PART_INVOICES}/${created.data!.id}/pay`, {})).toMatchObject({ resultCode: 400, errMsg: expect.stringContaining('付款流水号') });
      expect((await call('POST', `${PART_INVOICES}/${created.data!.id}/pay`, { paySerialNo: 'ICBC20260630000123456789' })).data).toMatchObject({ status: '81191003', paidAt: expect.any(String) });
      expect(await call('POST', PART_INVOICES, { ...body, inOrderNos: [(await inOrder('1', '180')).inNo] })).toMatchObject({ resultCode: 409, errMsg: '发票号码已存在' });
      // The in-orders are on this invoice: neither goes on another, nor can the clerk cancel one.
      expect(await invoice([a.inNo], '9000.00')).toMatchObject({ resultCode: 400, errMsg: `入库单${a.inNo}已登记在配件发票${String(created.data!.registerNo)}中` });
      expect(await asClerk('POST', `${STOCK}/partInOrders/${a.id}/cancel`, { cancelReason: '供应商退货' })).toMatchObject({
        resultCode: 400,
        errMsg: `入库单${a.inNo}不能作废：已登记在配件发票${String(created.data!.registerNo)}中，请先删除该发票登记`,
      });
    });

    it('names only the dealer’s received purchase in-orders', async () => {
      const pending = await inOrder('2', '180', false);
      expect(await invoice([pending.inNo], '360.00')).toMatchObject({ resultCode: 400, errMsg: `入库单${pending.inNo}尚未入库，不能登记发票` });
      expect(await invoice(['RKD119992606150001'], '360.00')).toMatchObject({ resultCode: 400, errMsg: '入库单RKD119992606150001不存在或不在本店' });
      expect(await invoice([], '360.00')).toMatchObject({ resultCode: 400 });
      // Another dealer's received purchase in-order answers as one that does not exist.
      const { rows } = await sql<{ inNo: string }>`select in_no as "inNo" from part_in_orders where owner_code <> 'D11001' and in_type = '82051001' and status = '82061002' limit 1`.execute(t.server.database.db);
      expect(rows).toHaveLength(1);
      expect(await invoice([rows[0]!.inNo], '360.00')).toMatchObject({ resultCode: 400, errMsg: `入库单${rows[0]!.inNo}不存在或不在本店` });
    });

    it('two registrations of one in-order at once: one is made, the other refused', async () => {
      const shared = await inOrder('3', '180');
      const answers = await Promise.all([invoice([shared.inNo], '540.00'), invoice([shared.inNo], '540.00')]);
      expect(answers.map((a) => a.resultCode).sort()).toEqual([200, 400]);
      expect(answers.find((a) => a.resultCode === 400)!.errMsg).toMatch(new RegExp(`^入库单${shared.inNo}已登记在配件发票FPD11001\\d{10}中$`));
      const { rows } = await sql<{ id: number }>`select id from part_invoice_registers where in_order_nos @> ${JSON.stringify([shared.inNo])}::jsonb`.execute(t.server.database.db);
      expect(rows).toHaveLength(1);
    });
  });
});

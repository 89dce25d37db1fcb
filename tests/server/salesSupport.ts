// The sales tests' steps through the real routes (issue 25): a potential customer of a consultant, a valid quotation of
// a vehicle the dealer has in stock, an order from it, its vehicle allocated and paid (its receivable written off at the
// cashier), its delivery. Each step signs in
// as the person who does it at D11001: d11001xsgw is the showroom manager (展厅经理 and 经销商销售经理), d11001xsgw2 the
// consultant, d11001kfzy the receptionist, d11001scy the test-drive specialist, d11001dbzy the cashier (财务人员).
import { sql } from 'kysely';
import { expect } from 'vitest';
import { multipartFile } from '../support/excelFiles';
import { loadMenuGrants } from '../../server/data/grants';
import { routeOfUrl, type TestServer } from './harness';

export const SALES_PATHS = {
  clues: '/api/2b/clueCenter/jk/clue',
  clueSources: '/api/2b/clueCenter/clueSource',
  potentials: '/api/2b/customerBusiness/potentialCustomers',
  customerBusiness: '/api/2b/customerBusiness/customerBusiness',
  potenCus: '/api/2b/customerBusiness/potenCus',
  consultantWork: '/api/2b/customerBusiness/consultantWork',
  followUps: '/api/2b/customerBusiness/customerBusiness/followUps',
  tags: '/api/2b/customerBusiness/tag',
  appoint: '/api/appointment/appoint',
  receptionist: '/api/2b/passenger/receptionist',
  drive: '/api/2b/drive/testDrive',
  testDrives: '/api/2b/drive/testDrives',
  giveCar: '/api/2b/drive/GiveCar',
  quotations: '/api/2b/quotedPrice/quotations',
  customerPrice: '/api/2b/quotedPrice/customerPrice',
  orders: '/api/2b/retail/salesOrders',
  receivables: '/api/2b/finance/receivables',
  receipts: '/api/2b/finance/receipts',
  writeOffs: '/api/2b/finance/writeOffs',
  stock: '/api/vehicle/vehicleStock/stocks',
  stockModelTable: '/api/2b/salesreport/report/stockModelTable',
  marketActivity: '/api/2b/action/marketactivity',
  bind: '/api/2b/cti/bind',
  inviteReport: '/api/customer-report/inviteReport/waitInviteRecord',
  schemes: '/api/dms.ws.order/test',
} as const;

export const SALES_ACCOUNTS = ['d11001xsgw', 'd11001xsgw2', 'd11001xsgw3', 'd11001kfzy', 'd11001scy', 'd11001dbzy', 'd12001xsgw', 'admin'] as const;
export type SalesAccount = (typeof SALES_ACCOUNTS)[number];

type Row = Record<string, unknown> & { id: number };

let phoneSeq = 0;
/** A phone no seed row holds: 1360 + the test file's random block + a sequence. */
const block = String(Math.floor(Math.random() * 9000) + 1000);
export const freshPhone = () => `1360${block}${String(++phoneSeq).padStart(3, '0')}`;

export class SalesFlow {
  readonly tokens = new Map<SalesAccount, string>();
  readonly ids = new Map<SalesAccount, number>();

  constructor(readonly t: TestServer) {}

  async signIn(): Promise<this> {
    for (const account of SALES_ACCOUNTS) {
      this.tokens.set(account, await this.t.login(account));
      const row = await this.t.server.database.db.selectFrom('users').select('id').where('userCode', '=', account).executeTakeFirstOrThrow();
      this.ids.set(account, Number(row.id));
    }
    return this;
  }

  /** The menu the user calls the route from, as the browser would: one of the user's menus that grants its key (a
   * record type's routes come with several screens' menus, not all of them granted to everyone). */
  async menuFor(who: SalesAccount, method: string, url: string): Promise<string | null> {
    const key = routeOfUrl(this.t.app.routeAccessTable, method, url)?.key;
    if (!key) return null;
    const grants = await loadMenuGrants(this.db, this.ids.get(who)!);
    return [...grants.keys.entries()].find(([, keys]) => keys.has(key))?.[0] ?? null;
  }

  async call<T = Row>(who: SalesAccount, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, query?: Record<string, string | string[]>) {
    const menuId = await this.menuFor(who, method, url);
    return this.t.call<T>({ method, url, token: this.tokens.get(who)!, ...(menuId ? { menuId } : {}), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }), ...(query ? { query } : {}) });
  }

  /** An Excel file posted as the import dialog posts it; answers when the import job has finished, with its status. */
  async importFile<T = { importStatus: number; result: { errorList: { rowNO: number; errorMsg: string; skipped?: boolean }[]; dataList: Record<string, unknown>[]; total: number } }>(
    who: SalesAccount,
    url: string,
    content: Buffer,
  ): Promise<T> {
    const menuId = await this.menuFor(who, 'POST', url);
    const answer = await this.t.call({ method: 'POST', url, token: this.tokens.get(who)!, ...(menuId ? { menuId } : {}), payload: multipartFile.body('导入.xlsx', content), headers: { 'content-type': multipartFile.contentType } });
    expect(answer.resultCode, answer.errMsg).toBe(200);
    await this.t.server.jobs.imports.idle();
    return this.ok<T>(who, 'GET', `${url}/last`);
  }

  /** The answer's data, failing the test with the server's message otherwise. */
  async ok<T = Row>(who: SalesAccount, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, query?: Record<string, string | string[]>): Promise<T> {
    const answer = await this.call<T>(who, method, url, payload, query);
    expect(answer.resultCode, `${method} ${url}: ${answer.errMsg}`).toBe(200);
    return answer.data as T;
  }

  get db() {
    return this.t.server.database.db;
  }

  /** A new potential customer of d11001xsgw2 (registered by the consultant). */
  potential(overrides: Record<string, unknown> = {}, who: SalesAccount = 'd11001xsgw2') {
    return this.ok(who, 'POST', `${SALES_PATHS.customerBusiness}/insertPotenCus`, { name: '测试客户', phone: freshPhone(), intentLevel: '83071002', ...overrides });
  }

  /** A free vehicle in the dealer's stock: its VIN, configuration and colour. */
  async freeVehicle(ownerCode = 'D11001', taken: Set<string> = new Set()): Promise<{ vin: string; configId: number; colorId: number; modelCode: string }> {
    const { rows } = await sql<{ vin: string; configId: number; colorId: number; modelCode: string }>`select vin, config_id, color_id, model_code from vehicle_stocks
      where owner_code = ${ownerCode} and status = '83221002' order by id`.execute(this.db);
    const free = rows.find((r) => !taken.has(r.vin))!;
    taken.add(free.vin);
    return { ...free, configId: Number(free.configId), colorId: Number(free.colorId) };
  }

  /** A quotation (draft) of the customer for the vehicle's configuration and colour. */
  quotation(potenId: number, vehicle: { configId: number; colorId: number }, discount = '5000.00', who: SalesAccount = 'd11001xsgw2') {
    return this.ok(who, 'POST', `${SALES_PATHS.customerPrice}/insertCustomerPrice`, { potenId, configId: vehicle.configId, colorId: vehicle.colorId, discount, validUntil: '2099-12-31' });
  }

  /** A quotation made 生效 (a discount within the threshold takes effect at once). */
  async validQuotation(potenId: number, vehicle: { configId: number; colorId: number }, discount = '5000.00'): Promise<Row> {
    const quote = await this.quotation(potenId, vehicle, discount);
    await this.ok('d11001xsgw2', 'POST', `${SALES_PATHS.quotations}/${quote.id}/issue`, { comment: '常规优惠' });
    return this.ok('d11001xsgw2', 'GET', `${SALES_PATHS.quotations}/${quote.id}`);
  }

  /** An order of a new customer for a free vehicle, approved by the manager; answers it and the vehicle. */
  async approvedOrder(taken?: Set<string>): Promise<{ order: Row; vehicle: { vin: string; configId: number; colorId: number } }> {
    const customer = await this.potential();
    const vehicle = await this.freeVehicle('D11001', taken);
    const quote = await this.validQuotation(customer.id, vehicle);
    const order = await this.ok('d11001xsgw2', 'POST', SALES_PATHS.orders, { quotationId: quote.id, depositAmount: '5000.00' });
    await this.ok('d11001xsgw', 'POST', `${SALES_PATHS.orders}/${order.id}/approve`);
    return { order, vehicle };
  }

  /** The order's vehicle-sale receivables (审核 posts one), as the cashier lists them. */
  async receivablesOf(soNo: unknown): Promise<Row[]> {
    return (await this.ok<{ items: Row[] }>('d11001dbzy', 'GET', SALES_PATHS.receivables, undefined, { sourceNo: String(soNo), sourceType: '81071002', pageSize: '20' })).items;
  }

  /** The cashier takes what is still open on the order's receivable in cash (收款并核销). */
  async payInFull(soNo: unknown): Promise<void> {
    for (const r of await this.receivablesOf(soNo)) {
      if (r.status === '81081001' || r.status === '81081002') await this.ok('d11001dbzy', 'POST', `${SALES_PATHS.receivables}/${r.id}/payAndWriteOff`, { payMethod: '81021001' });
    }
  }

  /** An order whose vehicle is allocated and paid, and a delivery of it ready to hand over. */
  async readyDelivery(taken?: Set<string>): Promise<{ order: Row; delivery: Row; vin: string }> {
    const { order, vehicle } = await this.approvedOrder(taken);
    await this.ok('d11001xsgw2', 'POST', `${SALES_PATHS.orders}/${order.id}/allocate`, { vin: vehicle.vin });
    await this.payInFull(order.soNo);
    await this.ok('d11001dbzy', 'POST', `${SALES_PATHS.orders}/${order.id}/confirmPayment`, { invoiceNo: '26110200000012345678' });
    const delivery = await this.ok('d11001xsgw2', 'POST', `${SALES_PATHS.giveCar}/deliveries`, { salesOrderId: order.id, plannedAt: '2099-01-01 10:00:00' });
    await this.ok('d11001xsgw2', 'PUT', `${SALES_PATHS.giveCar}/deliveries/${delivery.id}`, { checklist: ['83371001', '83371002', '83371003', '83371004', '83371005'], pdiPassed: '1', customerSigned: '1' });
    return { order, delivery, vin: vehicle.vin };
  }
}

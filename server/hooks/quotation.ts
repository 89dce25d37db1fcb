// 报价 needs a hook for what its JSON cannot say (domain.md §4): the quotation is for a potential customer the user may
// see and still works on (name, phone and consultant taken from it); the configuration, its colour and its option
// packages come from the vehicle materials, and the guide price is the configuration's plus the packages' (the
// manufacturer's prices, never the request's); the purchase-tax estimate follows the year's rules (new-energy
// reductions); the insurance estimate, when none is given, is 交强险 ¥950 plus 2.5% of the price as 商业险. The landing
// price is then the model's own compute. A loan quotation (付款方式 贷款, the customer's 分期) carries its finance plan:
// the loan is the vehicle price (guide − discount + accessories, what the order will total) less the down payment, and
// the monthly payment is the equal instalment of server/finance/instalment.ts; a full payment keeps no loan terms.
import { sql } from 'kysely';
import { formatDateTime } from '../http/dates';
import type { ModelHooks } from '../models/modelHooks';
import type { QuotationRecord } from './modelRecords';
import { SERIES } from '../seed/catalogue';
import { codeName, compareDecimal, consultantProblem, money, moneyText, multiplyDecimal, POTEN_STATUS, purchaseTax, SALES_TEXT, subtractDecimal, sumMoney } from './salesRules';
import { toDecimal, type Decimal } from '../../schemas/expression/decimal';
import { ZERO } from '../finance/money';
import { monthlyInstalment } from '../finance/instalment';

export const QUOTATION_TEXT = {
  closedCustomer: (state: string) => `潜客当前为“${state}”，不能报价`,
  config: '配置不存在',
  noPrice: '该配置还没有指导价，请联系厂端维护车辆物料价格',
  color: '颜色不属于所选配置',
  option: '选装包不属于所选配置',
  downPaymentRequired: '贷款报价请填写首付金额',
  downOverPrice: (price: string) => `首付金额不能超过车价${price}元（指导价 − 优惠 + 精品）`,
  nothingToLend: '首付金额等于车价，无需贷款，请选择全款',
  termRequired: '贷款报价请选择贷款期限',
  term: '贷款期限须为12、24、36、48或60个月',
  rateRequired: '贷款报价请填写年利率',
} as const;

export const PAY_TYPE = { full: '83091001', loan: '83091002' } as const;
/** The loan terms the banks and the manufacturer's finance company offer (months). */
export const LOAN_TERMS = [12, 24, 36, 48, 60] as const;

const OPEN_CUSTOMER = new Set<string>([POTEN_STATUS.following, POTEN_STATUS.dormant, POTEN_STATUS.ordered]);
const NEW_ENERGY_SERIES = new Set(SERIES.filter((s) => s.newEnergy).map((s) => s.seriesName));
const COMPULSORY_INSURANCE = '950';
const COMMERCIAL_INSURANCE_RATE = toDecimal('0.025')!;

export interface ConfigurationPrice {
  modelCode: string;
  seriesName: string;
  guidePrice: string | null;
}

/** A configuration's model, series and guide price (materials level 4 under 3 under 2). */
export async function configurationOf(db: Parameters<NonNullable<ModelHooks['decorate']>>[0], configId: number): Promise<ConfigurationPrice | undefined> {
  const { rows } = await sql<ConfigurationPrice>`select m.material_code as model_code, s.material_name_zh as series_name, c.guide_price::text as guide_price
    from materials c join materials m on m.id = c.parent_id join materials s on s.id = m.parent_id where c.id = ${configId} and c.level = 4`.execute(db);
  return rows[0];
}

const blank = (value: unknown) => value === null || value === undefined || value === '';

/** The finance plan of a loan quotation on `price`, the vehicle price the order will total; cleared for a full payment. */
function financePlan(values: QuotationRecord, price: Decimal, problems: string[], prefix: string): void {
  if (values.payType !== PAY_TYPE.loan) {
    Object.assign(values, { downPayment: null, loanAmount: null, loanTerm: null, annualRate: null, monthlyPayment: null });
    return;
  }
  const missing = ([
    blank(values.downPayment) && QUOTATION_TEXT.downPaymentRequired,
    blank(values.loanTerm) ? QUOTATION_TEXT.termRequired : !(LOAN_TERMS as readonly number[]).includes(Number(values.loanTerm)) && QUOTATION_TEXT.term,
    blank(values.annualRate) && QUOTATION_TEXT.rateRequired,
  ] as (string | false)[]).filter((m): m is string => typeof m === 'string');
  const loan = subtractDecimal(price, money(values.downPayment));
  const sign = compareDecimal(loan, ZERO);
  if (!blank(values.downPayment) && sign <= 0) missing.push(sign < 0 ? QUOTATION_TEXT.downOverPrice(moneyText(price)) : QUOTATION_TEXT.nothingToLend);
  if (missing.length > 0) return void problems.push(...missing.map((m) => `${prefix}${m}`));
  values.loanAmount = moneyText(loan);
  values.monthlyPayment = moneyText(monthlyInstalment(loan, money(values.annualRate), Number(values.loanTerm)));
}

export const quotationHooks: ModelHooks<QuotationRecord> = {
  /** The configuration's model, series and brand ids beside it, so the material cascade of the form shows a quotation
   * whole when it is edited (one query for the page). */
  async decorate(db, rows) {
    const configs = [...new Set(rows.map((r) => Number(r.configId)).filter((id) => id > 0))];
    if (configs.length === 0) return;
    const { rows: paths } = await sql<{ configId: number; modelId: number; seriesId: number; brandId: number }>`select c.id as config_id, m.id as model_id, s.id as series_id, s.parent_id as brand_id
      from materials c join materials m on m.id = c.parent_id join materials s on s.id = m.parent_id where c.id in (${sql.join(configs)})`.execute(db);
    const byConfig = new Map(paths.map((p) => [Number(p.configId), p]));
    for (const row of rows) {
      const path = byConfig.get(Number(row.configId));
      if (path) Object.assign(row, { brandId: Number(path.brandId), seriesId: Number(path.seriesId), modelId: Number(path.modelId) });
    }
  },

  async beforeWrite(context, change) {
    const { db, user } = context;
    const ownerCode = (change.current?.ownerCode as string | undefined) ?? user.ownerCode;
    const { values } = change;
    const customer = await context.records!('potentialCustomer').find(Number(values.potenId));
    if (!customer) return void change.problems.push(`${change.prefix}${SALES_TEXT.potenMissing}`);
    if (!OPEN_CUSTOMER.has(String(customer.status))) return void change.problems.push(`${change.prefix}${QUOTATION_TEXT.closedCustomer(await codeName(db, customer.status))}`);
    values.customerName = String(customer.name);
    values.phone = String(customer.phone);
    values.consultantId ??= (customer.consultantId as number | null) ?? null;
    const problem = await consultantProblem(db, values.consultantId, ownerCode);
    if (problem) change.problems.push(`${change.prefix}${problem}`);

    const config = await configurationOf(db, Number(values.configId));
    if (!config) return void change.problems.push(`${change.prefix}${QUOTATION_TEXT.config}`);
    if (config.guidePrice === null) return void change.problems.push(`${change.prefix}${QUOTATION_TEXT.noPrice}`);
    values.modelCode = config.modelCode;
    const { rows: colour } = await sql<{ id: number }>`select id from materials where id = ${Number(values.colorId)} and parent_id = ${Number(values.configId)}`.execute(db);
    if (colour.length === 0) change.problems.push(`${change.prefix}${QUOTATION_TEXT.color}`);
    const optionIds = (values.optionIds ?? []).map(Number);
    const { rows: options } = optionIds.length
      ? await sql<{ id: number; price: string | null }>`select id, price::text as price from material_options where id in (${sql.join(optionIds)}) and material_id = ${Number(values.configId)}`.execute(db)
      : { rows: [] };
    if (options.length !== new Set(optionIds).size) change.problems.push(`${change.prefix}${QUOTATION_TEXT.option}`);

    const guide = sumMoney(config.guidePrice, ...options.map((o) => o.price));
    values.guidePrice = moneyText(guide);
    const sold = subtractDecimal(guide, money(values.discount));
    values.purchaseTaxEst = moneyText(purchaseTax(sold, NEW_ENERGY_SERIES.has(config.seriesName), formatDateTime(new Date()).slice(0, 10)));
    if (values.insuranceEst === null || values.insuranceEst === undefined) values.insuranceEst = moneyText(sumMoney(COMPULSORY_INSURANCE, multiplyDecimal(sold, COMMERCIAL_INSURANCE_RATE)));
    // The landing price was computed from what the request sent: again from the server's prices.
    values.totalPrice = moneyText(
      subtractDecimal(sumMoney(sold, values.accessoryAmount, values.insuranceEst, values.purchaseTaxEst, values.plateFee), money(values.tradeInSubsidy)),
    );
    financePlan(values, sumMoney(sold, values.accessoryAmount), change.problems, change.prefix);
  },
};

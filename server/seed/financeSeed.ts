// The finance demo (domain.md §2 Demo, issue 26) for every dealer, from the settled repair orders the demo world holds:
// one receivable per paying party of each settled order (the customer; the insurer of an accident repair; the
// manufacturer of a warranty, first-service or recall repair), receipts written off against most of them (customers pay
// 70% by WeChat or Alipay, 20% by POS, 10% cash, with serials in their channel's format; insurers and the manufacturer by
// bank transfer after 45 days, a few left open to age), 维修预收 for 5% of the customer orders, vehicle deposits waiting
// for their orders (some on presales), the last month's bank flows of the non-cash receipts plus a few transfers nobody
// has claimed yet and a few credits without a receipt, and the reconciliations of that month up to three days before
// the anchor, and the 发票 of most paid customer settlements and a third of the insurers' claims; and the sales orders'
// receivables with their deposits, loans and 尾款 (server/seed/vehicleSaleFinance.ts). Rows go straight into the models'
// tables in multi-row inserts (reading the repair and sales orders, never writing them), built so that every balance
// equals its postings: receipt.writtenOff = Σ write-offs, receivable.writtenOff = Σ write-offs ≤ amount, flow.claimed = Σ claimed receipts, a reconciliation's figures = its day's receipts and flows.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { beijingInstant } from '../models/fieldValues';
import type { LoadedModel } from '../models/modelCatalogue';
import type { RecordValues } from '../models/modelHooks';
import { DEBTOR_TYPE, FLOW_DIRECTION, FLOW_STATUS, MATCH_TYPE, PAY_METHOD, RECEIPT_STATUS, RECEIPT_TYPE, RECEIVABLE_STATUS, RECON_STATUS, REPAIR_DUE_DAYS, SOURCE_TYPE, WARRANTY_DEBTOR, WRITE_OFF_KIND, WRITE_OFF_STATUS, ADVANCE_SALE_STATUS, INVOICE_DIRECTION, INVOICE_KIND, INVOICE_STATUS } from '../finance/financeCodes';
import { decimalText, divideDecimal } from '../../schemas/expression/decimal';
import { creditCodeCheckChar } from '../../schemas/formats/formats';
import { invoiceNoOf, invoiceNoPrefix, taxAreaOf } from '../finance/invoiceNumbers';
import { RO_STATUS } from '../hooks/repair/repairRules';
import { INSURERS } from './catalogue';
import { insertModelRows } from './modelRows';
import { SeededRandom } from './random';
import { seedVehicleSaleFinance } from './vehicleSaleFinance';

export interface FinanceSeedSummary {
  receivables: number;
  receipts: number;
  writeOffs: number;
  bankFlows: number;
  reconciliations: number;
  advanceSales: number;
  invoices: number;
}

const FINANCE_SEED = 20261126;
/** The sales orders' finance draws from its own stream, so the repair demo's rows stay as they were. */
const VEHICLE_SALE_SEED = 20261203;
const DAY_MS = 86_400_000;
/** Bank flows cover the anchor's last month; reconciliations stop this many days before the anchor (work left to do). */
const FLOW_DAYS = 30;
const OPEN_RECON_DAYS = 3;
const CONFIRMED_AFTER_DAYS = 7;

const COUNTERPARTY: Record<string, string> = {
  [PAY_METHOD.wechat]: '财付通支付科技有限公司',
  [PAY_METHOD.alipay]: '支付宝（中国）网络技术有限公司',
  [PAY_METHOD.pos]: '银联商务股份有限公司',
};
const TRANSFER_PAYERS = ['北京顺达物流有限公司', '京通汽车租赁有限公司', '华联商贸有限公司', '城建工程有限公司'];
const BANKS = ['招商银行', '中国工商银行', '中国建设银行'];

interface SettledOrder {
  ownerCode: string;
  roNo: string;
  customerName: string;
  repairTypeCode: string;
  insurerName: string | null;
  amount: number;
  opened: string;
}

/** Cents as yuan text. */
const yuan = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const instant = (text: string) => beijingInstant(text)!;
/** Beijing wall-clock text `minutes` after `text`. */
const later = (text: string, minutes: number) => new Date(instant(text).getTime() + minutes * 60_000 + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const dayOf = (text: string) => text.slice(0, 10);
const yymmdd = (text: string) => `${text.slice(2, 4)}${text.slice(5, 7)}${text.slice(8, 10)}`;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** Document numbers as the naming series gives them: prefix + ownerCode + yyMMdd + a 4-digit sequence per prefix. */
class Numbers {
  private counters = new Map<string, number>();
  next(prefix: string, ownerCode: string, at: string): string {
    const key = `${prefix}${ownerCode}${yymmdd(at)}`;
    const n = (this.counters.get(key) ?? 0) + 1;
    this.counters.set(key, n);
    return `${key}${String(n).padStart(4, '0')}`;
  }
}

interface ReceiptDraft {
  values: RecordValues;
  ownerCode: string;
  amount: number;
  writtenOff: number;
  at: string;
  flow?: FlowDraft;
  recon?: ReconDraft;
}

interface ReceivableDraft {
  values: RecordValues;
  amount: number;
  writtenOff: number;
  at: string;
}

interface WriteOffDraft {
  receivable: ReceivableDraft;
  receipt: ReceiptDraft;
  amount: number;
  at: string;
}

interface FlowDraft {
  values: RecordValues;
  ownerCode: string;
  amount: number;
  at: string;
  payMethod: string;
  receipt?: ReceiptDraft;
  recon?: ReconDraft;
}

interface ReconDraft {
  values: RecordValues;
  receipts: ReceiptDraft[];
  flows: FlowDraft[];
}

/** The serials of a receipt paid by `payMethod` at `at` (domain.md §2 Demo), in the formats the hooks check. */
function serialsOf(random: SeededRandom, payMethod: string, at: string): { quickPaySerialNo: string | null; bankSerialNo: string | null } {
  const digits = (n: number) => random.chars('0123456789', n);
  if (payMethod === PAY_METHOD.wechat) return { quickPaySerialNo: `4200${digits(24)}`, bankSerialNo: null };
  if (payMethod === PAY_METHOD.alipay) return { quickPaySerialNo: `${at.slice(0, 10).replaceAll('-', '')}${digits(20)}`, bankSerialNo: null };
  if (payMethod === PAY_METHOD.pos) return { quickPaySerialNo: digits(12), bankSerialNo: null };
  if (payMethod === PAY_METHOD.transfer) return { quickPaySerialNo: null, bankSerialNo: `${random.pick(['CMB', 'ICBC', 'CCB'])}${at.slice(0, 10).replaceAll('-', '')}${digits(14)}` };
  return { quickPaySerialNo: null, bankSerialNo: null };
}

const modelNamed = (models: readonly LoadedModel[], name: string) => models.find((m) => m.model.name === name);

/** Seeds the finance area on a fresh database; skipped (zero rows) when a model it writes is not served. */
export async function seedFinance(db: Kysely<Database>, models: readonly LoadedModel[], anchorDate: string): Promise<FinanceSeedSummary> {
  const [receiptModel, receivableModel, writeOffModel, flowModel, reconModel, presaleModel] = ['receipt', 'receivable', 'writeOff', 'bankFlow', 'collectionReconciliation', 'vehicleAdvanceSale'].map((n) => modelNamed(models, n));
  const invoiceModel = modelNamed(models, 'invoice');
  const none: FinanceSeedSummary = { receivables: 0, receipts: 0, writeOffs: 0, bankFlows: 0, reconciliations: 0, advanceSales: 0, invoices: 0 };
  if (!receiptModel || !receivableModel || !writeOffModel || !flowModel || !reconModel) return none;
  const random = new SeededRandom(FINANCE_SEED);
  const numbers = new Numbers();
  const anchorEnd = `${anchorDate} 23:59:59`;
  const flowFrom = addDays(anchorDate, -(FLOW_DAYS - 1));

  const { rows: orders } = await sql<SettledOrder>`select owner_code as "ownerCode", ro_no as "roNo", customer_name as "customerName", repair_type_code as "repairTypeCode", insurer_name as "insurerName",
      round(coalesce(total_amount, labour_amount + part_amount) * 100)::bigint as amount, to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as opened
    from repair_orders where status in (${RO_STATUS.settled}, ${RO_STATUS.released}) order by created_at, id`.execute(db);
  const { rows: staff } = await sql<{ ownerCode: string; id: number }>`select o.org_code as "ownerCode", u.id from users u join organizations o on o.id = u.org_id
    join user_positions p on p.user_id = u.id where p.position_code = 'DBZY' order by u.id`.execute(db);
  const cashierOf = new Map<string, number>();
  for (const s of staff) if (!cashierOf.has(s.ownerCode)) cashierOf.set(s.ownerCode, Number(s.id));
  const dealers = [...new Set(orders.map((o) => o.ownerCode))].sort();

  const receipts: ReceiptDraft[] = [];
  const receivables: ReceivableDraft[] = [];
  const writeOffs: WriteOffDraft[] = [];
  const flows: FlowDraft[] = [];
  const presales: RecordValues[] = [];

  const receipt = (ownerCode: string, at: string, amount: number, receiptType: string, payMethod: string, customerName: string, sourceNo: string | null, remark: string | null = null): ReceiptDraft => {
    const draft: ReceiptDraft = {
      ownerCode,
      amount,
      writtenOff: 0,
      at,
      values: {
        receiptNo: numbers.next('SK', ownerCode, at),
        companyCode: ownerCode,
        customerName,
        receiptType,
        payMethod,
        amount: yuan(amount),
        refundedAmount: '0.00',
        ...serialsOf(random, payMethod, at),
        sourceNo,
        receivedAt: at,
        status: RECEIPT_STATUS.confirmed,
        remark,
      },
    };
    receipts.push(draft);
    return draft;
  };
  const writeOff = (receivable: ReceivableDraft, paid: ReceiptDraft, amount: number, at: string) => {
    receivable.writtenOff += amount;
    paid.writtenOff += amount;
    writeOffs.push({ receivable, receipt: paid, amount, at });
  };

  // Vehicle deposits first (the oldest receipts of each dealer, so the refund demo finds them first): each waits for
  // its sales order; some are the deposit of a presale.
  const colours = presaleModel ? await coloursOf(db) : [];
  for (const ownerCode of dealers) {
    const count = random.int(6, 8);
    for (let n = 0; n < count; n++) {
      const at = `${addDays(anchorDate, -random.int(3, 60))} ${String(random.int(9, 17)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}:00`;
      const customerName = `${random.pick(['张', '王', '李', '刘', '陈', '杨', '赵'])}${random.pick(['伟', '芳', '娜', '敏', '静', '强', '磊', '洋'])}`;
      const paid = receipt(ownerCode, at, random.int(5, 20) * 100_000, RECEIPT_TYPE.vehicleDeposit, random.pick([PAY_METHOD.pos, PAY_METHOD.transfer, PAY_METHOD.wechat]), customerName, null, '整车定金，待转订单');
      const colour = colours.length > 0 && n < 3 ? random.pick(colours) : undefined;
      if (colour) {
        presales.push({
          presaleNo: numbers.next('YS', ownerCode, at),
          customerName,
          phone: `13${random.chars('0123456789', 9)}`,
          ...colour,
          presalePrice: yuan(random.pick([159_800, 169_800, 189_800, 209_800]) * 100),
          depositAmount: paid.values.amount,
          receiptNo: paid.values.receiptNo,
          expectedArrival: addDays(anchorDate, random.int(15, 75)),
          status: n === 2 ? ADVANCE_SALE_STATUS.ordered : ADVANCE_SALE_STATUS.presale,
          soNo: n === 2 ? `SO${ownerCode}${yymmdd(at)}${String(n + 1).padStart(4, '0')}` : null,
          ownerCode,
          createdAt: instant(at),
          updatedAt: instant(at),
          createdBy: cashierOf.get(ownerCode) ?? null,
          updatedBy: cashierOf.get(ownerCode) ?? null,
        });
      }
    }
  }

  // One receivable per paying party of each settled order; the customer's paid at the cashier the same day.
  for (const order of orders) {
    const amount = Number(order.amount);
    if (amount <= 0 || order.repairTypeCode === 'RT07') continue;
    const settledAt = later(order.opened, random.int(60, 180));
    if (settledAt > anchorEnd) continue;
    const arDay = dayOf(settledAt);
    const ageDays = Math.round((Date.parse(`${anchorDate}T00:00:00Z`) - Date.parse(`${arDay}T00:00:00Z`)) / DAY_MS);
    // The order names its insurer; one is drawn all the same, so the rest of the demo's random stream stays as it was.
    const drawnInsurer = order.repairTypeCode === 'RT05' ? random.pick(INSURERS) : undefined;
    const [debtorType, debtorName, sourceType, dueIn] =
      order.repairTypeCode === 'RT05'
        ? [DEBTOR_TYPE.insurer, order.insurerName ?? drawnInsurer!, SOURCE_TYPE.insuranceClaim, REPAIR_DUE_DAYS[DEBTOR_TYPE.insurer]!]
        : ['RT03', 'RT04', 'RT08'].includes(order.repairTypeCode)
          ? [DEBTOR_TYPE.manufacturer, WARRANTY_DEBTOR, SOURCE_TYPE.warrantyClaim, REPAIR_DUE_DAYS[DEBTOR_TYPE.manufacturer]!]
          : [DEBTOR_TYPE.customer, order.customerName, SOURCE_TYPE.repairSettlement, REPAIR_DUE_DAYS[DEBTOR_TYPE.customer]!];
    const draft: ReceivableDraft = {
      amount,
      writtenOff: 0,
      at: settledAt,
      values: {
        arNo: numbers.next('AR', order.ownerCode, settledAt),
        companyCode: order.ownerCode,
        debtorType,
        debtorName,
        sourceType,
        sourceNo: order.roNo,
        amount: yuan(amount),
        arDate: arDay,
        dueDate: addDays(arDay, dueIn),
        voidReason: null,
        remark: null,
      },
    };
    receivables.push(draft);
    if (debtorType === DEBTOR_TYPE.customer) {
      // 5% had paid a repair advance when the car came in: written off first, what it leaves over stays its balance.
      let left = amount;
      if (random.chance(0.05)) {
        const advanceAt = later(order.opened, -random.int(30, 600));
        const advance = receipt(order.ownerCode, advanceAt, random.pick([50_000, 100_000, 200_000, 300_000]), RECEIPT_TYPE.repairAdvance, random.pick([PAY_METHOD.wechat, PAY_METHOD.alipay, PAY_METHOD.pos]), order.customerName, order.roNo, '维修预收');
        const taken = Math.min(advance.amount, left);
        writeOff(draft, advance, taken, settledAt);
        left -= taken;
      }
      if (left === 0) continue;
      // Most pay at once; a few pay part now, a few are on account (挂账).
      const roll = random.next();
      if (roll < 0.03) continue;
      const paying = roll < 0.06 ? Math.max(1, Math.round(left / 200) * 100) : left;
      const payMethod = random.weighted([
        [PAY_METHOD.wechat, 35],
        [PAY_METHOD.alipay, 35],
        [PAY_METHOD.pos, 20],
        [PAY_METHOD.cash, 10],
      ]);
      const paid = receipt(order.ownerCode, settledAt, paying, RECEIPT_TYPE.repairSettlement, payMethod, order.customerName, order.roNo);
      writeOff(draft, paid, paying, settledAt);
      continue;
    }
    // Insurers and the manufacturer pay by transfer after about 45 days; one in ten older claims is still open.
    if (ageDays < 45 || random.chance(0.1)) continue;
    const paidAt = `${addDays(arDay, random.int(35, 45))} ${String(random.int(9, 16)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}:00`;
    if (paidAt > anchorEnd) continue;
    const paid = receipt(order.ownerCode, paidAt, amount, debtorType === DEBTOR_TYPE.insurer ? RECEIPT_TYPE.insuranceClaim : RECEIPT_TYPE.warrantyClaim, PAY_METHOD.transfer, debtorName, order.roNo);
    writeOff(draft, paid, amount, paidAt);
  }

  // The sales orders' receivables and what paid them, before the flows: their non-cash receipts are credited and
  // reconciled like any other.
  if (modelNamed(models, 'salesOrder')) {
    await seedVehicleSaleFinance(db, new SeededRandom(VEHICLE_SALE_SEED), { later, addDays, next: (prefix, ownerCode, at) => numbers.next(prefix, ownerCode, at), anchorEnd }, {
      receipt: (ownerCode, at, cents, receiptType, payMethod, customerName, sourceNo, remark) => receipt(ownerCode, at, cents, receiptType, payMethod, customerName, sourceNo, remark),
      receivable: (values, cents, at) => {
        const draft: ReceivableDraft = { values: { ...values, amount: yuan(cents) }, amount: cents, writtenOff: 0, at };
        receivables.push(draft);
        return draft;
      },
      writeOff,
    });
  }

  // The last month's bank flows: the credit of each non-cash receipt (its serials, a few seconds to minutes later), claimed
  // by it; transfers nobody has claimed yet; now and then a credit without a receipt (a difference to explain).
  const flowFor = (ownerCode: string, at: string, amount: number, payMethod: string, serials: { bankSerialNo?: string | null; quickPaySerialNo?: string | null }, counterparty: string, summary: string, paid?: ReceiptDraft): FlowDraft => {
    const draft: FlowDraft = {
      ownerCode,
      amount,
      at,
      payMethod,
      ...(paid ? { receipt: paid } : {}),
      values: {
        flowNo: numbers.next('LS', ownerCode, at),
        companyCode: ownerCode,
        accountNo: `1109${random.chars('0123456789', 11)}`,
        bankName: `${random.pick(BANKS)}${ownerCode.startsWith('D11') ? '北京' : ''}分行`,
        bankSerialNo: serials.bankSerialNo ?? `${random.pick(['CMB', 'ICBC', 'CCB'])}${at.slice(0, 10).replaceAll('-', '')}${random.chars('0123456789', 14)}`,
        quickPaySerialNo: serials.quickPaySerialNo ?? null,
        direction: FLOW_DIRECTION.in,
        payMethod,
        amount: yuan(amount),
        counterparty,
        counterpartyAccount: null,
        tradeAt: at,
        summary,
        remark: null,
      },
    };
    flows.push(draft);
    if (paid) paid.flow = draft;
    return draft;
  };
  for (const paid of receipts) {
    const payMethod = String(paid.values.payMethod);
    if (payMethod === PAY_METHOD.cash || dayOf(paid.at) < flowFrom) continue;
    const at = later(paid.at, random.int(0, 20));
    if (dayOf(at) !== dayOf(paid.at)) continue;
    const counterparty = COUNTERPARTY[payMethod] ?? String(paid.values.customerName);
    flowFor(paid.ownerCode, at, paid.amount, payMethod, { bankSerialNo: paid.values.bankSerialNo as string | null, quickPaySerialNo: paid.values.quickPaySerialNo as string | null }, counterparty, payMethod === PAY_METHOD.transfer ? '转账汇款' : `${COUNTERPARTY[payMethod]}结算`, paid);
  }
  for (const ownerCode of dealers) {
    for (let n = 0; n < 3; n++) {
      const at = `${addDays(anchorDate, -random.int(0, 6))} ${String(random.int(9, 16)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}:00`;
      flowFor(ownerCode, at, random.int(20, 300) * 10_000, PAY_METHOD.transfer, {}, random.pick(TRANSFER_PAYERS), '往来款');
    }
    const at = `${addDays(anchorDate, -random.int(OPEN_RECON_DAYS + 1, FLOW_DAYS - 1))} 17:30:00`;
    flowFor(ownerCode, at, random.int(50, 500) * 100, PAY_METHOD.wechat, { quickPaySerialNo: `4200${random.chars('0123456789', 24)}` }, COUNTERPARTY[PAY_METHOD.wechat]!, '财付通支付科技有限公司结算');
  }

  // Reconciliations of the month, each day and channel up to OPEN_RECON_DAYS before the anchor: paired by serial,
  // 已平 (confirmed after a week) or, with a credit left over, 有差异.
  const recons: ReconDraft[] = [];
  const key = (ownerCode: string, day: string, payMethod: string) => `${ownerCode}|${day}|${payMethod}`;
  const days = new Map<string, { receipts: ReceiptDraft[]; flows: FlowDraft[] }>();
  const reconLast = addDays(anchorDate, -OPEN_RECON_DAYS);
  const inWindow = (day: string) => day >= flowFrom && day <= reconLast;
  const slot = (k: string) => days.get(k) ?? (days.set(k, { receipts: [], flows: [] }), days.get(k)!);
  for (const paid of receipts) {
    const payMethod = String(paid.values.payMethod);
    if ([PAY_METHOD.wechat, PAY_METHOD.alipay, PAY_METHOD.pos].includes(payMethod as never) && inWindow(dayOf(paid.at))) slot(key(paid.ownerCode, dayOf(paid.at), payMethod)).receipts.push(paid);
  }
  for (const flow of flows) if ([PAY_METHOD.wechat, PAY_METHOD.alipay, PAY_METHOD.pos].includes(flow.payMethod as never) && inWindow(dayOf(flow.at))) slot(key(flow.ownerCode, dayOf(flow.at), flow.payMethod)).flows.push(flow);
  for (const [k, day] of [...days.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    const [ownerCode, reconDate, payMethod] = k.split('|') as [string, string, string];
    const matched = day.receipts.filter((r) => r.flow && day.flows.includes(r.flow));
    const system = day.receipts.reduce((s, r) => s + r.amount, 0);
    const bank = day.flows.reduce((s, f) => s + f.amount, 0);
    const matchedSystem = matched.reduce((s, r) => s + r.amount, 0);
    const matchedBank = matched.reduce((s, r) => s + r.flow!.amount, 0);
    const balanced = system === matchedSystem && bank === matchedBank && system === bank;
    const at = `${addDays(reconDate, 1)} 09:30:00`;
    const confirmed = balanced && reconDate <= addDays(anchorDate, -CONFIRMED_AFTER_DAYS);
    const cashier = cashierOf.get(ownerCode) ?? null;
    const draft: ReconDraft = {
      receipts: matched,
      flows: matched.map((r) => r.flow!),
      values: {
        reconNo: numbers.next('DZ', ownerCode, at),
        companyCode: ownerCode,
        reconDate,
        payMethod,
        reconKey: `${ownerCode}|${reconDate}|${payMethod}`,
        systemAmount: yuan(system),
        bankAmount: yuan(bank),
        differenceAmount: yuan(system - bank),
        matchedSystemAmount: yuan(matchedSystem),
        matchedBankAmount: yuan(matchedBank),
        unmatchedSystemAmount: yuan(system - matchedSystem),
        unmatchedBankAmount: yuan(bank - matchedBank),
        receiptCount: day.receipts.length,
        flowCount: day.flows.length,
        status: confirmed ? RECON_STATUS.confirmed : balanced ? RECON_STATUS.balanced : RECON_STATUS.different,
        differenceReason: null,
        confirmedAt: confirmed ? `${addDays(reconDate, 1)} 10:00:00` : null,
        confirmedBy: confirmed ? cashier : null,
        remark: null,
      },
    };
    for (const r of matched) {
      r.recon = draft;
      r.flow!.recon = draft;
    }
    recons.push(draft);
  }

  // Written: receipts and receivables, then the write-offs between them, then the flows, then the reconciliations with
  // their lines; the links back (a receipt's flow and reconciliation, a flow's reconciliation) last.
  const stamp = (ownerCode: string, at: string): RecordValues => {
    const cashier = cashierOf.get(ownerCode) ?? null;
    return { ownerCode, createdAt: instant(at), updatedAt: instant(at), createdBy: cashier, updatedBy: cashier };
  };
  const receiptIds = await insertModelRows(
    db,
    receiptModel,
    receipts.map((r) => ({ values: { ...r.values, writtenOffAmount: yuan(r.writtenOff), balance: yuan(r.amount - r.writtenOff), ...stamp(r.ownerCode, r.at) } })),
  );
  const receiptId = new Map(receipts.map((r, i) => [r, receiptIds[i]!]));
  const receivableIds = await insertModelRows(
    db,
    receivableModel,
    receivables.map((r) => {
      const status = r.writtenOff === 0 ? RECEIVABLE_STATUS.open : r.writtenOff === r.amount ? RECEIVABLE_STATUS.writtenOff : RECEIVABLE_STATUS.partly;
      return { values: { ...r.values, writtenOffAmount: yuan(r.writtenOff), openAmount: yuan(r.amount - r.writtenOff), status, ...stamp(String(r.values.companyCode), r.at) } };
    }),
  );
  const receivableId = new Map(receivables.map((r, i) => [r, receivableIds[i]!]));
  await insertModelRows(
    db,
    writeOffModel,
    writeOffs.map((w) => ({
      values: {
        writeOffNo: numbers.next('HX', w.receipt.ownerCode, w.at),
        receivableId: receivableId.get(w.receivable),
        receiptId: receiptId.get(w.receipt),
        amount: yuan(w.amount),
        kind: WRITE_OFF_KIND.writeOff,
        reversalOfId: null,
        operatorId: cashierOf.get(w.receipt.ownerCode) ?? null,
        writtenOffAt: w.at,
        status: WRITE_OFF_STATUS.effective,
        reverseReason: null,
        remark: null,
        ...stamp(w.receipt.ownerCode, w.at),
      },
    })),
  );
  const flowIds = await insertModelRows(
    db,
    flowModel,
    flows.map((f) => {
      const claimed = f.receipt ? f.amount : 0;
      return {
        values: { ...f.values, claimedAmount: yuan(claimed), unclaimedAmount: yuan(f.amount - claimed), status: claimed === 0 ? FLOW_STATUS.unclaimed : FLOW_STATUS.claimed, ...stamp(f.ownerCode, f.at) },
      };
    }),
  );
  const flowId = new Map(flows.map((f, i) => [f, flowIds[i]!]));
  const reconIds = await insertModelRows(
    db,
    reconModel,
    recons.map((r) => ({
      values: { ...r.values, ...stamp(String(r.values.companyCode), `${addDays(String(r.values.reconDate), 1)} 09:30:00`) },
      lines: {
        matches: r.receipts.map((paid) => ({
          receiptId: receiptId.get(paid),
          bankFlowId: flowId.get(paid.flow!),
          receiptAmount: yuan(paid.amount),
          flowAmount: yuan(paid.flow!.amount),
          matchType: MATCH_TYPE.serial,
          serialNo: paid.values.quickPaySerialNo ?? paid.values.bankSerialNo,
        })),
      },
    })),
  );
  const reconId = new Map(recons.map((r, i) => [r, reconIds[i]!]));
  await linkBack(
    db,
    'receipts',
    receipts.filter((r) => r.flow || r.recon).map((r) => ({ id: receiptId.get(r)!, flow: r.flow ? flowId.get(r.flow)! : null, recon: r.recon ? reconId.get(r.recon)! : null })),
  );
  await linkBack(
    db,
    'bank_flows',
    flows.filter((f) => f.recon).map((f) => ({ id: flowId.get(f)!, flow: null, recon: reconId.get(f.recon!)! })),
  );
  if (presaleModel && presales.length > 0) {
    const receiptOf = new Map(receipts.map((r) => [String(r.values.receiptNo), receiptId.get(r)!]));
    await insertModelRows(
      db,
      presaleModel,
      presales.map(({ receiptNo, ...values }) => ({ values: { ...values, receiptId: receiptOf.get(String(receiptNo)) ?? null, vehicleImage: null, potenId: null, cancelReason: null, remark: null } })),
    );
  }
  // A vehicle's invoice is the order's 机动车销售统一发票 (the sales seed's invoiceNo), not one of these.
  const invoiced = receivables.filter((r) => r.values.sourceType !== SOURCE_TYPE.vehicleSale);
  const invoices = invoiceModel ? await seedInvoices(db, invoiceModel, invoiced, random, numbers, anchorEnd, (ownerCode, at) => stamp(ownerCode, at)) : 0;
  return { receivables: receivables.length, receipts: receipts.length, writeOffs: writeOffs.length, bankFlows: flows.length, reconciliations: recons.length, advanceSales: presales.length, invoices };
}

/** Taxpayer numbers of the insurers' branches the dealers invoice (valid unified social credit codes). */
const creditCode = (random: SeededRandom): string => {
  const draft = `91110${random.chars('0123456789ABCDEFGHJKLMNPQRTUWXY', 12)}`;
  return `${draft}${creditCodeCheckChar(draft)}`;
};

/** 1 + the lines' 13% rate: the invoice model's round(total / (1 + taxRate), …), with the expressions' own division. */
const ONE_PLUS_RATE = { units: 113n, scale: 2 };
const exTaxOf = (cents: number, places: number) => divideDecimal({ units: BigInt(cents), scale: 2 }, ONE_PLUS_RATE, places)!;

/**
 * 发票 of the demo: most fully paid customer repair settlements invoiced the next working hour with a 数电普票, a third of
 * the insurers' claims with a 数电专票 (with the branch's taxpayer number), and the last week's few requests still
 * waiting for 开票. Numbers are the ones server/finance/invoiceNumbers.ts would have given, in issue order per
 * province prefix, so the next real issue continues the series; each invoice is one line of its whole receivable.
 */
async function seedInvoices(
  db: Kysely<Database>,
  model: LoadedModel,
  receivables: readonly ReceivableDraft[],
  random: SeededRandom,
  numbers: Numbers,
  anchorEnd: string,
  stamp: (ownerCode: string, at: string) => RecordValues,
): Promise<number> {
  const areas = new Map<string, string>();
  const drafts: { values: RecordValues; lines: { lines: RecordValues[] }; issuedAt: string | null; ownerCode: string }[] = [];
  const pendingSince = later(anchorEnd, -7 * 24 * 60);
  for (const r of receivables) {
    const ownerCode = String(r.values.companyCode);
    const debtorType = r.values.debtorType;
    const customer = debtorType === DEBTOR_TYPE.customer;
    const insurer = debtorType === DEBTOR_TYPE.insurer;
    if (!(customer && r.writtenOff === r.amount && random.chance(0.6)) && !(insurer && random.chance(0.35))) continue;
    const at = later(r.at, random.int(30, 24 * 60));
    if (at > anchorEnd) continue;
    if (!areas.has(ownerCode)) areas.set(ownerCode, await taxAreaOf(db, ownerCode));
    const pending = at >= pendingSince && random.chance(0.5);
    const total = r.amount;
    const exTax = Number(exTaxOf(total, 2).units);
    drafts.push({
      ownerCode,
      issuedAt: pending ? null : at,
      values: {
        requestNo: numbers.next('KP', ownerCode, at),
        invoiceNo: null,
        invoiceKind: insurer ? INVOICE_KIND.special : INVOICE_KIND.ordinary,
        direction: INVOICE_DIRECTION.blue,
        companyCode: ownerCode,
        buyerName: r.values.debtorName,
        buyerTaxNo: insurer ? creditCode(random) : null,
        vin: null,
        sourceType: r.values.sourceType,
        sourceNo: r.values.sourceNo,
        amountExTax: yuan(exTax),
        taxAmount: yuan(total - exTax),
        totalAmount: yuan(total),
        issuedAt: pending ? null : at,
        issuedBy: pending ? null : (stamp(ownerCode, at).createdBy ?? null),
        redOfInvoiceNo: null,
        redReason: null,
        status: pending ? INVOICE_STATUS.pending : INVOICE_STATUS.issued,
        remark: null,
        ...stamp(ownerCode, at),
      },
      lines: {
        lines: [
          {
            itemName: insurer ? '*修理修配劳务*事故车维修' : '*修理修配劳务*车辆维修保养',
            spec: null,
            unit: '次',
            qty: '1.00',
            unitPrice: yuan(total),
            taxRate: '0.1300',
            totalAmount: yuan(total),
            amountExTax: yuan(exTax),
            taxAmount: yuan(total - exTax),
            unitPriceExTax: decimalText(exTaxOf(total, 6)),
          },
        ],
      },
    });
  }
  // Each series counted in issue order, as nextInvoiceNo would have numbered them.
  const sequence = new Map<string, bigint>();
  for (const d of [...drafts].filter((d) => d.issuedAt).sort((a, b) => a.issuedAt!.localeCompare(b.issuedAt!))) {
    const prefix = invoiceNoPrefix(d.issuedAt!, areas.get(d.ownerCode)!);
    const next = (sequence.get(prefix) ?? 0n) + 1n;
    sequence.set(prefix, next);
    d.values.invoiceNo = invoiceNoOf(prefix, next);
  }
  await insertModelRows(db, model, drafts.map((d) => ({ values: d.values, lines: d.lines })));
  return drafts.length;
}

/** Sets receipts' bank_flow_id / recon_id (or flows' recon_id) for many rows a statement. */
async function linkBack(db: Kysely<Database>, table: 'receipts' | 'bank_flows', links: { id: number; flow: number | null; recon: number | null }[]): Promise<void> {
  for (let i = 0; i < links.length; i += 1000) {
    const chunk = links.slice(i, i + 1000);
    const values = sql.join(chunk.map((l) => sql`(${l.id}::bigint, ${l.flow}::bigint, ${l.recon}::bigint)`));
    const sets = table === 'receipts' ? sql`bank_flow_id = v.flow, recon_id = v.recon` : sql`recon_id = v.recon`;
    await sql`update ${sql.table(table)} as t set ${sets} from (values ${values}) as v (id, flow, recon) where t.id = v.id`.execute(db);
  }
}

/** The colours of the material tree with their ancestors, as a presale names its vehicle. */
async function coloursOf(db: Kysely<Database>): Promise<Record<string, number>[]> {
  const rows = await db.selectFrom('materials').select(['id', 'parentId', 'level']).execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const names = ['brandId', 'seriesId', 'modelId', 'configId', 'colorId'];
  return rows
    .filter((r) => r.level === 5)
    .slice(0, 40)
    .map((colour) => {
      const chain: number[] = [];
      let node: (typeof rows)[number] | undefined = colour;
      while (node) {
        chain.unshift(Number(node.id));
        node = node.parentId === null ? undefined : byId.get(Number(node.parentId));
      }
      return Object.fromEntries(names.map((name, i) => [name, chain[i]!]));
    });
}

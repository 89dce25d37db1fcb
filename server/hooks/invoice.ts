// 发票 needs a hook for what its JSON cannot say: the 数电发票号码 taken at 开票 (server/finance/invoiceNumbers.ts), the
// source's invoiceable amount (the sum of its receivables not voided) never exceeded by its blue less red invoices, the
// kind's own requirements, and 红冲 as a new red invoice — the negative of every line of the blue one, issued at once
// with its own number — never as an edit of the issued invoice.
import { sql, type Kysely } from 'kysely';
import { compareDecimal, subtractDecimal, type Decimal } from '../../schemas/expression/decimal';
import type { Database } from '../db/schema';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';
import type { ModelHooks, RecordValues, WriteChange } from '../models/modelHooks';
import { INVOICE_DIRECTION, INVOICE_KIND, INVOICE_STATUS, RECEIVABLE_STATUS } from '../finance/financeCodes';
import { nextInvoiceNo } from '../finance/invoiceNumbers';
import { money, yuan, ZERO } from '../finance/money';
import type { InvoiceRecord } from './modelRecords';

export const INVOICE_TEXT = {
  taxNoMissing: '数电专票须填写购买方纳税人识别号',
  vinMissing: '机动车销售统一发票须填写车架号',
  linePositive: (n: number) => `发票明细第${n}行：数量应大于0`,
  notPositive: '价税合计应大于0',
  overInvoiceable: (sourceNo: string, left: string) => `开票金额超过来源单据${sourceNo}的可开票余额${left}元`,
  noSource: (sourceNo: string) => `来源单据${sourceNo}没有可开票的应收`,
  redOnlyByReversal: '红字发票只能由红冲开具',
  blueMissing: (no: string) => `原蓝字发票${no}不存在或不在本店`,
  redTwice: (no: string) => `发票${no}已开具红字发票`,
} as const;

interface Source {
  ownerCode: string;
  sourceType: string;
  sourceNo: string;
}

/** What the source may still be invoiced for: its receivables not voided, less its blue invoices issued, plus its red
 * ones (negative totals), taken under the source's lock so two issues of one source are checked one after the other. */
async function invoiceable(db: Kysely<Database>, source: Source, lock: boolean): Promise<{ total: Decimal; left: Decimal }> {
  if (lock) await sql`select pg_advisory_xact_lock(hashtext(${`invoiceSource:${source.ownerCode}:${source.sourceType}:${source.sourceNo}`}))`.execute(db);
  const { rows } = await sql<{ receivable: string; invoiced: string }>`select
      (select coalesce(sum(amount), 0) from receivables where owner_code = ${source.ownerCode} and source_type = ${source.sourceType} and source_no = ${source.sourceNo} and status <> ${RECEIVABLE_STATUS.void})::text as receivable,
      (select coalesce(sum(total_amount), 0) from invoices where owner_code = ${source.ownerCode} and source_type = ${source.sourceType} and source_no = ${source.sourceNo}
        and status in (${INVOICE_STATUS.issued}, ${INVOICE_STATUS.reversed}))::text as invoiced`.execute(db);
  const total = money(rows[0]?.receivable);
  return { total, left: subtractDecimal(total, money(rows[0]?.invoiced)) };
}

async function refuseBeyondSource(db: Kysely<Database>, source: Source, amount: Decimal, lock: boolean): Promise<string | undefined> {
  const { total, left } = await invoiceable(db, source, lock);
  if (compareDecimal(total, ZERO) <= 0) return INVOICE_TEXT.noSource(source.sourceNo);
  if (compareDecimal(amount, left) > 0) return INVOICE_TEXT.overInvoiceable(source.sourceNo, yuan(left));
  return undefined;
}

/** A red invoice, created by 红冲 of its blue one in the same transaction: issued at once with its own number. */
async function completeRed(db: Kysely<Database>, change: WriteChange<InvoiceRecord>, ownerCode: string, userId: number): Promise<void> {
  const blueNo = String(change.values.redOfInvoiceNo);
  const { rows } = await sql<{ status: string; direction: string }>`select status, direction from invoices where invoice_no = ${blueNo} and owner_code = ${ownerCode} for update`.execute(db);
  const blue = rows[0];
  if (!blue) return void change.problems.push(`${change.prefix}${INVOICE_TEXT.blueMissing(blueNo)}`);
  // The blue one is 已红冲 only inside its own 红冲 (afterTransition), and gets one red invoice.
  if (blue.direction !== INVOICE_DIRECTION.blue || blue.status !== INVOICE_STATUS.reversed) return void change.problems.push(`${change.prefix}${INVOICE_TEXT.redOnlyByReversal}`);
  const red = await sql`select 1 from invoices where red_of_invoice_no = ${blueNo} and owner_code = ${ownerCode} limit 1`.execute(db);
  if (red.rows.length > 0) return void change.problems.push(`${change.prefix}${INVOICE_TEXT.redTwice(blueNo)}`);
  const now = new Date();
  Object.assign(change.values, {
    direction: INVOICE_DIRECTION.red,
    status: INVOICE_STATUS.issued,
    invoiceNo: await nextInvoiceNo(db, ownerCode, now),
    issuedAt: formatDateTime(now),
    issuedBy: userId,
  });
}

export const invoiceHooks: ModelHooks<InvoiceRecord> = {
  async beforeWrite({ db, user }, change) {
    const owner = (change.current?.ownerCode as string | undefined) ?? user.ownerCode ?? '';
    const values = change.values;
    if (!values.companyCode && owner) values.companyCode = owner;
    const problem = (message: string): void => void change.problems.push(`${change.prefix}${message}`);
    if (values.redOfInvoiceNo) {
      if (change.op === 'create' && change.problems.length === 0) await completeRed(db, change, owner, user.id);
      else if (change.op === 'update') problem(INVOICE_TEXT.redOnlyByReversal);
      return;
    }
    values.direction = INVOICE_DIRECTION.blue;
    if (values.invoiceKind === INVOICE_KIND.special && !values.buyerTaxNo) problem(INVOICE_TEXT.taxNoMissing);
    if (values.invoiceKind === INVOICE_KIND.vehicle && !values.vin) problem(INVOICE_TEXT.vinMissing);
    (values.lines ?? []).forEach((line, i) => compareDecimal(money(line.qty), ZERO) <= 0 && problem(INVOICE_TEXT.linePositive(i + 1)));
    if (change.problems.length > 0) return;
    const total = money(values.totalAmount);
    if (compareDecimal(total, ZERO) <= 0) return problem(INVOICE_TEXT.notPositive);
    // Asked for beyond what the source can take: said now, checked again under the source's lock at 开票.
    const beyond = await refuseBeyondSource(db, { ownerCode: owner, sourceType: String(values.sourceType), sourceNo: String(values.sourceNo) }, total, false);
    if (beyond) problem(beyond);
  },

  async beforeTransition({ db }, transition, record, values) {
    if (transition !== 'issue') return;
    const ownerCode = String(record.ownerCode);
    const beyond = await refuseBeyondSource(db, { ownerCode, sourceType: String(record.sourceType), sourceNo: String(record.sourceNo) }, money(record.totalAmount), true);
    if (beyond) throw new ApiError('invalidInput', beyond);
    values.invoiceNo = await nextInvoiceNo(db, ownerCode);
  },

  async afterTransition(context, transition, record) {
    if (transition !== 'red') return;
    const lines = ((record.lines as RecordValues[] | undefined) ?? []).map((line) => ({
      itemName: line.itemName,
      spec: line.spec,
      unit: line.unit,
      qty: yuan(subtractDecimal(ZERO, money(line.qty))),
      unitPrice: line.unitPrice,
    }));
    await context.records!('invoice').create({
      invoiceKind: record.invoiceKind,
      companyCode: record.companyCode,
      buyerName: record.buyerName,
      buyerTaxNo: record.buyerTaxNo,
      vin: record.vin,
      sourceType: record.sourceType,
      sourceNo: record.sourceNo,
      redOfInvoiceNo: record.invoiceNo,
      redReason: record.redReason,
      remark: record.remark,
      lines,
    });
  },
};

// The dictionary codes the finance hooks act on (models/finance/*.json declare them; domain.md §2), in one place.

export const RECEIPT_STATUS = { pending: '81031001', confirmed: '81031002', void: '81031003' } as const;

export const RECEIPT_TYPE = {
  repairAdvance: '81011001',
  repairSettlement: '81011002',
  vehicleDeposit: '81011003',
  vehicleBalance: '81011004',
  loan: '81011005',
  partsSale: '81011006',
  insuranceClaim: '81011007',
  warrantyClaim: '81011008',
} as const;

export const PAY_METHOD = { cash: '81021001', pos: '81021002', wechat: '81021003', alipay: '81021004', transfer: '81021005' } as const;

/** 已审核: a refund approved and not paid yet, whose amount the receipt holds for it (server/hooks/refund.ts). */
export const REFUND_APPROVED = '81051002';

export const DEBTOR_TYPE = { customer: '81061001', insurer: '81061002', manufacturer: '81061003', financier: '81061004' } as const;

export const SOURCE_TYPE = { repairSettlement: '81071001', vehicleSale: '81071002', partsSale: '81071003', warrantyClaim: '81071004', insuranceClaim: '81071005' } as const;

export const RECEIVABLE_STATUS = { open: '81081001', partly: '81081002', writtenOff: '81081003', void: '81081004' } as const;

export const WRITE_OFF_STATUS = { effective: '81091001', reversed: '81091002' } as const;
export const WRITE_OFF_KIND = { writeOff: '81101001', reversal: '81101002' } as const;

export const INVOICE_KIND = { special: '81111001', ordinary: '81111002', vehicle: '81111003' } as const;
export const INVOICE_STATUS = { pending: '81121001', issued: '81121002', reversed: '81121003' } as const;
export const INVOICE_DIRECTION = { blue: '81131001', red: '81131002' } as const;

export const FLOW_DIRECTION = { in: '81141001', out: '81141002' } as const;
export const FLOW_STATUS = { unclaimed: '81151001', partly: '81151002', claimed: '81151003' } as const;

export const RECON_STATUS = { pending: '81161001', balanced: '81161002', different: '81161003', confirmed: '81161004' } as const;
export const MATCH_TYPE = { serial: '81171001', amountDate: '81171002', manual: '81171003' } as const;

export const ADVANCE_SALE_STATUS = { presale: '81181001', ordered: '81181002', cancelled: '81181003' } as const;

/** What a receipt that pays a receivable is, by what the receivable is for (收款并核销's default). */
export const RECEIPT_TYPE_OF_SOURCE: Record<string, string> = {
  [SOURCE_TYPE.repairSettlement]: RECEIPT_TYPE.repairSettlement,
  [SOURCE_TYPE.vehicleSale]: RECEIPT_TYPE.vehicleBalance,
  [SOURCE_TYPE.partsSale]: RECEIPT_TYPE.partsSale,
  [SOURCE_TYPE.warrantyClaim]: RECEIPT_TYPE.warrantyClaim,
  [SOURCE_TYPE.insuranceClaim]: RECEIPT_TYPE.insuranceClaim,
};

/** Who the manufacturer's warranty receivables are owed by (the name finance staff know it by). */
export const WARRANTY_DEBTOR = '华晟汽车有限公司';

/** Days a repair settlement's receivable is due in, by debtor: the customer pays at once, insurers and the
 * manufacturer on their own terms (domain.md §2). */
export const REPAIR_DUE_DAYS: Record<string, number> = { [DEBTOR_TYPE.customer]: 7, [DEBTOR_TYPE.insurer]: 30, [DEBTOR_TYPE.manufacturer]: 60 };

/** Days a vehicle sale's receivable is due in (*ours*): the balance or the loan is in before the car is handed over,
 * which the funnel's orders reach within a month of approval. */
export const VEHICLE_SALE_DUE_DAYS = 30;

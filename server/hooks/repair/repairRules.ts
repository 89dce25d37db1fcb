// The after-sales area's codes, limits and messages in one place (domain.md §1): the hooks of the repair order, its
// dispatches, inspections, settlements, return visits, receptions, bookings and health checks read them from here, and
// querySystemDefaultInfo answers them, so a limit is stated once.

/** 工单状态 (dictionary 8021). */
export const RO_STATUS = {
  waiting: '80211001',
  repairing: '80211002',
  finished: '80211003',
  settled: '80211004',
  inspecting: '80211005',
  released: '80211006',
  void: '80211007',
} as const;

/** 收费区分 (dictionary 8022) and who pays (domain.md §1's table; the price a part line takes by it). */
export const CHARGE = { customer: '80221001', warranty: '80221002', insurance: '80221003', internal: '80221004', free: '80221005' } as const;
export type ChargeCode = (typeof CHARGE)[keyof typeof CHARGE];

export const CHARGE_TYPES = [
  { code: CHARGE.customer, name: '客户付费', payer: '客户', payerKind: 'customer', priceBasis: '经销商零售价', partPrice: 'retailPrice', posts: '客户应收' },
  { code: CHARGE.warranty, name: '索赔（三包/保修）', payer: '厂家', payerKind: 'manufacturer', priceBasis: '厂家工时单价 × 厂家工时；配件索赔价', partPrice: 'claimPrice', posts: '索赔单（担保专员）→ 厂家应收' },
  { code: CHARGE.insurance, name: '保险', payer: '保险公司', payerKind: 'insurer', priceBasis: '定损价；配件保险价', partPrice: 'insurancePrice', posts: '保险公司应收' },
  { code: CHARGE.internal, name: '内部', payer: '经销商内部部门', payerKind: 'internal', priceBasis: '成本（无库存成本时按零售价）', partPrice: 'retailPrice', posts: '内部费用' },
  { code: CHARGE.free, name: '免费', payer: '无', payerKind: 'none', priceBasis: '客户付 0，按零售价计赠送金额', partPrice: 'retailPrice', posts: '只计成本' },
] as const;

/** The header amount each charge type adds to. */
export const PAYER_AMOUNT: Record<string, 'customerAmount' | 'warrantyAmount' | 'insuranceAmount' | 'internalAmount' | 'freeAmount'> = {
  [CHARGE.customer]: 'customerAmount',
  [CHARGE.warranty]: 'warrantyAmount',
  [CHARGE.insurance]: 'insuranceAmount',
  [CHARGE.internal]: 'internalAmount',
  [CHARGE.free]: 'freeAmount',
};

/** The charge type a repair type's lines take by default (首保、召回 and 索赔维修 are claims, 事故 insurance, 内部 internal). */
export const REPAIR_TYPE_CHARGE: Record<string, string> = { RT03: CHARGE.warranty, RT04: CHARGE.warranty, RT08: CHARGE.warranty, RT05: CHARGE.insurance, RT07: CHARGE.internal };

/** 维修项目状态 (dictionary 8023), also a dispatch's status. */
export const LINE_STATUS = { waiting: '80231001', dispatched: '80231002', repairing: '80231003', finished: '80231004', passed: '80231005', rework: '80231006' } as const;

/** 质检环节 and 质检结果 (dictionaries 8024, 8025): codes are stored, never the (renamable) labels. */
export const QC_STAGE = { line: '80241001', order: '80241002' } as const;
export const QC_RESULT = { passed: '80251001', failed: '80251002' } as const;

export const SETTLEMENT_STATUS = { settled: '80261001', cancelled: '80261002' } as const;
export const VISIT_STATUS = { due: '80331001', visited: '80331002', escalated: '80331003', resolved: '80331004', cancelled: '80331005' } as const;
export const VISIT_RESULT = { reached: '80281001', noAnswer: '80281002', declined: '80281003' } as const;
export const VISIT_SOURCE = { repair: '80371001', delivery: '80371002' } as const;
export const RECEPTION_STATUS = { receiving: '80321001', opened: '80321002', cancelled: '80321003' } as const;
export const VISIT_TYPE = { booked: '80271001', walkIn: '80271002', comeback: '80271003', rescue: '80271004' } as const;
export const VHC_STATUS = { checking: '80361001', awaiting: '80361002', answered: '80361003' } as const;
export const VHC_RESULT = { green: '80291001', yellow: '80291002', red: '80291003' } as const;
export const VHC_DECISION = { now: '80351001', later: '80351002' } as const;
export const BOOKING_CANCELLED = '80511004';

/** The dealer's defaults (querySystemDefaultInfo): tax, rounding, the limits above which a settlement needs its approval. */
export const REPAIR_DEFAULTS = {
  /** VAT on labour and parts; prices are tax-inclusive: exTax = round(incl / 1.13, 2). */
  taxRate: '0.13',
  /** Money is rounded half-up to fen. */
  roundingScale: 2,
  roundingMode: 'HALF_UP',
  /** A line's discount rate may be at most this (1 = the whole line). */
  maxLineDiscountRate: '1',
  /** Customer-pay discount (lines' and the settlement's) above this share of the customer's gross needs 审核人. */
  approvalDiscountRate: '0.10',
  /** Goodwill (免费 lines) above this needs 审核人. */
  approvalGoodwillAmount: '500.00',
  /** 抹零 on the customer's payment, at most. */
  maxRoundOff: '1.00',
  /** An advisor's reception lock is released after this many idle minutes. */
  receptionLockMinutes: 30,
  /** The return visit of a settled order is due this many days after settlement. */
  returnVisitDays: 3,
  /** A comeback (返修) is within this many days and kilometres of the original order. */
  comebackDays: 30,
  comebackKm: 3000,
  /** A declined red / yellow health-check item is followed up after this many days. */
  redRemindDays: 7,
  yellowRemindDays: 30,
  /** Satisfaction at or below this (1–5) goes to the repair manager. */
  escalateSatisfaction: 2,
  defaultWarehouse: 'PJ01',
} as const;

/** Every message of the after-sales hooks. */
export const REPAIR_TEXT = {
  labourUnknown: (code: string) => `工时项目不存在或已停用：${code}`,
  linesFrozen: '工单已送检或已完工，维修项目、材料、附加项目与套餐不能再修改',
  startedLineRemoved: (name: string) => `维修项目“${name}”已开工，不能删除`,
  issuedBelow: (part: string, issued: string) => `配件 ${part} 已领 ${issued}，数量不能少于已领数量`,
  issuedPartRemoved: (part: string) => `配件 ${part} 已领料，不能删除`,
  packageLineChanged: (name: string) => `套餐“${name}”的项目不能单独修改或删除，请在套餐页整体移除`,
  packageUnknown: (code: string) => `套餐不存在、已停用或不在有效期内：${code}`,
  packageTwice: (code: string) => `工单已有套餐：${code}`,
  packageWithLines: '增删套餐时须一并提交维修项目与维修材料',
  lockedBy: (name: string) => `正在由${name}接待`,
  notHolder: '只有锁定该车的服务顾问或维修经理可以解锁',
  receptionClosed: '接待已开单或已取消',
  mileageLower: (last: number) => `进厂里程低于上次工单的 ${last} 公里，请核对`,
  comebackUnknown: (roNo: string) => `原工单不存在：${roNo}`,
  comebackVin: '返修工单的 VIN 须与原工单相同',
  comebackState: '原工单结算后才能开返修工单',
  comebackLate: (days: number, km: number) => `已超过返修期限（${days}天或${km}公里），请按新工单开单`,
  notDispatchable: '只有待派工或维修中的工单可以分配技师',
  lineUnknown: (key: string) => `维修项目不存在：${key}`,
  lineStarted: (name: string) => `维修项目“${name}”已开工，不能重新派工`,
  lineDone: (name: string) => `维修项目“${name}”已完工，不能重新派工`,
  shareSum: (name: string) => `维修项目“${name}”的分摊比例合计应为1`,
  notTechnician: '技师须为本店在职技师',
  notOwnDispatch: '只能开工、完工本人的派工',
  orderNotRepairing: '工单维修中才能开工',
  inspectorOnly: '质检须由质检员操作',
  nothingToInspect: '没有待车间质检的维修项目',
  lineNotFinished: (name: string) => `维修项目“${name}”尚未完工`,
  failNeedsReason: '不合格须填写原因与责任技师',
  orderNotInspecting: '工单待质检时才能做维修质检',
  orderQcNeedsLines: '不合格须选择返工的维修项目',
  partsNotIssued: (part: string) => `配件 ${part} 尚未领齐，不能完工`,
  needsApproval: '优惠超过客户付费的10%或免费金额超过500元，请提交结算审批',
  roundOffLimit: '抹零不能超过1元',
  receivableNegative: '结算优惠与抹零不能超过客户付费金额',
  freeNotAllowed: '保险理赔的工单不能免费结算',
  cancelNeedsManager: '取消结算须由审核人或维修经理操作',
  releaseUnpaid: (arNo: string, open: string) => `应收单${arNo}尚有${open}元未收款核销，不能出厂；请先收款，或由审核人挂账出厂`,
  creditNeedsManager: '挂账出厂须由审核人或维修经理操作',
  insurerMissing: '工单有保险金额，请先填写保险公司',
  cancelWrittenOff: (arNo: string) => `应收单${arNo}已有收款核销，不能取消结算；请先反核销`,
  settlementCancelled: '取消结算',
  cancelInvoiced: (no: string) => `工单已开票（${no}），不能取消结算；请先红冲`,
  voidIssued: '已领料的工单不能作废，请先退料',
  visitNeedsSatisfaction: '回访成功时请填写满意度（1–5）',
  visitEscalated: (roNo: string) => `工单 ${roNo} 的回访满意度低或有投诉，请维修经理处理。`,
  orderCompleted: (roNo: string, plate: string) => `工单 ${roNo}（${plate}）已完工，请通知客户取车并结算。`,
  slotFull: (slot: string, capacity: number) => `该时段（${slot}）预约已满（可约${capacity}台），请选择其他时段`,
  vhcItemRemind: (items: string) => `健康检查建议项目：${items}，客户暂不维修，请跟进`,
  feedbackRequired: '请填写客户答复',
} as const;

export const COMPLETED_MESSAGE_TITLE = '工单已完工';
export const ESCALATED_MESSAGE_TITLE = '回访待处理';

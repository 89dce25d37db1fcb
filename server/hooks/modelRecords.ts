/* Generated from models/*.json by `npm run schema:types`. Do not edit by hand. */

/** 充电桩故障 */
export type ChargingFaultRecord = {
  /** 故障单号 */
  faultNo: string;
  /** 充电桩 */
  pileId: number;
  /** 充电站 */
  stationId: number | null;
  /** 枪号 */
  connectorNo: number | null;
  /** 故障代码 */
  faultCode: string;
  /** 故障描述 */
  description: string | null;
  /** 故障等级 */
  level: string;
  /** 报告时间 */
  reportedAt: string;
  /** 处理人 */
  handlerId: number | null;
  /** 受理时间 */
  acceptedAt: string | null;
  /** 修复时间 */
  repairedAt: string | null;
  /** 修复时长（小时） */
  repairHours: string | null;
  /** 处理说明 */
  repairNote: string | null;
  /** 关闭时间 */
  closedAt: string | null;
  /** 故障状态 */
  status: string;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  pileCode?: string | null;
  stationName?: string | null;
  handlerName?: string | null;
};

/** 充电订单 › 分时明细 */
export type ChargingOrderSegmentsLine = {
  /** 时段类型 */
  kind: string | null;
  /** 开始时间 */
  startAt: string | null;
  /** 结束时间 */
  endAt: string | null;
  /** 电量（kWh） */
  energyKwh: string | null;
  /** 电费单价 */
  electricityPrice: string | null;
  /** 服务费单价 */
  servicePrice: string | null;
  id?: number;
  lineNo?: number;
};

/** 充电订单 */
export type ChargingOrderRecord = {
  /** 订单号 */
  orderNo: string;
  /** 充电桩 */
  pileId: number;
  /** 枪号 */
  connectorNo: number;
  /** 充电站 */
  stationId: number | null;
  /** 电价 */
  tariffId: number | null;
  /** VIN */
  vin: string | null;
  /** 车牌号 */
  plateNo: string | null;
  /** 开始时间 */
  startAt: string;
  /** 结束时间 */
  endAt: string | null;
  /** 开始SOC（%） */
  startSoc: number | null;
  /** 结束SOC（%） */
  endSoc: number | null;
  /** 开始电表读数（kWh） */
  startMeter: string;
  /** 结束电表读数（kWh） */
  endMeter: string | null;
  /** 充电量（kWh） */
  energyKwh: string | null;
  /** 充电时长（分钟） */
  durationMinutes: number | null;
  /** 电费 */
  electricityFee: string | null;
  /** 服务费 */
  serviceFee: string | null;
  /** 优惠 */
  discount: string | null;
  /** 合计 */
  totalFee: string | null;
  /** 停止原因 */
  stopReason: string | null;
  /** 订单状态 */
  status: string;
  /** 支付状态 */
  payStatus: string | null;
  /** 支付时间 */
  paidAt: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  pileCode?: string | null;
  stationName?: string | null;
  tariffCode?: string | null;
  segments: ChargingOrderSegmentsLine[];
};

/** 充电桩 › 充电枪 */
export type ChargingPileConnectorsLine = {
  /** 枪号 */
  connectorNo: number;
  /** 枪状态 */
  status: string | null;
  id?: number;
  lineNo?: number;
};

/** 充电桩 */
export type ChargingPileRecord = {
  /** 桩编码 */
  pileCode: string;
  /** 充电站 */
  stationId: number;
  /** 桩类型 */
  pileType: string;
  /** 额定功率（kW） */
  ratedPowerKw: number;
  /** 枪数 */
  connectorCount: number | null;
  /** 厂商 */
  vendor: string | null;
  /** 投运日期 */
  commissionedAt: string | null;
  /** 最近心跳 */
  lastHeartbeatAt: string | null;
  /** 桩状态 */
  status: string;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  stationName?: string | null;
  connectors: ChargingPileConnectorsLine[];
};

/** 充电站 */
export type ChargingStationRecord = {
  /** 站点编码 */
  stationCode: string;
  /** 站点名称 */
  name: string;
  /** 地址 */
  address: string;
  /** 经度 */
  lng: string | null;
  /** 纬度 */
  lat: string | null;
  /** 开放时间 */
  openHours: string | null;
  /** 充电桩数 */
  pileCount: number | null;
  /** 站点状态 */
  status: string;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
};

/** 充电站日统计 */
export type ChargingStationDayRecord = {
  /** 站点日 */
  dayKey: string;
  /** 充电站 */
  stationId: number;
  /** 日期 */
  statDate: string;
  /** 充电次数 */
  sessions: number;
  /** 充电量（kWh） */
  energyKwh: string;
  /** 充电收入 */
  revenue: string;
  /** 充电分钟 */
  chargingMinutes: number;
  /** 可用枪分钟 */
  connectorMinutes: number;
  /** 故障数 */
  faults: number;
  /** 修复数 */
  repairs: number;
  /** 修复时长（小时） */
  repairHours: string;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  stationName?: string | null;
};

/** 电价 › 时段 */
export type TariffPeriodsLine = {
  /** 开始时刻 */
  start: string;
  /** 结束时刻 */
  end: string;
  /** 时段类型 */
  kind: string;
  /** 电费单价 */
  electricityPrice: string;
  /** 服务费单价 */
  servicePrice: string;
  id?: number;
  lineNo?: number;
};

/** 电价 */
export type TariffRecord = {
  /** 电价编号 */
  tariffCode: string;
  /** 充电站 */
  stationId: number;
  /** 生效时间 */
  effectiveFrom: string | null;
  /** 失效时间 */
  expiredAt: string | null;
  /** 电价状态 */
  status: string;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  stationName?: string | null;
  periods: TariffPeriodsLine[];
};

/** 银行流水 */
export type BankFlowRecord = {
  /** 流水编号 */
  flowNo: string;
  /** 流水主体 */
  companyCode: string | null;
  /** 银行账号 */
  accountNo: string;
  /** 开户银行 */
  bankName: string | null;
  /** 银行流水号 */
  bankSerialNo: string;
  /** 快捷支付流水号 */
  quickPaySerialNo: string | null;
  /** 收支方向 */
  direction: string;
  /** 收款方式 */
  payMethod: string;
  /** 金额 */
  amount: string;
  /** 对方户名 */
  counterparty: string | null;
  /** 对方账号 */
  counterpartyAccount: string | null;
  /** 交易时间 */
  tradeAt: string;
  /** 摘要 */
  summary: string | null;
  /** 已认领金额 */
  claimedAmount: string | null;
  /** 未认领金额 */
  unclaimedAmount: string | null;
  /** 认领状态 */
  status: string;
  /** 收款对账单 */
  reconId: number | null;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  reconNo?: string | null;
};

/** 收款对账 › 配对明细 */
export type CollectionReconciliationMatchesLine = {
  /** 收款单 */
  receiptId: number;
  /** 银行流水 */
  bankFlowId: number;
  /** 收款金额 */
  receiptAmount: string;
  /** 流水金额 */
  flowAmount: string;
  /** 配对方式 */
  matchType: string;
  /** 流水号 */
  serialNo: string | null;
  id?: number;
  lineNo?: number;
};

/** 收款对账 */
export type CollectionReconciliationRecord = {
  /** 对账单号 */
  reconNo: string;
  /** 订单主体 */
  companyCode: string | null;
  /** 对账日期 */
  reconDate: string;
  /** 收款方式 */
  payMethod: string;
  /** 同日同方式的对账单 */
  reconKey: string | null;
  /** 系统金额 */
  systemAmount: string | null;
  /** 银行金额 */
  bankAmount: string | null;
  /** 差额 */
  differenceAmount: string | null;
  /** 已配对系统金额 */
  matchedSystemAmount: string | null;
  /** 已配对银行金额 */
  matchedBankAmount: string | null;
  /** 未配对系统金额 */
  unmatchedSystemAmount: string | null;
  /** 未配对银行金额 */
  unmatchedBankAmount: string | null;
  /** 收款笔数 */
  receiptCount: number | null;
  /** 流水笔数 */
  flowCount: number | null;
  /** 对账状态 */
  status: string;
  /** 差异说明 */
  differenceReason: string | null;
  /** 确认时间 */
  confirmedAt: string | null;
  /** 确认人 */
  confirmedBy: number | null;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  confirmedByName?: string | null;
  matches: CollectionReconciliationMatchesLine[];
};

/** 发票 › 发票明细 */
export type InvoiceLinesLine = {
  /** 项目名称 */
  itemName: string;
  /** 规格型号 */
  spec: string | null;
  /** 单位 */
  unit: string | null;
  /** 数量 */
  qty: string;
  /** 含税单价 */
  unitPrice: string;
  /** 税率 */
  taxRate: string | null;
  /** 价税合计 */
  totalAmount: string | null;
  /** 不含税金额 */
  amountExTax: string | null;
  /** 税额 */
  taxAmount: string | null;
  /** 不含税单价 */
  unitPriceExTax: string | null;
  id?: number;
  lineNo?: number;
};

/** 发票 */
export type InvoiceRecord = {
  /** 开票申请号 */
  requestNo: string;
  /** 数电发票号码 */
  invoiceNo: string | null;
  /** 发票种类 */
  invoiceKind: string;
  /** 蓝字/红字 */
  direction: string | null;
  /** 开票主体 */
  companyCode: string | null;
  /** 购买方名称 */
  buyerName: string;
  /** 购买方纳税人识别号 */
  buyerTaxNo: string | null;
  /** 车架号 */
  vin: string | null;
  /** 来源类型 */
  sourceType: string;
  /** 来源单号 */
  sourceNo: string;
  /** 不含税金额 */
  amountExTax: string | null;
  /** 税额 */
  taxAmount: string | null;
  /** 价税合计 */
  totalAmount: string | null;
  /** 开票时间 */
  issuedAt: string | null;
  /** 开票人 */
  issuedBy: number | null;
  /** 原蓝字发票号码 */
  redOfInvoiceNo: string | null;
  /** 红冲原因 */
  redReason: string | null;
  /** 发票状态 */
  status: string;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  issuedByName?: string | null;
  lines: InvoiceLinesLine[];
};

/** 配件发票登记 */
export type PartInvoiceRegisterRecord = {
  /** 登记单号 */
  registerNo: string;
  /** 供应商代码 */
  supplierCode: string;
  /** 供应商名称 */
  supplierName: string;
  /** 发票号码 */
  invoiceNo: string;
  /** 开票日期 */
  invoiceDate: string;
  /** 不含税金额 */
  amountExTax: string;
  /** 税额 */
  taxAmount: string;
  /** 价税合计 */
  totalAmount: string | null;
  /** 入库单号 */
  inOrderNos: (string)[];
  /** 入库成本 */
  inOrderAmount: string | null;
  /** 登记状态 */
  status: string;
  /** 付款流水号 */
  paySerialNo: string | null;
  /** 付款时间 */
  paidAt: string | null;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
};

/** 收款单 */
export type ReceiptRecord = {
  /** 收款单号 */
  receiptNo: string;
  /** 订单主体 */
  companyCode: string | null;
  /** 付款人 */
  customerName: string;
  /** 收款类型 */
  receiptType: string;
  /** 收款方式 */
  payMethod: string;
  /** 收款金额 */
  amount: string;
  /** 已核销金额 */
  writtenOffAmount: string | null;
  /** 已退款金额 */
  refundedAmount: string | null;
  /** 余额 */
  balance: string | null;
  /** 银行流水号 */
  bankSerialNo: string | null;
  /** 快捷支付流水号 */
  quickPaySerialNo: string | null;
  /** 来源单号 */
  sourceNo: string | null;
  /** 认领流水 */
  bankFlowId: number | null;
  /** 收款对账单 */
  reconId: number | null;
  /** 收款时间 */
  receivedAt: string;
  /** 收款状态 */
  status: string;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  flowNo?: string | null;
  reconNo?: string | null;
};

/** 应收单 */
export type ReceivableRecord = {
  /** 应收单号 */
  arNo: string;
  /** 订单主体 */
  companyCode: string | null;
  /** 债务人类型 */
  debtorType: string;
  /** 债务人 */
  debtorName: string;
  /** 来源类型 */
  sourceType: string;
  /** 来源单号 */
  sourceNo: string;
  /** 应收金额 */
  amount: string;
  /** 已核销金额 */
  writtenOffAmount: string | null;
  /** 未核销金额 */
  openAmount: string | null;
  /** 挂账日期 */
  arDate: string;
  /** 到期日期 */
  dueDate: string;
  /** 应收状态 */
  status: string;
  /** 冲销原因 */
  voidReason: string | null;
  /** 冲销时间 */
  voidedAt: string | null;
  /** 冲销人 */
  voidedBy: number | null;
  /** 原应收单 */
  reversalOfId: number | null;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  voidedByName?: string | null;
  reversalOfNo?: string | null;
};

/** 退款 */
export type RefundRecord = {
  /** 退款单号 */
  refundNo: string;
  /** 收款单 */
  receiptId: number;
  /** 退款金额 */
  amount: string;
  /** 退款原因 */
  reason: string;
  /** 收款人 */
  payeeName: string;
  /** 收款账号 */
  payeeAccount: string;
  /** 开户行 */
  payeeBank: string | null;
  /** 出账流水号 */
  outBankSerialNo: string | null;
  /** 退款时间 */
  refundedAt: string | null;
  /** 退款人 */
  refundedBy: number | null;
  /** 退款状态 */
  status: string;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  receiptNo?: string | null;
  refundedByName?: string | null;
};

/** 整车预售 */
export type VehicleAdvanceSaleRecord = {
  /** 预售单号 */
  presaleNo: string;
  /** 客户姓名 */
  customerName: string;
  /** 联系电话 */
  phone: string;
  /** 潜客 */
  potenId: number | null;
  /** 品牌 */
  brandId: number;
  /** 车系 */
  seriesId: number;
  /** 车型 */
  modelId: number;
  /** 配置 */
  configId: number;
  /** 颜色 */
  colorId: number;
  /** 车辆图片 */
  vehicleImage: string | { name: string; url: string } | null;
  /** 预售价格 */
  presalePrice: string;
  /** 定金 */
  depositAmount: string;
  /** 定金收款单 */
  receiptId: number | null;
  /** 预计到车日期 */
  expectedArrival: string | null;
  /** 预售状态 */
  status: string;
  /** 销售订单号 */
  soNo: string | null;
  /** 退订原因 */
  cancelReason: string | null;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  potenNo?: string | null;
  brandName?: string | null;
  seriesName?: string | null;
  modelName?: string | null;
  configName?: string | null;
  colorName?: string | null;
  receiptNo?: string | null;
};

/** 核销单 */
export type WriteOffRecord = {
  /** 核销单号 */
  writeOffNo: string;
  /** 应收单 */
  receivableId: number;
  /** 收款单 */
  receiptId: number;
  /** 核销金额 */
  amount: string;
  /** 核销类型 */
  kind: string | null;
  /** 原核销单 */
  reversalOfId: number | null;
  /** 核销人 */
  operatorId: number | null;
  /** 核销时间 */
  writtenOffAt: string | null;
  /** 核销状态 */
  status: string;
  /** 反核销原因 */
  reverseReason: string | null;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  arNo?: string | null;
  receiptNo?: string | null;
  reversalOfNo?: string | null;
  operatorName?: string | null;
};

/** 车辆物料 */
export type MaterialRecord = {
  /** 物料编码 */
  materialCode: string;
  /** 物料名称 */
  materialNameZh: string;
  /** 物料级别 */
  level: number;
  /** 上级物料 */
  parentId: number | null;
  /** 厂商指导价 */
  guidePrice: string | null;
  /** 燃料类型 */
  fuelType: string | null;
  /** 年款 */
  modelYear: string | null;
  /** 启用 */
  enabled: string;
  /** 排序 */
  sort: number | null;
  id: number;
  createdAt: string;
  updatedAt: string;
  parentName?: string | null;
  /** 物料路径（钩子加入） */
  path?: unknown;
};

/** 选装包 */
export type MaterialOptionRecord = {
  /** 配置 */
  materialId: number;
  /** 选装类型 */
  optionType: string;
  /** 选装编码 */
  optionCode: string;
  /** 选装名称 */
  optionNameZh: string;
  /** 选装价格 */
  price: string;
  /** 启用 */
  enabled: string;
  /** 排序 */
  sort: number | null;
  id: number;
  createdAt: string;
  updatedAt: string;
  materialName?: string | null;
  /** 物料路径（钩子加入） */
  path?: unknown;
};

/** 渠道 */
export type ChannelRecord = {
  /** 渠道编码 */
  channelCode: string;
  /** 渠道名称 */
  channelName: string;
  /** 渠道类型 */
  channelType: string;
  /** 业务范围 */
  businessScope: (string)[];
  /** 省份 */
  provinceCode: string | null;
  /** 城市 */
  cityCode: string | null;
  /** 地址 */
  address: string | null;
  /** 开业日期 */
  openedAt: string | null;
  /** 渠道状态 */
  status: string;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  /** 城市名称（钩子加入） */
  cityName?: unknown;
};

/** 公司 */
export type CompanyRecord = {
  /** 公司编码 */
  companyCode: string;
  /** 公司名称 */
  companyNameCn: string;
  /** 简称 */
  shortName: string | null;
  /** 统一社会信用代码 */
  creditCode: string;
  /** 法定代表人 */
  legalPerson: string;
  /** 注册资本（元） */
  registeredCapital: string | null;
  /** 纳税人类型 */
  taxpayerType: string;
  /** 开户行 */
  bankName: string | null;
  /** 银行账号 */
  bankAccount: string | null;
  /** 注册地址 */
  address: string | null;
  /** 公司类型 */
  companyType: string;
  /** 所属组织 */
  orgId: number;
  /** 所属集团公司 */
  groupCompanyId: number | null;
  /** 备注 */
  remark: string | null;
  id: number;
  createdAt: string;
  updatedAt: string;
  orgName?: string | null;
  groupCompanyName?: string | null;
};

/** 组织机构 */
export type OrganizationRecord = {
  /** 组织编码 */
  orgCode: string;
  /** 组织名称 */
  orgName: string;
  /** 组织类型 */
  orgType: string;
  /** 上级组织 */
  parentId: number | null;
  /** 所属集团 */
  groupOrgId: number | null;
  /** 公司类型 */
  companyType: string | null;
  /** 省份 */
  provinceName: string | null;
  /** 城市 */
  cityName: string | null;
  /** 排序 */
  sort: number | null;
  id: number;
  createdAt: string;
  updatedAt: string;
  parentName?: string | null;
  groupOrgName?: string | null;
};

/** 调拨单 › 调拨明细 */
export type AllocationLinesLine = {
  /** 配件编号 */
  partNo: string;
  /** 配件名称 */
  partName: string;
  /** 数量 */
  qty: string;
  /** 调拨价 */
  transferPrice: string;
  /** 金额 */
  amount: string | null;
  id?: number;
  lineNo?: number;
};

/** 调拨单 */
export type AllocationRecord = {
  /** 调拨单号 */
  allocNo: string;
  /** 调出经销商 */
  fromOwnerCode: string | null;
  /** 调入经销商 */
  toOwnerCode: string;
  /** 调出仓库 */
  warehouseCode: string;
  /** 调拨出库单号 */
  outNo: string | null;
  /** 调拨入库单号 */
  inNo: string | null;
  /** 调拨金额 */
  totalAmount: string | null;
  /** 调拨原因 */
  reason: string | null;
  /** 调拨状态 */
  status: string;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  fromOwnerName?: string | null;
  toOwnerName?: string | null;
  lines: AllocationLinesLine[];
};

/** 调拨入库 › 调拨明细 */
export type AllocationInLinesLine = {
  /** 配件编号 */
  partNo: string;
  /** 配件名称 */
  partName: string | null;
  /** 调拨数量 */
  qty: string;
  /** 调拨价 */
  transferPrice: string;
  /** 金额 */
  amount: string | null;
  /** 出库成本价 */
  outCost: string | null;
  /** 已入库数量 */
  receivedQty: string | null;
  /** 退回数量 */
  returnedQty: string | null;
  id?: number;
  lineNo?: number;
};

/** 调拨入库 */
export type AllocationInRecord = {
  /** 调拨单号 */
  allocNo: string;
  /** 调拨单 */
  allocationId: number;
  /** 调出经销商 */
  fromOwnerCode: string;
  /** 调出仓库 */
  fromWarehouseCode: string;
  /** 调拨出库单号 */
  outNo: string | null;
  /** 收货仓库 */
  warehouseCode: string | null;
  /** 最近入库单号 */
  inNo: string | null;
  /** 调拨数量 */
  totalQty: string | null;
  /** 调拨金额 */
  totalAmount: string | null;
  /** 入库状态 */
  status: string;
  /** 拒收原因 */
  refuseReason: string | null;
  /** 拒收时间 */
  refusedAt: string | null;
  /** 调拨原因 */
  reason: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  fromOwnerName?: string | null;
  lines: AllocationInLinesLine[];
};

/** 入库单 › 入库明细 */
export type PartInOrderLinesLine = {
  /** 配件编号 */
  partNo: string;
  /** 配件名称 */
  partName: string | null;
  /** 单位 */
  unit: string | null;
  /** 数量 */
  qty: string;
  /** 成本价 */
  costPrice: string | null;
  /** 金额 */
  amount: string | null;
  /** 库位 */
  locationCode: string | null;
  id?: number;
  lineNo?: number;
};

/** 入库单 */
export type PartInOrderRecord = {
  /** 入库单号 */
  inNo: string;
  /** 入库类型 */
  inType: string;
  /** 入库仓库 */
  warehouseCode: string;
  /** 供应商代码 */
  supplierCode: string | null;
  /** 供应商 */
  supplierName: string | null;
  /** 来源单号 */
  sourceNo: string | null;
  /** 入库数量 */
  totalQty: string | null;
  /** 入库金额 */
  totalAmount: string | null;
  /** 入库状态 */
  status: string;
  /** 入库时间 */
  receivedAt: string | null;
  /** 入库人 */
  receivedBy: number | null;
  /** 作废原因 */
  cancelReason: string | null;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  receivedByName?: string | null;
  lines: PartInOrderLinesLine[];
};

/** 配件主档 */
export type PartInfoRecord = {
  /** 配件编号 */
  partNo: string;
  /** 配件名称 */
  partName: string;
  /** 单位 */
  unit: string;
  /** 配件类别 */
  category: string;
  /** 适用车系 */
  series: (string)[];
  /** 零售价 */
  retailPrice: string;
  /** 索赔价 */
  claimPrice: string;
  /** 保险价 */
  insurancePrice: string;
  /** 税率 */
  taxRate: string;
  /** 启用 */
  enabled: string | null;
  /** 备注 */
  remark: string | null;
  id: number;
  createdAt: string;
  updatedAt: string;
};

/** 配件预留 */
export type PartLockRecord = {
  /** 工单号 */
  roNo: string;
  /** 仓库 */
  warehouseCode: string;
  /** 配件编号 */
  partNo: string;
  /** 配件名称 */
  partName: string | null;
  /** 预留数量 */
  qty: string;
  /** 已领数量 */
  issuedQty: string | null;
  /** 预留状态 */
  status: string;
  /** 释放时间 */
  releasedAt: string | null;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
};

/** 出库单 › 出库明细 */
export type PartOutOrderLinesLine = {
  /** 配件编号 */
  partNo: string;
  /** 配件名称 */
  partName: string | null;
  /** 单位 */
  unit: string | null;
  /** 仓库 */
  warehouseCode: string;
  /** 库位 */
  locationCode: string | null;
  /** 数量 */
  qty: string;
  /** 销售价 */
  salesPrice: string | null;
  /** 销售金额 */
  salesAmount: string | null;
  /** 成本价 */
  costPrice: string | null;
  /** 成本金额 */
  costAmount: string | null;
  /** 预留 */
  lockId: number | null;
  id?: number;
  lineNo?: number;
};

/** 出库单 */
export type PartOutOrderRecord = {
  /** 出库单号 */
  outNo: string;
  /** 出库类型 */
  outType: string;
  /** 工单号 */
  roNo: string | null;
  /** 客户 */
  customerName: string | null;
  /** 调入经销商 */
  toOwnerCode: string | null;
  /** 供应商 */
  supplierName: string | null;
  /** 来源单号 */
  sourceNo: string | null;
  /** 发料人 */
  issuerId: number | null;
  /** 领用人 */
  receiverId: number | null;
  /** 出库数量 */
  totalQty: string | null;
  /** 成本金额 */
  totalCost: string | null;
  /** 销售金额 */
  totalSales: string | null;
  /** 出库状态 */
  status: string;
  /** 出库时间 */
  issuedAt: string | null;
  /** 作废原因 */
  cancelReason: string | null;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  toOwnerName?: string | null;
  issuerName?: string | null;
  receiverName?: string | null;
  lines: PartOutOrderLinesLine[];
};

/** 配件库存 */
export type PartStockRecord = {
  /** 仓库 */
  warehouseCode: string;
  /** 配件编号 */
  partNo: string;
  /** 配件名称 */
  partName: string | null;
  /** 单位 */
  unit: string | null;
  /** 配件类别 */
  category: string | null;
  /** 库位 */
  locationCode: string | null;
  /** 在库数量 */
  onHandQty: string | null;
  /** 预留数量 */
  lockedQty: string | null;
  /** 可用数量 */
  availableQty: string | null;
  /** 平均成本 */
  avgCost: string | null;
  /** 库存金额 */
  stockAmount: string | null;
  /** 安全库存下限 */
  minQty: string | null;
  /** 安全库存上限 */
  maxQty: string | null;
  /** 最近入库 */
  lastInAt: string | null;
  /** 最近出库 */
  lastOutAt: string | null;
  /** 最近变动 */
  lastMovedAt: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
};

/** 出入库流水 */
export type StockLedgerRecord = {
  /** 仓库 */
  warehouseCode: string;
  /** 配件编号 */
  partNo: string;
  /** 配件名称 */
  partName: string | null;
  /** 库位 */
  locationCode: string | null;
  /** 出入库类型 */
  moveType: string;
  /** 单据号 */
  docNo: string;
  /** 来源单号 */
  refNo: string | null;
  /** 数量 */
  qty: string;
  /** 成本价 */
  costPrice: string;
  /** 成本金额 */
  amount: string;
  /** 结存数量 */
  qtyAfter: string;
  /** 过账时间 */
  movedAt: string;
  /** 操作人 */
  operatorId: number | null;
  /** 冲销流水 */
  reversalOf: number | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  operatorName?: string | null;
};

/** 盘点单 › 盘点明细 */
export type StocktakeLinesLine = {
  /** 配件编号 */
  partNo: string;
  /** 配件名称 */
  partName: string | null;
  /** 库位 */
  locationCode: string | null;
  /** 账面数量 */
  bookQty: string | null;
  /** 实盘数量 */
  countQty: string | null;
  /** 差异数量 */
  diffQty: string | null;
  /** 成本价 */
  costPrice: string | null;
  /** 差异金额 */
  diffAmount: string | null;
  id?: number;
  lineNo?: number;
};

/** 盘点单 */
export type StocktakeRecord = {
  /** 盘点单号 */
  takeNo: string;
  /** 盘点仓库 */
  warehouseCode: string;
  /** 盘点范围 */
  scope: string;
  /** 盘点行数 */
  lineCount: number | null;
  /** 差异行数 */
  diffLines: number | null;
  /** 盘盈金额 */
  gainAmount: string | null;
  /** 盘亏金额 */
  lossAmount: string | null;
  /** 盘点状态 */
  status: string;
  /** 提交时间 */
  submittedAt: string | null;
  /** 审核时间 */
  approvedAt: string | null;
  /** 审核人 */
  approverId: number | null;
  /** 驳回原因 */
  rejectReason: string | null;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  approverName?: string | null;
  lines: StocktakeLinesLine[];
};

/** 仓库 › 库位 */
export type WarehouseLocationsLine = {
  /** 库位代码 */
  locationCode: string;
  /** 库位说明 */
  locationName: string | null;
  /** 启用 */
  enabled: string | null;
  id?: number;
  lineNo?: number;
};

/** 仓库 */
export type WarehouseRecord = {
  /** 仓库代码 */
  warehouseCode: string;
  /** 仓库名称 */
  warehouseName: string;
  /** 仓库类型 */
  warehouseType: string;
  /** 启用 */
  enabled: string | null;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  locations: WarehouseLocationsLine[];
};

/** 预约登记 */
export type BookingRecord = {
  /** 预约单号 */
  bookingNo: string;
  /** 预约状态 */
  status: string;
  /** 客户姓名 */
  customerName: string;
  /** 联系电话 */
  phone: string;
  /** 性别 */
  gender: string | null;
  /** 证件号码 */
  idCardNo: string | null;
  /** 省份 */
  provinceCode: string | null;
  /** 城市 */
  cityCode: string | null;
  /** 区县 */
  countyCode: string | null;
  /** 详细地址 */
  address: string | null;
  /** 联系方式类型 */
  contactType: string | null;
  /** 其他联系方式 */
  contactValue: string | null;
  /** 客户标签 */
  customerTags: (string)[];
  /** 回访方式 */
  callbackChannels: (string)[];
  /** 车牌号 */
  plateNo: string;
  /** VIN */
  vin: string | null;
  /** 品牌 */
  brandId: number;
  /** 车系 */
  seriesId: number;
  /** 车型 */
  modelId: number;
  /** 配置 */
  configId: number;
  /** 颜色 */
  colorId: number;
  /** 选装配置 */
  optionIds: (number)[];
  /** 进厂里程 */
  mileage: number | null;
  /** 购车日期 */
  purchaseDate: string | null;
  /** 上次保养日期 */
  lastMaintainDate: string | null;
  /** 保险到期 */
  insuranceExpiry: string | null;
  /** 年款 */
  modelYear: string | null;
  /** 延保起始月 */
  warrantyFrom: string | null;
  /** 延保截止月 */
  warrantyTo: string | null;
  /** 预约进厂时间 */
  bookingTime: string;
  /** 到店时段起 */
  arriveFrom: string;
  /** 到店时段止 */
  arriveTo: string;
  /** 预计交车时刻 */
  deliveryTime: string | null;
  /** 维修类型 */
  repairTypeCode: string;
  /** 预约项目 */
  serviceItems: (string)[];
  /** 预约来源 */
  bookingSource: string;
  /** 故障系统 */
  faultSystem: string | null;
  /** 故障现象 */
  faultSymptom: string | null;
  /** 主要维修项目 */
  repairItem: string | null;
  /** 车间 */
  workshopCode: string | null;
  /** 工位 */
  bayCode: string | null;
  /** 服务顾问 */
  advisorId: number;
  /** 指定技师 */
  technicianId: number | null;
  /** 接待专员 */
  receptionistId: number | null;
  /** 预算下限 */
  budgetFrom: string | null;
  /** 预算上限 */
  budgetTo: string | null;
  /** 期望交车日期起 */
  pickupDateFrom: string | null;
  /** 期望交车日期止 */
  pickupDateTo: string | null;
  /** 代步车使用起 */
  loanCarFrom: string | null;
  /** 代步车使用止 */
  loanCarTo: string | null;
  /** 上门取车 */
  needPickup: string | null;
  /** 取车时段起 */
  pickupFrom: string | null;
  /** 取车时段止 */
  pickupTo: string | null;
  /** 回访时间 */
  callbackTime: string | null;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  provinceName?: string | null;
  cityName?: string | null;
  countyName?: string | null;
  brandName?: string | null;
  seriesName?: string | null;
  modelName?: string | null;
  configName?: string | null;
  colorName?: string | null;
  repairTypeName?: string | null;
  advisorName?: string | null;
  technicianName?: string | null;
  receptionistName?: string | null;
  /** 车型（车系 车型 配置 颜色）（钩子加入） */
  materialName?: unknown;
  /** 所在地区（钩子加入） */
  regionName?: unknown;
};

/** 预约时段 */
export type BookingSlotRecord = {
  /** 星期 */
  weekday: number;
  /** 开始时刻 */
  slotStart: string;
  /** 可约台数 */
  capacity: number;
  /** 启用 */
  enabled: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
};

/** 客户接待 */
export type CustomerReceptionRecord = {
  /** 接待单号 */
  receptionNo: string;
  /** 车牌号 */
  plateNo: string;
  /** VIN */
  vin: string;
  /** 车主 */
  customerName: string;
  /** 车主电话 */
  phone: string;
  /** 客户档案 */
  customerId: number | null;
  /** 服务顾问 */
  advisorId: number | null;
  /** 到店时间 */
  arriveAt: string;
  /** 到店类型 */
  visitType: string;
  /** 预约单号 */
  bookingNo: string | null;
  /** 维修类型 */
  repairTypeCode: string;
  /** 进厂里程 */
  mileage: number;
  /** 油量（格） */
  fuelLevel: number | null;
  /** 贵重物品 */
  valuables: string | null;
  /** 环车检查 */
  walkaroundPhotos: (string | { name: string; url: string })[];
  /** 故障描述 */
  faultDesc: string | null;
  /** 接待状态 */
  status: string;
  /** 锁定人 */
  lockedBy: number | null;
  /** 锁定时间 */
  lockedAt: string | null;
  /** 工单号 */
  roNo: string | null;
  /** 工单 */
  roId: number | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  customerRecordName?: string | null;
  advisorName?: string | null;
  repairTypeName?: string | null;
  lockedByName?: string | null;
  roTitle?: string | null;
  /** 锁定状态（正在由{name}接待）（钩子加入） */
  lockText?: unknown;
};

/** 工时项目 */
export type LabourItemRecord = {
  /** 工时代码 */
  labourCode: string;
  /** 工时名称 */
  labourName: string;
  /** 标准工时代码 */
  stdLabourCode: string | null;
  /** 维修类型 */
  repairTypeCode: string;
  /** 标准工时 */
  stdHours: string;
  /** 工时单价 */
  price: string;
  /** 适用车系 */
  series: (string)[];
  /** 启用 */
  enabled: string | null;
  /** 生效日期 */
  effectiveDate: string;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  stdLabourName?: string | null;
  repairTypeName?: string | null;
};

/** 维修提醒 */
export type ReminderRecord = {
  /** 服务顾问 */
  advisorId: number | null;
  /** 提醒类型 */
  remindType: string;
  /** VIN */
  vin: string;
  /** 车牌号 */
  plateNo: string;
  /** 车主 */
  customerName: string;
  /** 车主电话 */
  phone: string;
  /** 工单号 */
  roNo: string | null;
  /** 提醒内容 */
  content: string;
  /** 应联系日期 */
  dueDate: string;
  /** 阅读时间 */
  readAt: string | null;
  /** 来源单号 */
  sourceNo: string | null;
  /** 客户答复 */
  feedback: string | null;
  /** 答复时间 */
  feedbackAt: string | null;
  /** 移除时间 */
  closedAt: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  advisorName?: string | null;
  /** 是否已读（1 已读，0 未读）（钩子加入） */
  readFlag?: unknown;
  /** 阅读状态（字典 8974）（钩子加入） */
  readStatus?: unknown;
};

/** 维修工单 › 维修项目 */
export type RepairOrderLabourLinesLine = {
  /** 项目标识 */
  lineKey: string | null;
  /** 工时代码 */
  labourCode: string;
  /** 维修项目 */
  labourName: string | null;
  /** 标准工时 */
  stdHours: string | null;
  /** 工时单价 */
  price: string | null;
  /** 折扣率 */
  discountRate: string | null;
  /** 套餐分摊 */
  packageShare: string | null;
  /** 金额 */
  amount: string | null;
  /** 收费区分 */
  chargeType: string;
  /** 套餐 */
  packageCode: string | null;
  /** 项目状态 */
  lineStatus: string | null;
  /** 技师 */
  technicianNames: string | null;
  /** 返工次数 */
  reworkCount: number | null;
  id?: number;
  lineNo?: number;
};

/** 维修工单 › 维修材料 */
export type RepairOrderPartLinesLine = {
  /** 材料标识 */
  lineKey: string | null;
  /** 配件编号 */
  partNo: string;
  /** 配件名称 */
  partName: string | null;
  /** 仓库 */
  warehouseCode: string | null;
  /** 数量 */
  qty: string;
  /** 单价 */
  unitPrice: string | null;
  /** 折扣率 */
  discountRate: string | null;
  /** 套餐分摊 */
  packageShare: string | null;
  /** 金额 */
  amount: string | null;
  /** 收费区分 */
  chargeType: string;
  /** 套餐 */
  packageCode: string | null;
  /** 已领数量 */
  issuedQty: string | null;
  /** 成本 */
  costAmount: string | null;
  id?: number;
  lineNo?: number;
};

/** 维修工单 › 附加项目 */
export type RepairOrderAddItemsLine = {
  /** 附加项目 */
  itemCode: string;
  /** 项目名称 */
  itemName: string | null;
  /** 金额 */
  amount: string;
  /** 收费区分 */
  chargeType: string;
  /** 备注 */
  remark: string | null;
  id?: number;
  lineNo?: number;
};

/** 维修工单 › 套餐 */
export type RepairOrderPackagesLine = {
  /** 套餐代码 */
  packageCode: string;
  /** 套餐名称 */
  packageName: string | null;
  /** 套餐价 */
  packagePrice: string | null;
  id?: number;
  lineNo?: number;
};

/** 维修工单 */
export type RepairOrderRecord = {
  /** 工单号 */
  roNo: string;
  /** VIN */
  vin: string;
  /** 车牌号 */
  plateNo: string;
  /** 车主 */
  customerName: string;
  /** 车主电话 */
  phone: string;
  /** 客户档案 */
  customerId: number | null;
  /** 送修人 */
  senderName: string | null;
  /** 送修人电话 */
  senderPhone: string | null;
  /** 保险公司 */
  insurerName: string | null;
  /** 维修类型 */
  repairTypeCode: string;
  /** 工单状态 */
  status: string;
  /** 服务顾问 */
  serviceAdvisorId: number | null;
  /** 进厂里程 */
  mileage: number;
  /** 预计交车 */
  promisedAt: string | null;
  /** 故障描述 */
  faultDesc: string | null;
  /** 接待单号 */
  receptionNo: string | null;
  /** 预约单号 */
  bookingNo: string | null;
  /** 原工单（返修） */
  reworkOfRoNo: string | null;
  /** 工时费 */
  labourAmount: string | null;
  /** 材料费 */
  partAmount: string | null;
  /** 附加费 */
  addItemAmount: string | null;
  /** 折扣金额 */
  discountAmount: string | null;
  /** 合计 */
  totalAmount: string | null;
  /** 税额 */
  taxAmount: string | null;
  /** 客户付费 */
  customerAmount: string | null;
  /** 客户付费折扣 */
  customerDiscount: string | null;
  /** 索赔金额 */
  warrantyAmount: string | null;
  /** 保险金额 */
  insuranceAmount: string | null;
  /** 内部金额 */
  internalAmount: string | null;
  /** 免费金额 */
  freeAmount: string | null;
  /** 结算优惠 */
  settleDiscount: string | null;
  /** 抹零 */
  roundOff: string | null;
  /** 结算单号 */
  settlementNo: string | null;
  /** 待派工项目数 */
  unassignedLines: number | null;
  /** 未质检项目数 */
  openLines: number | null;
  /** 维修质检结果 */
  finalResult: string | null;
  /** 完工时间 */
  completedAt: string | null;
  /** 结算时间 */
  settledAt: string | null;
  /** 出厂时间 */
  releasedAt: string | null;
  /** 取消结算原因 */
  settleCancelReason: string | null;
  /** 挂账原因 */
  creditReason: string | null;
  /** 挂账审批人 */
  creditBy: number | null;
  /** 作废原因 */
  voidReason: string | null;
  /** 备注 */
  remark: string | null;
  /** 维修说明 */
  descriptionHtml: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  customerRecordName?: string | null;
  repairTypeName?: string | null;
  serviceAdvisorName?: string | null;
  creditByName?: string | null;
  labourLines: RepairOrderLabourLinesLine[];
  partLines: RepairOrderPartLinesLine[];
  addItems: RepairOrderAddItemsLine[];
  packages: RepairOrderPackagesLine[];
};

/** 回访 */
export type ReturnVisitRecord = {
  /** 回访单号 */
  visitNo: string;
  /** 回访来源 */
  sourceType: string;
  /** 来源单号 */
  sourceNo: string;
  /** 工单 */
  roId: number | null;
  /** 车牌号 */
  plateNo: string;
  /** VIN */
  vin: string | null;
  /** 客户 */
  customerName: string;
  /** 联系电话 */
  phone: string;
  /** 应回访日期 */
  dueDate: string;
  /** 回访状态 */
  status: string;
  /** 回访人 */
  visitorId: number | null;
  /** 回访时间 */
  visitedAt: string | null;
  /** 回访结果 */
  result: string | null;
  /** 满意度 */
  satisfaction: number | null;
  /** 有投诉 */
  complaint: string | null;
  /** 回访内容 */
  content: string | null;
  /** 处理结果 */
  handleResult: string | null;
  /** 处理人 */
  handledBy: number | null;
  /** 处理时间 */
  handledAt: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  roTitle?: string | null;
  visitorName?: string | null;
  handledByName?: string | null;
};

/** 派工 */
export type RoDispatchRecord = {
  /** 工单 */
  roId: number;
  /** 工单号 */
  roNo: string;
  /** 车牌号 */
  plateNo: string;
  /** 项目标识 */
  lineKey: string;
  /** 工时代码 */
  labourCode: string;
  /** 维修项目 */
  labourName: string;
  /** 标准工时 */
  stdHours: string | null;
  /** 技师 */
  technicianId: number;
  /** 分摊比例 */
  shareRate: string;
  /** 车间 */
  workshopCode: string | null;
  /** 工位 */
  bayCode: string | null;
  /** 派工状态 */
  status: string;
  /** 派工时间 */
  assignedAt: string | null;
  /** 开工时间 */
  startAt: string | null;
  /** 完工时间 */
  finishAt: string | null;
  /** 返工次数 */
  reworkCount: number | null;
  /** 派工人 */
  dispatchedBy: number | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  roTitle?: string | null;
  technicianName?: string | null;
  dispatcherName?: string | null;
};

/** 质检记录 */
export type RoInspectionRecord = {
  /** 工单 */
  roId: number;
  /** 工单号 */
  roNo: string;
  /** 车牌号 */
  plateNo: string;
  /** 质检环节 */
  stage: string;
  /** 项目标识 */
  lineKey: string | null;
  /** 维修项目 */
  labourName: string | null;
  /** 质检员 */
  inspectorId: number;
  /** 质检结果 */
  result: string;
  /** 检查项 */
  items: unknown | null;
  /** 不合格原因 */
  failReason: string | null;
  /** 责任技师 */
  responsibleTechId: number | null;
  /** 质检时间 */
  inspectedAt: string;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  roTitle?: string | null;
  inspectorName?: string | null;
  responsibleTechName?: string | null;
};

/** 结算单 */
export type RoSettlementRecord = {
  /** 结算单号 */
  settlementNo: string;
  /** 工单 */
  roId: number;
  /** 工单号 */
  roNo: string;
  /** 车牌号 */
  plateNo: string;
  /** 车主 */
  customerName: string;
  /** 工单合计 */
  totalAmount: string;
  /** 客户付费 */
  customerAmount: string;
  /** 索赔 */
  warrantyAmount: string;
  /** 保险 */
  insuranceAmount: string;
  /** 内部 */
  internalAmount: string;
  /** 免费 */
  freeAmount: string;
  /** 结算优惠 */
  discountAmount: string;
  /** 抹零 */
  roundOffAmount: string;
  /** 应收金额 */
  receivableAmount: string;
  /** 税额 */
  taxAmount: string;
  /** 免费结算 */
  freeSettlement: string | null;
  /** 结算状态 */
  status: string;
  /** 结算人 */
  settledBy: number;
  /** 审核人 */
  approverId: number | null;
  /** 结算时间 */
  settledAt: string;
  /** 取消人 */
  cancelledBy: number | null;
  /** 取消时间 */
  cancelledAt: string | null;
  /** 取消原因 */
  cancelReason: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  roTitle?: string | null;
  settledByName?: string | null;
  approverName?: string | null;
  cancelledByName?: string | null;
};

/** 维修套餐 › 套餐工时 */
export type ServicePackageLabourLinesLine = {
  /** 工时代码 */
  labourCode: string;
  /** 工时名称 */
  labourName: string | null;
  /** 标准工时 */
  stdHours: string;
  id?: number;
  lineNo?: number;
};

/** 维修套餐 › 套餐配件 */
export type ServicePackagePartLinesLine = {
  /** 配件编号 */
  partNo: string;
  /** 配件名称 */
  partName: string | null;
  /** 数量 */
  qty: string;
  id?: number;
  lineNo?: number;
};

/** 维修套餐 */
export type ServicePackageRecord = {
  /** 套餐代码 */
  packageCode: string;
  /** 套餐名称 */
  packageName: string;
  /** 适用车系 */
  series: (string)[];
  /** 套餐价 */
  packagePrice: string;
  /** 生效日期 */
  validFrom: string;
  /** 失效日期 */
  validTo: string | null;
  /** 启用 */
  enabled: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  labourLines: ServicePackageLabourLinesLine[];
  partLines: ServicePackagePartLinesLine[];
};

/** 车辆健康检查 › 检查项目 */
export type VehicleHealthCheckItemsLine = {
  /** 项目代码 */
  itemCode: string;
  /** 检查项目 */
  itemName: string;
  /** 结果 */
  result: string;
  /** 建议 */
  advice: string | null;
  /** 客户决定 */
  decision: string | null;
  /** 照片 */
  photo: string | { name: string; url: string } | null;
  id?: number;
  lineNo?: number;
};

/** 车辆健康检查 */
export type VehicleHealthCheckRecord = {
  /** 检查单号 */
  vhcNo: string;
  /** 工单 */
  roId: number | null;
  /** 工单号 */
  roNo: string | null;
  /** VIN */
  vin: string;
  /** 车牌号 */
  plateNo: string;
  /** 车主 */
  customerName: string;
  /** 车主电话 */
  phone: string;
  /** 里程 */
  mileage: number | null;
  /** 服务顾问 */
  advisorId: number | null;
  /** 红色项 */
  redCount: number | null;
  /** 黄色项 */
  yellowCount: number | null;
  /** 检查状态 */
  status: string;
  /** 提交时间 */
  submittedAt: string | null;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  roTitle?: string | null;
  advisorName?: string | null;
  items: VehicleHealthCheckItemsLine[];
};

/** 车辆照片 */
export type VehiclePhotoRecord = {
  /** 车牌号 */
  plateNo: string;
  /** 备注 */
  remark: string | null;
  /** 车辆照片 */
  photo: string | { name: string; url: string };
  /** 附件 */
  attachments: (string | { name: string; url: string })[];
  /** 视频 */
  video: string | { name: string; url: string } | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
};

/** 邀约 */
export type AppointmentRecord = {
  /** 邀约单号 */
  appointNo: string;
  /** 潜客 */
  potenId: number;
  /** 邀约目的 */
  purpose: string;
  /** 邀约到店时间 */
  appointAt: string;
  /** 销售顾问 */
  consultantId: number;
  /** 邀约状态 */
  status: string;
  /** 取消原因 */
  cancelReason: string | null;
  /** 到店时间 */
  arrivedAt: string | null;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  potenName?: string | null;
  consultantName?: string | null;
};

/** 线索 */
export type ClueRecord = {
  /** 线索编号 */
  clueNo: string;
  /** 客户姓名 */
  customerName: string;
  /** 联系电话 */
  phone: string;
  /** 性别 */
  gender: string | null;
  /** 线索来源 */
  clueSource: string;
  /** 市场活动 */
  activityNo: string | null;
  /** 意向车系 */
  intentSeriesCode: string | null;
  /** 所在城市 */
  cityCode: string | null;
  /** 销售顾问 */
  consultantId: number | null;
  /** 线索状态 */
  status: string;
  /** 无效原因 */
  invalidReason: string | null;
  /** 分配时间 */
  assignedAt: string | null;
  /** 首次跟进时间 */
  firstFollowAt: string | null;
  /** 潜客 */
  potenId: number | null;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  clueSourceName?: string | null;
  activityName?: string | null;
  intentSeriesName?: string | null;
  cityName?: string | null;
  consultantName?: string | null;
  potenNo?: string | null;
};

/** 线索来源 */
export type ClueSourceRecord = {
  /** 来源代码 */
  sourceCode: string;
  /** 来源名称 */
  sourceName: string;
  /** 来源类别 */
  sourceKind: string;
  /** 上级来源 */
  parentCode: string | null;
  /** 排序 */
  sort: number | null;
  /** 启用 */
  enabled: string | null;
  /** 备注 */
  remark: string | null;
  id: number;
  createdAt: string;
  updatedAt: string;
  parentName?: string | null;
};

/** 顾问工作 */
export type ConsultantWorkRecord = {
  /** 日期 */
  workDate: string;
  /** 销售顾问 */
  consultantId: number;
  /** 班次 */
  shift: string;
  /** 当班 */
  onDuty: string;
  /** 接待轮序 */
  receptionOrder: number;
  /** 最多新线索 */
  maxNewClues: number;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  consultantName?: string | null;
};

/** 客户打标 */
export type CustomerTagRecord = {
  /** 标签 */
  tagId: number;
  /** 潜客 */
  potenId: number;
  /** 联系电话 */
  phone: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  tagName?: string | null;
  potenName?: string | null;
};

/** 交车 */
export type DeliveryRecord = {
  /** 交车单号 */
  deliveryNo: string;
  /** 销售订单 */
  salesOrderId: number;
  /** VIN */
  vin: string | null;
  /** 客户姓名 */
  customerName: string | null;
  /** 联系电话 */
  phone: string | null;
  /** 销售顾问 */
  consultantId: number | null;
  /** 车型 */
  modelCode: string | null;
  /** 计划交车时间 */
  plannedAt: string;
  /** 交车时间 */
  deliveredAt: string | null;
  /** 交车检查 */
  checklist: (string)[];
  /** PDI通过 */
  pdiPassed: string | null;
  /** 客户签字 */
  customerSigned: string | null;
  /** 交车照片 */
  photos: (string | { name: string; url: string })[];
  /** 交车状态 */
  status: string;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  soNo?: string | null;
  consultantName?: string | null;
  modelName?: string | null;
};

/** 车展接待登记 */
export type ExhibitionRegistrationRecord = {
  /** 市场活动 */
  activityNo: string;
  /** 客户姓名 */
  customerName: string;
  /** 联系电话 */
  phone: string;
  /** 意向车系 */
  intentSeriesCode: string | null;
  /** 接待顾问 */
  consultantId: number | null;
  /** 线索 */
  clueId: number | null;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  activityName?: string | null;
  intentSeriesName?: string | null;
  consultantName?: string | null;
  clueNo?: string | null;
};

/** 跟进记录 */
export type FollowUpRecord = {
  /** 潜客 */
  potenId: number | null;
  /** 线索 */
  clueId: number | null;
  /** 跟进方式 */
  followWay: string;
  /** 跟进内容 */
  content: string;
  /** 跟进后意向级别 */
  levelAfter: string | null;
  /** 下次跟进时间 */
  nextFollowAt: string | null;
  /** 跟进时间 */
  followedAt: string | null;
  /** 跟进人 */
  consultantId: number | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  potenName?: string | null;
  clueNo?: string | null;
  consultantName?: string | null;
};

/** 市场活动 */
export type MarketActivityRecord = {
  /** 活动编号 */
  activityNo: string;
  /** 活动名称 */
  name: string;
  /** 活动类型 */
  activityType: string;
  /** 活动级别 */
  level: string;
  /** 开始日期 */
  startDate: string;
  /** 结束日期 */
  endDate: string;
  /** 活动地点 */
  address: string | null;
  /** 预算 */
  budget: string;
  /** 实际费用 */
  actualCost: string | null;
  /** 目标线索数 */
  targetClues: number | null;
  /** 活动状态 */
  status: string;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  /** 已获线索（钩子加入） */
  clueCount?: unknown;
};

/** 潜客 */
export type PotentialCustomerRecord = {
  /** 潜客编号 */
  potenNo: string;
  /** 客户姓名 */
  name: string;
  /** 联系电话 */
  phone: string;
  /** 性别 */
  gender: string | null;
  /** 来源线索 */
  clueId: number | null;
  /** 线索来源 */
  clueSource: string | null;
  /** 意向级别 */
  intentLevel: string;
  /** 意向车型 */
  intentModelCode: string | null;
  /** 购买类型 */
  buyType: string | null;
  /** 付款方式 */
  payType: string | null;
  /** 预算下限 */
  budgetFrom: string | null;
  /** 预算上限 */
  budgetTo: string | null;
  /** 购车因素 */
  buyFactors: (string)[];
  /** 竞品车型 */
  competitorModels: (string)[];
  /** 销售顾问 */
  consultantId: number | null;
  /** 下次跟进时间 */
  nextFollowAt: string | null;
  /** 最近跟进时间 */
  lastFollowAt: string | null;
  /** 跟进次数 */
  followCount: number | null;
  /** 首次到店时间 */
  firstArriveAt: string | null;
  /** 潜客状态 */
  status: string;
  /** 战败原因 */
  defeatReasonCode: string | null;
  /** 战败说明 */
  defeatReason: string | null;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  clueNo?: string | null;
  clueSourceName?: string | null;
  intentModelName?: string | null;
  consultantName?: string | null;
};

/** 报价 */
export type QuotationRecord = {
  /** 报价单号 */
  quoteNo: string;
  /** 潜客 */
  potenId: number;
  /** 客户姓名 */
  customerName: string | null;
  /** 联系电话 */
  phone: string | null;
  /** 车型 */
  modelCode: string | null;
  /** 配置 */
  configId: number;
  /** 颜色 */
  colorId: number;
  /** 选装包 */
  optionIds: (number)[];
  /** 销售顾问 */
  consultantId: number | null;
  /** 指导价 */
  guidePrice: string | null;
  /** 优惠金额 */
  discount: string;
  /** 精品金额 */
  accessoryAmount: string | null;
  /** 保险估算 */
  insuranceEst: string | null;
  /** 购置税估算 */
  purchaseTaxEst: string | null;
  /** 上牌费 */
  plateFee: string | null;
  /** 置换补贴 */
  tradeInSubsidy: string | null;
  /** 落地价 */
  totalPrice: string | null;
  /** 付款方式 */
  payType: string;
  /** 首付金额 */
  downPayment: string | null;
  /** 贷款金额 */
  loanAmount: string | null;
  /** 贷款期限（月） */
  loanTerm: number | null;
  /** 年利率（%） */
  annualRate: string | null;
  /** 月供 */
  monthlyPayment: string | null;
  /** 有效期至 */
  validUntil: string;
  /** 报价状态 */
  status: string;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  potenName?: string | null;
  modelName?: string | null;
  configName?: string | null;
  colorName?: string | null;
  consultantName?: string | null;
  /** 品牌（钩子加入） */
  brandId?: unknown;
  /** 车系（钩子加入） */
  seriesId?: unknown;
  /** 车型（钩子加入） */
  modelId?: unknown;
};

/** 销售订单 */
export type SalesOrderRecord = {
  /** 订单号 */
  soNo: string;
  /** 报价 */
  quotationId: number | null;
  /** 潜客 */
  potenId: number | null;
  /** 客户姓名 */
  customerName: string | null;
  /** 联系电话 */
  phone: string | null;
  /** 保有客户 */
  customerId: number | null;
  /** 销售顾问 */
  consultantId: number | null;
  /** 车型 */
  modelCode: string | null;
  /** 配置 */
  configId: number | null;
  /** 颜色 */
  colorId: number | null;
  /** 选装包 */
  optionIds: (number)[];
  /** VIN */
  vin: string | null;
  /** 车价 */
  vehiclePrice: string | null;
  /** 优惠金额 */
  discount: string | null;
  /** 精品金额 */
  accessoryAmount: string | null;
  /** 订单金额 */
  totalAmount: string | null;
  /** 定金 */
  depositAmount: string | null;
  /** 贷款金额 */
  loanAmount: string | null;
  /** 已收金额 */
  receivedAmount: string | null;
  /** 付款方式 */
  payType: string;
  /** 机动车销售统一发票号 */
  invoiceNo: string | null;
  /** 车牌号 */
  plateNo: string | null;
  /** 订单状态 */
  status: string;
  /** 审核时间 */
  approvedAt: string | null;
  /** 审核人 */
  approvedBy: number | null;
  /** 交车时间 */
  deliveredAt: string | null;
  /** 退订原因 */
  cancelReason: string | null;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  quoteNo?: string | null;
  potenName?: string | null;
  ownerName?: string | null;
  consultantName?: string | null;
  modelName?: string | null;
  configName?: string | null;
  colorName?: string | null;
  approvedName?: string | null;
};

/** 销售目标 */
export type SalesTargetRecord = {
  /** 目标月份 */
  targetMonth: string;
  /** 车型 */
  modelCode: string;
  /** 零售目标（台） */
  retailTarget: number;
  /** 批发目标（台） */
  wholesaleTarget: number;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  modelName?: string | null;
  /** 车系代码（钩子加入） */
  seriesCode?: unknown;
  /** 车系（钩子加入） */
  seriesName?: unknown;
};

/** 展厅接待 */
export type ShowroomReceptionRecord = {
  /** 接待单号 */
  receptionNo: string;
  /** 到店时间 */
  arriveAt: string;
  /** 离店时间 */
  leaveAt: string | null;
  /** 到店人数 */
  visitors: number;
  /** 来店类型 */
  visitKind: string | null;
  /** 到店方式 */
  arriveType: string;
  /** 邀约 */
  appointmentId: number | null;
  /** 潜客 */
  potenId: number | null;
  /** 客户姓名 */
  customerName: string | null;
  /** 联系电话 */
  phone: string | null;
  /** 接待顾问 */
  consultantId: number;
  /** 已试驾 */
  testDriven: string | null;
  /** 意向级别 */
  intentLevel: string | null;
  /** 接待状态 */
  status: string;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  appointNo?: string | null;
  potenName?: string | null;
  consultantName?: string | null;
};

/** 客户标签 */
export type TagRecord = {
  /** 标签代码 */
  tagCode: string;
  /** 标签名称 */
  tagName: string;
  /** 标签分组 */
  groupName: string | null;
  /** 标签类型 */
  tagKind: string;
  /** 标签规则 */
  rule: unknown | null;
  /** 客户数 */
  customerCount: number | null;
  /** 最近计算时间 */
  refreshedAt: string | null;
  /** 启用 */
  enabled: string | null;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
};

/** 试驾登记 */
export type TestDriveRecord = {
  /** 试驾单号 */
  driveNo: string;
  /** 潜客 */
  potenId: number | null;
  /** 客户姓名 */
  customerName: string | null;
  /** 联系电话 */
  phone: string | null;
  /** 证件号码 */
  idCardNo: string | null;
  /** 驾驶证号 */
  licenseNo: string | null;
  /** 驾驶证照片 */
  licensePhoto: string | { name: string; url: string } | null;
  /** 试驾类型 */
  driveType: string;
  /** 试驾方式 */
  driveWay: string;
  /** 意向车型 */
  modelCode: string;
  /** 试驾车VIN */
  carVin: string;
  /** 试驾车车牌 */
  plateNo: string | null;
  /** 销售顾问 */
  consultantId: number;
  /** 试驾专员 */
  staffId: number | null;
  /** 计划试驾时间 */
  planStart: string;
  /** 实际开始时间 */
  actualStart: string | null;
  /** 实际结束时间 */
  actualEnd: string | null;
  /** 开始里程 */
  startMileage: number | null;
  /** 结束里程 */
  endMileage: number | null;
  /** 试驾路线 */
  route: string | null;
  /** 已签试驾协议 */
  agreementSigned: string | null;
  /** 客户反馈 */
  feedback: string | null;
  /** 满意度 */
  satisfaction: string | null;
  /** 取消原因 */
  cancelReason: string | null;
  /** 试驾状态 */
  status: string;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  potenName?: string | null;
  modelName?: string | null;
  carPlateNo?: string | null;
  consultantName?: string | null;
  staffName?: string | null;
};

/** 试驾车 */
export type TestDriveCarRecord = {
  /** VIN */
  vin: string;
  /** 车牌号 */
  plateNo: string;
  /** 车型 */
  modelCode: string;
  /** 颜色 */
  colorName: string | null;
  /** 当前里程 */
  mileage: number | null;
  /** 试驾车状态 */
  status: string;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  modelName?: string | null;
};

/** 整车库存 */
export type VehicleStockRecord = {
  /** VIN */
  vin: string;
  /** 车型 */
  modelCode: string;
  /** 配置 */
  configId: number;
  /** 颜色 */
  colorId: number;
  /** 仓库 */
  warehouseCode: string;
  /** 批发价 */
  purchasePrice: string;
  /** 指导价 */
  guidePrice: string;
  /** 发车时间 */
  shippedAt: string;
  /** 入库时间 */
  inStockAt: string | null;
  /** 出库时间 */
  outAt: string | null;
  /** 库存状态 */
  status: string;
  /** 订单号 */
  soNo: string | null;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  modelName?: string | null;
  configName?: string | null;
  colorName?: string | null;
  /** 库龄（天）（钩子加入） */
  ageDays?: unknown;
};

/** 工号绑定 */
export type WorkNoBindingRecord = {
  /** 员工 */
  userId: number;
  /** 员工编号 */
  employeeNo: string | null;
  /** 平台 */
  platform: string;
  /** 工号 */
  workNo: string;
  /** 绑定状态 */
  status: string;
  /** 绑定时间 */
  boundAt: string | null;
  /** 解绑时间 */
  unboundAt: string | null;
  /** 备注 */
  remark: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  userName?: string | null;
};

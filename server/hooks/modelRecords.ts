/* Generated from models/*.json by `npm run schema:types`. Do not edit by hand. */

/** 收款单 */
export type ReceiptRecord = {
  /** 收款单号 */
  receiptNo: string;
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

/** 维修工单 › 工时明细 */
export type RepairOrderLabourLinesLine = {
  /** 工时项目 */
  labourName: string;
  /** 工时 */
  hours: string;
  /** 单价 */
  rate: string;
  /** 金额 */
  amount: string | null;
  id?: number;
  lineNo?: number;
};

/** 维修工单 › 材料明细 */
export type RepairOrderPartLinesLine = {
  /** 配件编码 */
  partCode: string;
  /** 配件名称 */
  partName: string;
  /** 数量 */
  quantity: string;
  /** 单价 */
  unitPrice: string;
  /** 金额 */
  amount: string | null;
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
  /** 维修类型 */
  repairTypeCode: string;
  /** 工单状态 */
  status: string;
  /** 服务顾问 */
  serviceAdvisorId: number | null;
  /** 进厂里程 */
  mileage: number;
  /** 工时费 */
  labourAmount: string | null;
  /** 材料费 */
  partAmount: string | null;
  /** 备注 */
  remark: string | null;
  /** 维修说明 */
  descriptionHtml: string | null;
  id: number;
  ownerCode: string;
  dealerName?: string;
  createdAt: string;
  updatedAt: string;
  repairTypeName?: string | null;
  serviceAdvisorName?: string | null;
  labourLines: RepairOrderLabourLinesLine[];
  partLines: RepairOrderPartLinesLine[];
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

/** 报价 */
export type QuotationRecord = {
  /** 报价单号 */
  quoteNo: string;
  /** 客户姓名 */
  customerName: string;
  /** 联系电话 */
  phone: string;
  /** 车型 */
  modelCode: string;
  /** 销售顾问 */
  consultantId: number;
  /** 指导价 */
  guidePrice: string;
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
  modelName?: string | null;
  consultantName?: string | null;
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

/** 试驾登记 */
export type TestDriveRecord = {
  /** 试驾单号 */
  driveNo: string;
  /** 客户姓名 */
  customerName: string;
  /** 联系电话 */
  phone: string;
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
  modelName?: string | null;
  consultantName?: string | null;
  staffName?: string | null;
};

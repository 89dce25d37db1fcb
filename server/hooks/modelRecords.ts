/* Generated from models/*.json by `npm run schema:types`. Do not edit by hand. */

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

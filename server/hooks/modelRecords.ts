/* Generated from models/*.json by `npm run schema:types`. Do not edit by hand. */

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

// The fixed part of the demo world: codes, dictionaries, the organisation network, menus and name lists.
import type { Menu } from '../db/schema';

export const POSITIONS = [
  { positionCode: 'FWGW', positionName: '服务顾问' },
  { positionCode: 'DBZY', positionName: '担保专员' },
  { positionCode: 'XBZY', positionName: '续保专员' },
  { positionCode: 'LYR', positionName: '领用人' },
  { positionCode: 'KFZY', positionName: '客服专员' },
  { positionCode: 'JS', positionName: '技师' },
  { positionCode: 'LLR', positionName: '领料员' },
  { positionCode: 'ZJY', positionName: '质检员' },
  { positionCode: 'SCY', positionName: '试乘试驾专员' },
  { positionCode: 'SHR', positionName: '审核人' },
  { positionCode: 'XSGW', positionName: '销售顾问' },
] as const;

export type PositionCode = (typeof POSITIONS)[number]['positionCode'];

export const REPAIR_ORDER_STATUS = {
  waiting: '80211001',
  repairing: '80211002',
  finished: '80211003',
  settled: '80211004',
} as const;

export const DICTIONARY: { type: string; codeId: string; codeCnDesc: string; codeEnDesc: string }[] = [
  { type: '8021', codeId: '80211001', codeCnDesc: '待派工', codeEnDesc: 'Waiting' },
  { type: '8021', codeId: '80211002', codeCnDesc: '维修中', codeEnDesc: 'In repair' },
  { type: '8021', codeId: '80211003', codeCnDesc: '已完工', codeEnDesc: 'Finished' },
  { type: '8021', codeId: '80211004', codeCnDesc: '已结算', codeEnDesc: 'Settled' },
  { type: '1008', codeId: '10081001', codeCnDesc: '在职', codeEnDesc: 'Employed' },
  { type: '1008', codeId: '10081002', codeCnDesc: '离职', codeEnDesc: 'Left' },
  { type: '1046', codeId: '10461001', codeCnDesc: '经销商', codeEnDesc: 'Dealer' },
  { type: '1046', codeId: '10461002', codeCnDesc: '大区', codeEnDesc: 'Region' },
  { type: '1046', codeId: '10461003', codeCnDesc: '厂端', codeEnDesc: 'Manufacturer' },
  { type: '1046', codeId: '10461004', codeCnDesc: '集团', codeEnDesc: 'Dealer group' },
  { type: '1506', codeId: '15061001', codeCnDesc: '大区', codeEnDesc: 'Region' },
  { type: '1506', codeId: '15061002', codeCnDesc: '集团公司', codeEnDesc: 'Group company' },
  { type: '1506', codeId: '15061003', codeCnDesc: '经销商', codeEnDesc: 'Dealer' },
  { type: '1004', codeId: '10041001', codeCnDesc: '缓存页面', codeEnDesc: 'Cached page' },
  { type: '1004', codeId: '10041002', codeCnDesc: '普通页面', codeEnDesc: 'Page' },
  { type: '1002', codeId: '10021001', codeCnDesc: '男', codeEnDesc: 'Male' },
  { type: '1002', codeId: '10021002', codeCnDesc: '女', codeEnDesc: 'Female' },
  // 试驾 (models/sales/testDrive.json; domain.md §4, the sales range 8301-8349).
  { type: '8301', codeId: '83011001', codeCnDesc: '已计划', codeEnDesc: 'Planned' },
  { type: '8301', codeId: '83011002', codeCnDesc: '试驾中', codeEnDesc: 'Driving' },
  { type: '8301', codeId: '83011003', codeCnDesc: '已完成', codeEnDesc: 'Finished' },
  { type: '8301', codeId: '83011004', codeCnDesc: '已取消', codeEnDesc: 'Cancelled' },
  { type: '8302', codeId: '83021001', codeCnDesc: '试乘', codeEnDesc: 'Ride' },
  { type: '8302', codeId: '83021002', codeCnDesc: '试驾', codeEnDesc: 'Drive' },
  { type: '8303', codeId: '83031001', codeCnDesc: '到店', codeEnDesc: 'In store' },
  { type: '8303', codeId: '83031002', codeCnDesc: '上门', codeEnDesc: 'At home' },
  { type: '8304', codeId: '83041001', codeCnDesc: '客户临时有事', codeEnDesc: 'Customer busy' },
  { type: '8304', codeId: '83041002', codeCnDesc: '天气原因', codeEnDesc: 'Weather' },
  { type: '8304', codeId: '83041003', codeCnDesc: '试驾车不可用', codeEnDesc: 'Car unavailable' },
  { type: '8304', codeId: '83041004', codeCnDesc: '客户已购他车', codeEnDesc: 'Bought elsewhere' },
  { type: '8304', codeId: '83041005', codeCnDesc: '其他', codeEnDesc: 'Other' },
  { type: '8305', codeId: '83051001', codeCnDesc: '非常满意', codeEnDesc: 'Very satisfied' },
  { type: '8305', codeId: '83051002', codeCnDesc: '满意', codeEnDesc: 'Satisfied' },
  { type: '8305', codeId: '83051003', codeCnDesc: '一般', codeEnDesc: 'Neutral' },
  { type: '8305', codeId: '83051004', codeCnDesc: '不满意', codeEnDesc: 'Dissatisfied' },
  { type: '8305', codeId: '83051005', codeCnDesc: '非常不满意', codeEnDesc: 'Very dissatisfied' },
  // 潜客 (models/sales/potentialCustomer.json; domain.md §4): 意向级别, 购买类型, 付款方式, 潜客状态.
  { type: '8051', codeId: '80511001', codeCnDesc: '待确认', codeEnDesc: 'Pending' },
  { type: '8051', codeId: '80511002', codeCnDesc: '已确认', codeEnDesc: 'Confirmed' },
  { type: '8051', codeId: '80511003', codeCnDesc: '已到店', codeEnDesc: 'Arrived' },
  { type: '8051', codeId: '80511004', codeCnDesc: '已取消', codeEnDesc: 'Cancelled' },
  { type: '8052', codeId: '80521001', codeCnDesc: '电话预约', codeEnDesc: 'Phone' },
  { type: '8052', codeId: '80521002', codeCnDesc: '微信预约', codeEnDesc: 'WeChat' },
  { type: '8052', codeId: '80521003', codeCnDesc: 'APP预约', codeEnDesc: 'App' },
  { type: '8052', codeId: '80521004', codeCnDesc: '到店预约', codeEnDesc: 'Walk-in' },
  { type: '8053', codeId: '80531001', codeCnDesc: '常规保养', codeEnDesc: 'Maintenance' },
  { type: '8053', codeId: '80531002', codeCnDesc: '故障检修', codeEnDesc: 'Repair' },
  { type: '8053', codeId: '80531003', codeCnDesc: '钣金喷漆', codeEnDesc: 'Body and paint' },
  { type: '8053', codeId: '80531004', codeCnDesc: '轮胎更换', codeEnDesc: 'Tyres' },
  { type: '8053', codeId: '80531005', codeCnDesc: '空调检修', codeEnDesc: 'Air conditioning' },
  { type: '8053', codeId: '80531006', codeCnDesc: '洗车美容', codeEnDesc: 'Car care' },
  { type: '8054', codeId: '80541001', codeCnDesc: '微信', codeEnDesc: 'WeChat' },
  { type: '8054', codeId: '80541002', codeCnDesc: '座机', codeEnDesc: 'Landline' },
  { type: '8054', codeId: '80541003', codeCnDesc: '邮箱', codeEnDesc: 'Email' },
  { type: '8055', codeId: '80551001', codeCnDesc: '电话', codeEnDesc: 'Phone' },
  { type: '8055', codeId: '80551002', codeCnDesc: '短信', codeEnDesc: 'SMS' },
  { type: '8055', codeId: '80551003', codeCnDesc: '微信', codeEnDesc: 'WeChat' },
  { type: '8031', codeId: '80311001', codeCnDesc: '普通客户', codeEnDesc: 'Regular' },
  { type: '8031', codeId: '80311002', codeCnDesc: '银卡会员', codeEnDesc: 'Silver member' },
  { type: '8031', codeId: '80311003', codeCnDesc: '金卡会员', codeEnDesc: 'Gold member' },
  { type: '8031', codeId: '80311004', codeCnDesc: '钻石会员', codeEnDesc: 'Diamond member' },
  { type: '8971', codeId: '89710001', codeCnDesc: '系统通知', codeEnDesc: 'System notice' },
  { type: '8971', codeId: '89710002', codeCnDesc: '价格提醒', codeEnDesc: 'Price reminder' },
  { type: '8971', codeId: '89710003', codeCnDesc: '工单提醒', codeEnDesc: 'Repair order reminder' },
  { type: '8973', codeId: '89731001', codeCnDesc: '车辆健康检查', codeEnDesc: 'Health check due' },
  { type: '8973', codeId: '89731002', codeCnDesc: '客户回访', codeEnDesc: 'Follow-up call' },
  { type: '8974', codeId: '89741001', codeCnDesc: '未读', codeEnDesc: 'Unread' },
  { type: '8974', codeId: '89741002', codeCnDesc: '已读', codeEnDesc: 'Read' },
  // 财务 收款单与退款 (models/finance/receipt.json, refund.json; domain.md §2, the finance range 8101-8119).
  { type: '8101', codeId: '81011001', codeCnDesc: '维修预收', codeEnDesc: 'Repair advance' },
  { type: '8101', codeId: '81011002', codeCnDesc: '维修结算款', codeEnDesc: 'Repair settlement' },
  { type: '8101', codeId: '81011003', codeCnDesc: '整车定金', codeEnDesc: 'Vehicle deposit' },
  { type: '8101', codeId: '81011004', codeCnDesc: '整车尾款', codeEnDesc: 'Vehicle balance' },
  { type: '8101', codeId: '81011005', codeCnDesc: '按揭放款', codeEnDesc: 'Mortgage loan' },
  { type: '8101', codeId: '81011006', codeCnDesc: '配件销售', codeEnDesc: 'Parts sale' },
  { type: '8101', codeId: '81011007', codeCnDesc: '保险理赔款', codeEnDesc: 'Insurance claim' },
  { type: '8101', codeId: '81011008', codeCnDesc: '厂家索赔款', codeEnDesc: 'Warranty claim' },
  { type: '8102', codeId: '81021001', codeCnDesc: '现金', codeEnDesc: 'Cash' },
  { type: '8102', codeId: '81021002', codeCnDesc: 'POS刷卡', codeEnDesc: 'POS' },
  { type: '8102', codeId: '81021003', codeCnDesc: '微信', codeEnDesc: 'WeChat Pay' },
  { type: '8102', codeId: '81021004', codeCnDesc: '支付宝', codeEnDesc: 'Alipay' },
  { type: '8102', codeId: '81021005', codeCnDesc: '银行转账', codeEnDesc: 'Bank transfer' },
  { type: '8103', codeId: '81031001', codeCnDesc: '待确认', codeEnDesc: 'To confirm' },
  { type: '8103', codeId: '81031002', codeCnDesc: '已确认', codeEnDesc: 'Confirmed' },
  { type: '8103', codeId: '81031003', codeCnDesc: '已作废', codeEnDesc: 'Void' },
  { type: '8104', codeId: '81041001', codeCnDesc: '退订', codeEnDesc: 'Order cancelled' },
  { type: '8104', codeId: '81041002', codeCnDesc: '多收', codeEnDesc: 'Overpaid' },
  { type: '8104', codeId: '81041003', codeCnDesc: '取消维修', codeEnDesc: 'Repair cancelled' },
  { type: '8105', codeId: '81051001', codeCnDesc: '待审核', codeEnDesc: 'To approve' },
  { type: '8105', codeId: '81051002', codeCnDesc: '已审核', codeEnDesc: 'Approved' },
  { type: '8105', codeId: '81051003', codeCnDesc: '已退款', codeEnDesc: 'Refunded' },
  { type: '8105', codeId: '81051004', codeCnDesc: '已驳回', codeEnDesc: 'Rejected' },
  // 报价 (models/sales/quotation.json; domain.md §4): its states in the domain's order, then ours: 草稿 before it takes
  // effect (a discount above the threshold is approved first) and 已驳回 when the sales manager rejects it.
  { type: '8306', codeId: '83061001', codeCnDesc: '有效', codeEnDesc: 'Valid' },
  { type: '8306', codeId: '83061002', codeCnDesc: '已转订单', codeEnDesc: 'Ordered' },
  { type: '8306', codeId: '83061003', codeCnDesc: '已失效', codeEnDesc: 'Expired' },
  { type: '8306', codeId: '83061004', codeCnDesc: '草稿', codeEnDesc: 'Draft' },
  { type: '8306', codeId: '83061005', codeCnDesc: '已驳回', codeEnDesc: 'Rejected' },
  // 调拨单 (models/parts/allocation.json; domain.md §3, the parts range 8201-8219), then ours: 已驳回 by the sending
  // dealer's parts manager.
  { type: '8201', codeId: '82011001', codeCnDesc: '已申请', codeEnDesc: 'Applied' },
  { type: '8201', codeId: '82011002', codeCnDesc: '在途', codeEnDesc: 'In transit' },
  { type: '8201', codeId: '82011003', codeCnDesc: '部分入库', codeEnDesc: 'Partly received' },
  { type: '8201', codeId: '82011004', codeCnDesc: '已入库', codeEnDesc: 'Received' },
  { type: '8201', codeId: '82011005', codeCnDesc: '已拒收', codeEnDesc: 'Refused' },
  { type: '8201', codeId: '82011006', codeCnDesc: '已驳回', codeEnDesc: 'Rejected' },
];

/** Message types (dictionary 8971). */
export const REMIND_TYPE = { notice: '89710001', price: '89710002', repairOrder: '89710003' } as const;

/** Service reminder types (dictionary 8973): the health check due, the follow-up call after a settled order. */
export const REMINDER_TYPE = { healthCheck: '89731001', followUp: '89731002' } as const;

/** The application the web back office's messages are pushed to (its client id). */
export const MESSAGE_APP_ID = 'dms-web';

/** Notices every user receives, days before the anchor date. */
export const SYSTEM_NOTICES = [
  { daysAgo: 20, title: '系统升级完成', content: '经销商管理系统已于周末完成升级：新增维修提醒与消息中心，页签切换时保留查询条件与分页。' },
  { daysAgo: 2, title: '数据安全提醒', content: '请勿将系统账号借予他人使用；离开工位时请退出登录。连续输错密码 5 次，账号将被临时锁定 15 分钟。' },
] as const;

/** Price changes sent to service advisors and material pickers. */
export const PRICE_NOTICES = [
  { daysAgo: 12, title: '机油滤清器价格调整', content: '自下月 1 日起，机油滤清器（全车系）建议零售价由 68.00 元调整为 72.00 元，请在报价时使用新价格。' },
  { daysAgo: 6, title: '空调滤芯价格调整', content: '华晟 A3、A5 空调滤芯建议零售价下调为 85.00 元，库存按新价格结算。' },
  { daysAgo: 1, title: '前刹车片促销价', content: '本月华晟 S7 前刹车片套装执行促销价 560.00 元（工时另计），活动截至月底。' },
] as const;

export interface RegionSeed {
  regionCode: string;
  regionName: string;
  children?: RegionSeed[];
}

/** The provinces, cities and districts of the demo network (GB/T 2260 codes); municipalities have one city level. */
export const REGION_TREE: RegionSeed[] = [
  { regionCode: '110000', regionName: '北京市', children: [{ regionCode: '110100', regionName: '北京市', children: [
    { regionCode: '110105', regionName: '朝阳区' }, { regionCode: '110106', regionName: '丰台区' }, { regionCode: '110108', regionName: '海淀区' }, { regionCode: '110112', regionName: '通州区' },
  ] }] },
  { regionCode: '120000', regionName: '天津市', children: [{ regionCode: '120100', regionName: '天津市', children: [
    { regionCode: '120103', regionName: '河西区' }, { regionCode: '120104', regionName: '南开区' }, { regionCode: '120116', regionName: '滨海新区' },
  ] }] },
  { regionCode: '310000', regionName: '上海市', children: [{ regionCode: '310100', regionName: '上海市', children: [
    { regionCode: '310104', regionName: '徐汇区' }, { regionCode: '310112', regionName: '闵行区' }, { regionCode: '310115', regionName: '浦东新区' },
  ] }] },
  { regionCode: '320000', regionName: '江苏省', children: [{ regionCode: '320100', regionName: '南京市', children: [
    { regionCode: '320105', regionName: '建邺区' }, { regionCode: '320106', regionName: '鼓楼区' }, { regionCode: '320115', regionName: '江宁区' },
  ] }] },
  { regionCode: '430000', regionName: '湖南省', children: [{ regionCode: '430100', regionName: '长沙市', children: [
    { regionCode: '430104', regionName: '岳麓区' }, { regionCode: '430111', regionName: '雨花区' }, { regionCode: '430121', regionName: '长沙县' },
  ] }] },
  { regionCode: '440000', regionName: '广东省', children: [
    { regionCode: '440100', regionName: '广州市', children: [
      { regionCode: '440104', regionName: '越秀区' }, { regionCode: '440106', regionName: '天河区' }, { regionCode: '440113', regionName: '番禺区' },
    ] },
    { regionCode: '440300', regionName: '深圳市', children: [
      { regionCode: '440304', regionName: '福田区' }, { regionCode: '440305', regionName: '南山区' }, { regionCode: '440306', regionName: '宝安区' },
    ] },
  ] },
];

export const REPAIR_TYPES = [
  { code: 'RT01', name: '一般维修' },
  { code: 'RT02', name: '定期保养' },
  { code: 'RT03', name: '首次保养' },
  { code: 'RT04', name: '索赔维修' },
  { code: 'RT05', name: '事故维修' },
  { code: 'RT06', name: '钣金喷漆' },
  { code: 'RT07', name: '内部维修' },
  { code: 'RT08', name: '召回活动' },
] as const;

/** How often each repair type occurs and what it costs (labour, parts in yuan). */
export const REPAIR_PROFILES: Record<string, { weight: number; labour: [number, number]; parts: [number, number] }> = {
  RT01: { weight: 30, labour: [200, 3000], parts: [0, 8000] },
  RT02: { weight: 35, labour: [150, 600], parts: [280, 1500] },
  RT03: { weight: 6, labour: [0, 0], parts: [0, 300] },
  RT04: { weight: 6, labour: [300, 2500], parts: [500, 12000] },
  RT05: { weight: 8, labour: [800, 8000], parts: [1500, 30000] },
  RT06: { weight: 9, labour: [500, 5000], parts: [200, 4000] },
  RT07: { weight: 3, labour: [100, 1000], parts: [0, 2000] },
  RT08: { weight: 3, labour: [0, 300], parts: [0, 500] },
};

export const ORG_TYPE = { dealer: '10461001', region: '10461002', manufacturer: '10461003', group: '10461004' } as const;
export const COMPANY_TYPE = { region: '15061001', group: '15061002', dealer: '15061003' } as const;

export const MANUFACTURER = { orgCode: 'HSQC', orgName: '华晟汽车销售有限公司' };

/** The insurers of the demo's accident repairs (保险公司 on the order, debtor of its 理赔 receivable). */
export const INSURERS = ['中国人民财产保险股份有限公司', '中国平安财产保险股份有限公司', '中国太平洋财产保险股份有限公司', '中国人寿财产保险股份有限公司'] as const;

/** An order's insurer, the same for the order on every seed (no draw from the seed's random stream). */
export const insurerOf = (roNo: string): string => INSURERS[[...roNo].reduce((sum, c) => sum + c.charCodeAt(0), 0) % INSURERS.length]!;

export const REGIONS = [
  { orgCode: 'RN', orgName: '北方大区' },
  { orgCode: 'RE', orgName: '东部大区' },
  { orgCode: 'RS', orgName: '南方大区' },
] as const;

export const GROUPS = [
  { orgCode: 'G01', orgName: '京沪汽车服务集团有限公司' },
  { orgCode: 'G02', orgName: '粤湘汽车服务集团有限公司' },
] as const;

export interface DealerSeed {
  orgCode: string;
  orgName: string;
  region: (typeof REGIONS)[number]['orgCode'];
  group: (typeof GROUPS)[number]['orgCode'] | null;
  provinceName: string;
  cityName: string;
  /** Plate prefixes issued in the dealer's city: province character plus city letter. */
  platePrefixes: string[];
  districts: string[];
  /** Relative workshop size: share of the repair orders. */
  size: number;
}

export const DEALERS: DealerSeed[] = [
  { orgCode: 'D11001', orgName: '北京华晟京通汽车销售服务有限公司', region: 'RN', group: 'G01', provinceName: '北京市', cityName: '北京市', platePrefixes: ['京A', '京B', '京N', '京Q'], districts: ['朝阳区', '海淀区', '通州区', '丰台区'], size: 5 },
  { orgCode: 'D12001', orgName: '天津华晟津港汽车销售服务有限公司', region: 'RN', group: 'G01', provinceName: '天津市', cityName: '天津市', platePrefixes: ['津A', '津B', '津C'], districts: ['河西区', '南开区', '滨海新区'], size: 3 },
  { orgCode: 'D31001', orgName: '上海华晟浦东汽车销售服务有限公司', region: 'RE', group: 'G01', provinceName: '上海市', cityName: '上海市', platePrefixes: ['沪A', '沪B', '沪C'], districts: ['浦东新区', '闵行区', '徐汇区'], size: 5 },
  { orgCode: 'D32001', orgName: '南京华晟宁发汽车销售服务有限公司', region: 'RE', group: null, provinceName: '江苏省', cityName: '南京市', platePrefixes: ['苏A'], districts: ['鼓楼区', '江宁区', '建邺区'], size: 3 },
  { orgCode: 'D44001', orgName: '广州华晟天河汽车销售服务有限公司', region: 'RS', group: 'G02', provinceName: '广东省', cityName: '广州市', platePrefixes: ['粤A'], districts: ['天河区', '越秀区', '番禺区'], size: 4 },
  { orgCode: 'D44003', orgName: '深圳华晟南山汽车销售服务有限公司', region: 'RS', group: 'G02', provinceName: '广东省', cityName: '深圳市', platePrefixes: ['粤B'], districts: ['南山区', '福田区', '宝安区'], size: 4 },
  { orgCode: 'D43001', orgName: '长沙华晟星沙汽车销售服务有限公司', region: 'RS', group: 'G02', provinceName: '湖南省', cityName: '长沙市', platePrefixes: ['湘A'], districts: ['长沙县', '岳麓区', '雨花区'], size: 2 },
];

export interface SeriesSeed {
  seriesName: string;
  /** Characters 4-8 of the VIN (vehicle descriptor section) for this series. */
  vds: string;
  models: string[];
  newEnergy: boolean;
  weight: number;
}

export const BRAND_NAME = '华晟';
export const VIN_WMI = 'LHS';
export const VIN_PLANTS = 'SGC';

export const SERIES: SeriesSeed[] = [
  { seriesName: '华晟 A3', vds: 'A3B1C', models: ['1.5L 手动舒适版', '1.5L 自动豪华版', '1.4T 自动运动版'], newEnergy: false, weight: 4 },
  { seriesName: '华晟 A5', vds: 'A5D2C', models: ['1.5T 自动精英版', '2.0T 自动旗舰版'], newEnergy: false, weight: 3 },
  { seriesName: '华晟 S7', vds: 'S7F4D', models: ['2.0T 两驱豪华版', '2.0T 四驱旗舰版', '2.0T 七座尊享版'], newEnergy: false, weight: 3 },
  { seriesName: '华晟 E6', vds: 'E6K8E', models: ['长续航版 520km', '性能版 610km'], newEnergy: true, weight: 2 },
];

export const COLORS = ['星空黑', '珍珠白', '钛金灰', '曜石蓝', '中国红', '月光银'];

/** VIN position 10: model year code (I, O, Q, U, Z and 0 are never used). */
export const VIN_YEAR_CODES: Record<number, string> = {
  2018: 'J', 2019: 'K', 2020: 'L', 2021: 'M', 2022: 'N', 2023: 'P', 2024: 'R', 2025: 'S', 2026: 'T', 2027: 'V',
};

export const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'.split('');
export const GIVEN_NAMES = '伟 芳 娜 敏 静 丽 强 磊 军 洋 勇 艳 杰 娟 涛 明 超 霞 平 刚 建国 志强 海燕 俊鹏 宇航 浩然 欣怡 子涵 梓轩 思远 晨曦 嘉怡 雨萱 文博 天佑 佳琪 书瑶 浩宇 若曦 秀英 桂英 玉兰 建华 丽华 国强 红梅 晓东 晓燕 建军 春生 雪梅 立新 振华 永强 海涛 婷婷 鹏飞 文静 子豪'.split(' ');
export const STREETS = ['建设路', '人民路', '解放路', '中山路', '和平路', '新华路', '长江路', '滨河路', '科技园路', '迎宾大道'];

export const DEMO_PASSWORD = 'Dms@2026';

/** The manufacturer's standard labour catalogue: code, name, repair type and standard hours. */
export const STANDARD_LABOURS: { code: string; name: string; repairTypeCode: string; stdHours: number }[] = [
  { code: 'BY001', name: '更换机油机滤', repairTypeCode: 'RT02', stdHours: 0.5 },
  { code: 'BY002', name: '更换空气滤清器', repairTypeCode: 'RT02', stdHours: 0.3 },
  { code: 'BY003', name: '更换空调滤清器', repairTypeCode: 'RT02', stdHours: 0.3 },
  { code: 'BY004', name: '更换火花塞', repairTypeCode: 'RT02', stdHours: 0.8 },
  { code: 'BY005', name: '更换制动液', repairTypeCode: 'RT02', stdHours: 0.8 },
  { code: 'BY006', name: '更换变速箱油', repairTypeCode: 'RT02', stdHours: 1.0 },
  { code: 'BY007', name: '更换防冻液', repairTypeCode: 'RT02', stdHours: 0.8 },
  { code: 'BY008', name: '四轮定位', repairTypeCode: 'RT02', stdHours: 1.0 },
  { code: 'BY009', name: '轮胎换位', repairTypeCode: 'RT02', stdHours: 0.5 },
  { code: 'SB001', name: '首次保养检查', repairTypeCode: 'RT03', stdHours: 1.0 },
  { code: 'WX001', name: '更换前刹车片', repairTypeCode: 'RT01', stdHours: 0.8 },
  { code: 'WX002', name: '更换后刹车片', repairTypeCode: 'RT01', stdHours: 0.8 },
  { code: 'WX003', name: '更换前刹车盘', repairTypeCode: 'RT01', stdHours: 1.2 },
  { code: 'WX004', name: '更换蓄电池', repairTypeCode: 'RT01', stdHours: 0.3 },
  { code: 'WX005', name: '更换雨刮片', repairTypeCode: 'RT01', stdHours: 0.2 },
  { code: 'WX006', name: '更换发电机', repairTypeCode: 'RT01', stdHours: 1.5 },
  { code: 'WX007', name: '更换起动机', repairTypeCode: 'RT01', stdHours: 1.5 },
  { code: 'WX008', name: '更换水泵', repairTypeCode: 'RT01', stdHours: 2.0 },
  { code: 'WX009', name: '更换正时皮带', repairTypeCode: 'RT01', stdHours: 3.0 },
  { code: 'WX010', name: '空调系统检修', repairTypeCode: 'RT01', stdHours: 1.5 },
  { code: 'WX011', name: '发动机故障诊断', repairTypeCode: 'RT01', stdHours: 1.0 },
  { code: 'WX012', name: '更换前减震器', repairTypeCode: 'RT01', stdHours: 2.0 },
  { code: 'DD001', name: '动力电池检测', repairTypeCode: 'RT01', stdHours: 1.5 },
  { code: 'SP001', name: '索赔件更换', repairTypeCode: 'RT04', stdHours: 1.0 },
  { code: 'SG001', name: '事故车拆检定损', repairTypeCode: 'RT05', stdHours: 2.0 },
  { code: 'SG002', name: '更换前大灯总成', repairTypeCode: 'RT05', stdHours: 1.0 },
  { code: 'BP001', name: '前保险杠喷漆', repairTypeCode: 'RT06', stdHours: 3.0 },
  { code: 'BP002', name: '后保险杠喷漆', repairTypeCode: 'RT06', stdHours: 3.0 },
  { code: 'BP003', name: '前翼子板钣金喷漆', repairTypeCode: 'RT06', stdHours: 4.0 },
  { code: 'BP004', name: '车门钣金喷漆', repairTypeCode: 'RT06', stdHours: 4.5 },
  { code: 'BP005', name: '引擎盖喷漆', repairTypeCode: 'RT06', stdHours: 4.0 },
  { code: 'NB001', name: '内部车辆检修', repairTypeCode: 'RT07', stdHours: 1.0 },
  { code: 'ZH001', name: '召回活动检查', repairTypeCode: 'RT08', stdHours: 0.5 },
];

export const MENUS: Menu[] = [
  { id: '1000', parentId: null, title: '售后服务', path: '/repair', icon: 'ToolOutlined', level: 0, component: null, keepAlive: false, pyt: null, sort: 10, permission: [] },
  { id: '1100', parentId: '1000', title: '维修业务', path: '/repair/repairBusiness', icon: null, level: 1, component: null, keepAlive: false, pyt: null, sort: 10, permission: [] },
  {
    id: '1101',
    parentId: '1100',
    title: '维修工单',
    path: '/repair/repairBusiness/repairOrder/index',
    icon: null,
    level: 2,
    component: 'screen:repair.orders',
    keepAlive: true,
    pyt: '10041001',
    sort: 10,
    permission: [
      'GET_repair_order/repair/orders',
      'GET_repair_order/repair/orders/{id}',
      'POST_repair_order/repair/orders',
      'PUT_repair_order/repair/orders/{id}',
      'DELETE_repair_order/repair/orders/{id}',
      // The state flow of models/repair/repairOrder.json (issue 24): 派工, 送检, 完工, 返工, 结算, 结算审批 and 免费结算 (start
      // their approvals), 取消结算, 出厂 and 挂账出厂, 作废; the workshop's calls (分配技师, 车间质检, 维修质检, 添加套餐) and their forms.
      'POST_repair_order/repair/orders/{id}/dispatch',
      'POST_repair_order/repair/orders/{id}/awaitInspection',
      'POST_repair_order/repair/orders/{id}/complete',
      'POST_repair_order/repair/orders/{id}/rework',
      'POST_repair_order/repair/orders/{id}/settle',
      'POST_repair_order/repair/orders/{id}/settleApproval',
      'POST_repair_order/repair/orders/{id}/freeSettle',
      'POST_repair_order/repair/orders/{id}/cancelSettle',
      'POST_repair_order/repair/orders/{id}/release',
      'POST_repair_order/repair/orders/{id}/releaseOnCredit',
      'POST_repair_order/repair/orders/{id}/void',
      'GET_repair_order/repair/orders/{id}/dispatchPlan',
      'POST_repair_order/repair/orders/{id}/assign',
      'GET_repair_order/repair/orders/{id}/qcLines',
      'POST_repair_order/repair/orders/{id}/lineQc',
      'POST_repair_order/repair/orders/{id}/orderQc',
      'POST_repair_order/repair/orders/{id}/applyPackage',
      'GET_repair_order/repair/orders/{id}/comebackDraft',
      'GET_repair_order/repair/queryPrintInfoAll/{id}',
      'GET_repair_order/repair/chargeDifferentiationList',
      'GET_repair_order/repair/querySystemDefaultInfo',
      'GET_repair_basedata/freeSettlement/orderBalanceAll/{id}',
      'GET_repair_orderCporConfirm/selectWhitelistByOwnerCode/customerInterAspect',
      'GET_repair_basedata/servicePackages',
      'POST_repair_vehicleHealthCheck/checks/fromOrder/{id}',
      'GET_basedata_employees/byPosition',
      // The selected order's approval history (the screen's processHistory block).
      'GET_workflow_instance/history',
      // The record page's 车辆照片 tab: the photos of the order's vehicle (by plate), read under the order's menu.
      'GET_repair_vehiclePhotos',
      'GET_repair_basedataRepairtypes/findAllRepairType',
      'GET_repair_order/repair/queryPrintInfo/{id}',
      'POST_org_dealer/selectOrgInfo',
      'GET_org_area/list',
      'GET_org_orgs/getAllOrgsByOrgId/{id}',
      'POST_org_user/listUserPosition',
    ],
  },
  {
    id: '1102',
    parentId: '1100',
    title: '维修提醒',
    path: '/repair/repairBusiness/reminder/index',
    icon: null,
    level: 2,
    component: 'screen:repair.reminders',
    keepAlive: true,
    pyt: '10041001',
    sort: 20,
    // The health check's declined items (issue 24): the advisor records the customer's answer or removes the reminder.
    permission: ['GET_repair_reminders', 'GET_repair_reminders/{id}', 'PUT_repair_reminders/{id}/read', 'PUT_repair_reminders/{id}/feedback', 'GET_bff_web-workOrder/v1/queryVhcRemind', 'GET_bff_web-workOrder/v1/removeInfoById'],
  },
  { id: '1900', parentId: null, title: '个人中心', path: '/personal', icon: 'UserOutlined', level: 0, component: null, keepAlive: false, pyt: null, sort: 95, permission: [] },
  { id: '1910', parentId: '1900', title: '消息', path: '/personal/message', icon: null, level: 1, component: null, keepAlive: false, pyt: null, sort: 10, permission: [] },
  {
    id: '1911',
    parentId: '1910',
    title: '消息中心',
    path: '/personal/message/messageCenter/index',
    icon: null,
    level: 2,
    component: 'screen:personal.messages',
    keepAlive: false,
    pyt: '10041002',
    sort: 10,
    permission: ['POST_message_push/apps/list', 'GET_message_push/apps/{msgId}', 'POST_message_push/apps/allRead'],
  },
  // The download centre's route (back-office §2) is not under /personal, so it has its own top-level folder.
  { id: '1950', parentId: null, title: '下载管理', path: '/downloadManage', icon: 'AppstoreOutlined', level: 0, component: null, keepAlive: false, pyt: null, sort: 96, permission: [] },
  {
    id: '1920',
    parentId: '1950',
    title: '下载中心',
    path: '/downloadManage/downloadCenter/downloadCenter/index',
    icon: null,
    level: 1,
    component: 'screen:personal.downloadCenter',
    keepAlive: true,
    pyt: '10041002',
    sort: 20,
    permission: ['GET_download_jobs', 'GET_download_jobs/{id}/file'],
  },
  {
    id: '1109',
    parentId: '1100',
    title: '车辆照片',
    path: '/repair/repairBusiness/vehiclePhotos/index',
    icon: null,
    level: 2,
    component: 'screen:repair.vehiclePhotos',
    keepAlive: true,
    pyt: '10041001',
    sort: 90,
    permission: [
      'GET_repair_vehiclePhotos',
      'GET_repair_vehiclePhotos/{id}',
      'POST_repair_vehiclePhotos',
      'POST_file_image',
      'POST_file_upload',
      'POST_file_uploads',
      'GET_file_download/{uid}',
      'GET_file_preview/{uid}',
      'POST_file_publish/{uid}',
      'POST_file_chunked/open',
      'GET_file_chunked/{uploadId}',
      'POST_file_chunked/chunk',
      'POST_file_chunked/complete',
      'GET_openapi_file/preview/{uid}',
      'POST_openapi_file/publish/{uid}',
      'POST_digital-estate_file/publish/{uid}',
    ],
  },
  {
    id: '1105',
    parentId: '1100',
    title: '维修看板',
    path: '/repair/repairBusiness/dashboard/index',
    icon: null,
    level: 2,
    component: 'screen:repair.dashboard',
    keepAlive: true,
    pyt: '10041001',
    sort: 50,
    permission: ['GET_report_RepairCount/getRepairOrderNum'],
  },
  {
    id: '1103',
    parentId: '1100',
    title: '预约登记',
    path: '/repair/repairBusiness/bookingRegister/index',
    icon: null,
    level: 2,
    component: 'screen:repair.bookings',
    keepAlive: true,
    pyt: '10041001',
    sort: 30,
    permission: [
      'GET_repair_BookingRegister/bookings',
      'GET_repair_BookingRegister/bookings/{id}',
      'POST_repair_BookingRegister/bookings',
      'PUT_repair_BookingRegister/bookings/{id}',
      'POST_repair_BookingRegister/bookings/{id}/confirm',
      'POST_repair_BookingRegister/bookings/{id}/arrive',
      'POST_repair_BookingRegister/bookings/{id}/cancel',
      'GET_repair_BookingRegister/trees/{name}',
      'GET_repair_basedataRepairtypes/findAllRepairType',
      'GET_basedata_employees/consultants',
      'GET_basedata_employees/byPosition',
      'GET_basedata_materials/level/{level}',
      'GET_basedata_materials/{id}/items',
      'GET_basedata_materialOption/{materialId}/{optionType}',
      'GET_dict_regions',
    ],
  },
  { id: '9500', parentId: null, title: '流程管理', path: '/workflow', icon: 'SettingOutlined', level: 0, component: null, keepAlive: false, pyt: null, sort: 90, permission: [] },
  { id: '9510', parentId: '9500', title: '流程配置', path: '/workflow/processConfig', icon: null, level: 1, component: null, keepAlive: false, pyt: null, sort: 10, permission: [] },
  {
    id: '9511',
    parentId: '9510',
    title: '流程定义',
    path: '/workflow/processConfig/processDefinition/index',
    icon: null,
    level: 2,
    component: 'screen:workflow.processDefinitions',
    keepAlive: true,
    pyt: '10041001',
    sort: 10,
    permission: [
      'GET_workflow_definition/list',
      'GET_workflow_definition/get/{processId}',
      'POST_workflow_definition/save',
      'GET_workflow_definition/roles/{processId}',
      'GET_workflow_definition/variables/{processId}',
      'GET_workflow_definition/dictionary/{key}',
    ],
  },
  // 低代码 (issue 10): the screen editor. Editing screens is these keys of 页面管理; only the administrator's role grants it.
  { id: '9700', parentId: null, title: '低代码', path: '/lowcode', icon: 'AppstoreOutlined', level: 0, component: null, keepAlive: false, pyt: null, sort: 94, permission: [] },
  {
    id: '9711',
    parentId: '9700',
    title: '页面管理',
    path: '/lowcode/screens',
    icon: null,
    level: 1,
    component: 'page:lowcode.screens',
    keepAlive: true,
    pyt: '10041001',
    sort: 10,
    permission: [
      'GET_lowcode_designer/knowledge',
      'GET_lowcode_designer/menus',
      'GET_lowcode_designer/screens',
      'GET_lowcode_designer/screens/{id}',
      'GET_lowcode_designer/screens/{id}/versions',
      'GET_lowcode_designer/screens/{id}/export',
      'POST_lowcode_designer/screens',
      'PUT_lowcode_designer/screens/{id}',
      'POST_lowcode_designer/screens/{id}/publish',
      'POST_lowcode_designer/screens/{id}/rollback',
      // Models (issue 21): a screen starts from a model, and a model is edited, published and rolled back here too.
      'GET_lowcode_designer/models',
      'GET_lowcode_designer/models/{name}',
      'GET_lowcode_designer/models/{name}/versions',
      'GET_lowcode_designer/models/{name}/export',
      'POST_lowcode_designer/models/check',
      'POST_lowcode_designer/models',
      'PUT_lowcode_designer/models/{name}',
      'POST_lowcode_designer/models/{name}/publish',
      'POST_lowcode_designer/models/{name}/rollback',
    ],
  },
  // 模型管理 (issue 21): the model editor's page; these keys are the right to edit, publish and roll back models.
  {
    id: '9712',
    parentId: '9700',
    title: '模型管理',
    path: '/lowcode/models',
    icon: null,
    level: 1,
    component: 'page:lowcode.models',
    keepAlive: true,
    pyt: '10041001',
    sort: 20,
    permission: [
      'GET_lowcode_designer/models',
      'GET_lowcode_designer/models/{name}',
      'GET_lowcode_designer/models/{name}/versions',
      'GET_lowcode_designer/models/{name}/export',
      'POST_lowcode_designer/models/check',
      'POST_lowcode_designer/models',
      'PUT_lowcode_designer/models/{name}',
      'POST_lowcode_designer/models/{name}/publish',
      'POST_lowcode_designer/models/{name}/rollback',
    ],
  },
  // 系统管理 (issue 5): the administration screens; only the administrator's role grants them.
  { id: '9600', parentId: null, title: '系统管理', path: '/system', icon: 'SafetyOutlined', level: 0, component: null, keepAlive: false, pyt: null, sort: 92, permission: [] },
  { id: '9610', parentId: '9600', title: '权限管理', path: '/system/permission', icon: null, level: 1, component: null, keepAlive: false, pyt: null, sort: 10, permission: [] },
  {
    id: '9611',
    parentId: '9610',
    title: '用户管理',
    path: '/system/permission/user/index',
    icon: null,
    level: 2,
    component: 'screen:system.users',
    keepAlive: true,
    pyt: '10041001',
    sort: 10,
    permission: ['GET_auth_users', 'GET_auth_users/{id}', 'PUT_auth_users/{id}', 'GET_auth_roleOptions'],
  },
  {
    id: '9612',
    parentId: '9610',
    title: '角色管理',
    path: '/system/permission/role/index',
    icon: null,
    level: 2,
    component: 'screen:system.roles',
    keepAlive: true,
    pyt: '10041001',
    sort: 20,
    permission: [
      'GET_auth_roles',
      'GET_auth_roles/{id}',
      'PUT_auth_roles/{id}',
      'GET_auth_menuOptions',
      // Issue 21: one menu granted with all its keys or a subset, and a preview of what the role sees.
      'GET_auth_roles/menuKeys/{menuId}',
      'PUT_auth_roles/{id}/menus/{menuId}',
      'GET_auth_roles/{id}/preview',
    ],
  },
  {
    id: '9613',
    parentId: '9610',
    title: '菜单管理',
    path: '/system/permission/menu/index',
    icon: null,
    level: 2,
    component: 'screen:system.menus',
    keepAlive: true,
    pyt: '10041001',
    sort: 30,
    permission: [
      'GET_auth_menuList',
      'GET_auth_menuList/{id}',
      'PUT_auth_menuList/{id}',
      // Issue 21: groups and leaves bound to a screen, with the keys proposed from it.
      'GET_auth_menuList/groupOptions',
      'GET_auth_menuList/screenOptions',
      'GET_auth_menuList/proposedKeys/{screenId}',
      'POST_auth_menuList/groups',
      'POST_auth_menuList/leaves',
    ],
  },
  {
    id: '9614',
    parentId: '9610',
    title: '审计日志',
    path: '/system/permission/auditLog/index',
    icon: null,
    level: 2,
    component: 'screen:system.auditLog',
    keepAlive: true,
    pyt: '10041001',
    sort: 40,
    permission: ['GET_auth_auditLogs', 'GET_auth_auditLogs/{id}', 'GET_auth_menuOptions'],
  },
  {
    id: '1104',
    parentId: '1100',
    title: '工时项目',
    path: '/repair/repairBusiness/labourItem/index',
    icon: null,
    level: 2,
    component: 'screen:repair.labourItems',
    keepAlive: true,
    pyt: '10041001',
    sort: 40,
    permission: [
      'GET_repair_basedata/labourItems',
      'GET_repair_basedata/labourItems/{id}',
      'POST_repair_basedata/labourItems',
      'PUT_repair_basedata/labourItems/{id}',
      'DELETE_repair_basedata/labourItems/{id}',
      'POST_repair_basedata/labourItems/batch',
      'GET_repair_basedata/labourItems/export',
      'GET_repair_basedata/labourItems/exportFile',
      'POST_repair_basedata/labourItems/import',
      'GET_repair_basedata/labourItems/import/last',
      'GET_repair_basedata/labourItems/import/template',
      'GET_repair_basedata/standardLabours',
      'GET_repair_basedataRepairtypes/findAllRepairType',
    ],
  },
  // 销售业务 (menus 2000-2199): the manufacturer's sales management, first 销售目标 with its Excel import. Listed last:
  // the tests' callers take the first menu that lists a shared lookup's key (the material levels, the dealer list).
  { id: '2000', parentId: null, title: '销售业务', path: '/sales', icon: 'ShopOutlined', level: 0, component: null, keepAlive: false, pyt: null, sort: 20, permission: [] },
  { id: '2100', parentId: '2000', title: '销售管理', path: '/sales/salesManage', icon: null, level: 1, component: null, keepAlive: false, pyt: null, sort: 10, permission: [] },
  // The customer business (issue 25): clues to showroom; orders, deliveries and the vehicle stock. Screens declare their
  // menus under these folders (screens/sales).
  { id: '2200', parentId: '2000', title: '客户业务', path: '/sales/customerBusiness', icon: null, level: 1, component: null, keepAlive: false, pyt: null, sort: 20, permission: [] },
  { id: '2210', parentId: '2000', title: '订单与库存', path: '/sales/orderStock', icon: null, level: 1, component: null, keepAlive: false, pyt: null, sort: 30, permission: [] },
  { id: '2220', parentId: '2000', title: '客户营销', path: '/coordinate/userSelection', icon: null, level: 1, component: null, keepAlive: false, pyt: null, sort: 40, permission: [] },
  // 财务 (domain.md §2): its screens declare their menus under 收付款 (screens/finance).
  { id: '3000', parentId: null, title: '财务管理', path: '/finance', icon: 'BankOutlined', level: 0, component: null, keepAlive: false, pyt: null, sort: 30, permission: [] },
  { id: '3100', parentId: '3000', title: '收付款', path: '/finance/payments', icon: null, level: 1, component: null, keepAlive: false, pyt: null, sort: 10, permission: [] },
  // 财务 of issue 26 (domain.md §2): receivables and write-offs, invoices, bank reconciliation, advance sales, reports; their
  // screens (screens/finance) declare their menus under these folders. 预收款's path holds the spec's /finance/advanceSale/vehicle.
  { id: '3200', parentId: '3000', title: '应收核销', path: '/finance/receivables', icon: null, level: 1, component: null, keepAlive: false, pyt: null, sort: 20, permission: [] },
  { id: '3210', parentId: '3000', title: '发票管理', path: '/finance/invoices', icon: null, level: 1, component: null, keepAlive: false, pyt: null, sort: 30, permission: [] },
  { id: '3220', parentId: '3000', title: '银行对账', path: '/finance/bank', icon: null, level: 1, component: null, keepAlive: false, pyt: null, sort: 40, permission: [] },
  { id: '3230', parentId: '3000', title: '预收款', path: '/finance/advanceSale', icon: null, level: 1, component: null, keepAlive: false, pyt: null, sort: 50, permission: [] },
  { id: '3240', parentId: '3000', title: '财务报表', path: '/finance/reports', icon: null, level: 1, component: null, keepAlive: false, pyt: null, sort: 60, permission: [] },
  // 配件 (domain.md §3): its screens declare their menus under 配件业务 (screens/parts).
  { id: '4000', parentId: null, title: '配件管理', path: '/parts', icon: 'AppstoreOutlined', level: 0, component: null, keepAlive: false, pyt: null, sort: 40, permission: [] },
  { id: '4100', parentId: '4000', title: '配件业务', path: '/parts/partsBusiness', icon: null, level: 1, component: null, keepAlive: false, pyt: null, sort: 10, permission: [] },
  // 库存管理 (issue 26): warehouses, stock, ledger, reservations, stocktakes and the stock reports (screens/parts).
  { id: '4200', parentId: '4000', title: '库存管理', path: '/parts/stockManage', icon: null, level: 1, component: null, keepAlive: false, pyt: null, sort: 20, permission: [] },
  // 组织、渠道、公司与车辆物料 (domain.md §6): the manufacturer's master data; screens under screens/org and screens/material.
  { id: '5000', parentId: null, title: '组织与物料', path: '/orgMaterial', icon: 'TeamOutlined', level: 0, component: null, keepAlive: false, pyt: null, sort: 50, permission: [] },
  { id: '5100', parentId: '5000', title: '组织管理', path: '/orgMaterial/organization', icon: null, level: 1, component: null, keepAlive: false, pyt: null, sort: 10, permission: [] },
  { id: '5110', parentId: '5000', title: '车辆物料', path: '/orgMaterial/vehicleMaterial', icon: null, level: 1, component: null, keepAlive: false, pyt: null, sort: 20, permission: [] },
  // 充电管理 (domain.md §7, service charging-admin): screens under screens/charging.
  { id: '5200', parentId: null, title: '充电管理', path: '/charging', icon: 'DashboardOutlined', level: 0, component: null, keepAlive: false, pyt: null, sort: 55, permission: [] },
  { id: '5210', parentId: '5200', title: '充电运营', path: '/charging/operation', icon: null, level: 1, component: null, keepAlive: false, pyt: null, sort: 10, permission: [] },
  {
    id: '2101',
    parentId: '2100',
    title: '销售目标',
    path: '/sales/salesManage/salesTarget/index',
    icon: null,
    level: 2,
    component: 'screen:sales.salesTargets',
    keepAlive: true,
    pyt: '10041001',
    sort: 10,
    permission: [
      'GET_target_target/salesTargets',
      'GET_target_target/salesTargets/{id}',
      'PUT_target_target/salesTargets/{id}',
      'DELETE_target_target/salesTargets/{id}',
      'POST_target_target/salesTargets/batch',
      'GET_target_target/salesTargets/export',
      'GET_target_target/salesTargets/exportFile',
      'POST_target_target/import',
      'GET_target_target/import/last',
      'GET_target_target/import/template',
      'GET_basedata_materials/level/{level}',
      'POST_org_dealer/selectOrgInfo',
    ],
  },
];

// Service booking (预约登记) and the lookups of its form: vehicle materials, regions and the repair trees.

export const BOOKING_STATUS = { pending: '80511001', confirmed: '80511002', arrived: '80511003', cancelled: '80511004' } as const;

export interface MaterialSeed {
  code: string;
  name: string;
  children: MaterialSeed[];
  /** Option packages of a configuration (materialOption type PKG); their prices are in ./materialAttributes.ts. */
  options?: { code: string; name: string }[];
}

export const MATERIAL_OPTION_TYPE = 'PKG';
const CONFIGURATIONS = ['标准配置', '智享配置'];
const OPTION_PACKAGES = [
  { code: 'P1', name: '全景天窗包' },
  { code: 'P2', name: '舒适座椅包' },
  { code: 'P3', name: '智能驾驶辅助包' },
];

/** Brand, series, model, configuration, colour: the vehicles of the demo world are all in this tree. */
export const MATERIAL_TREE: MaterialSeed[] = [
  {
    code: 'HS',
    name: BRAND_NAME,
    children: SERIES.map((series) => {
      const seriesCode = `HS-${series.vds.slice(0, 2)}`;
      return {
        code: seriesCode,
        name: series.seriesName,
        children: series.models.map((model, m) => {
          const modelCode = `${seriesCode}-M${m + 1}`;
          return {
            code: modelCode,
            name: model,
            children: CONFIGURATIONS.map((configuration, c) => {
              const configCode = `${modelCode}-C${c + 1}`;
              return {
                code: configCode,
                name: configuration,
                options: OPTION_PACKAGES.map((p) => ({ ...p })),
                children: COLORS.map((color, k) => ({ code: `${configCode}-K${k + 1}`, name: color, children: [] })),
              };
            }),
          };
        }),
      };
    }),
  },
];

export interface TreeOptionSeed {
  value: string;
  text: string;
  children?: TreeOptionSeed[];
}

/** The option trees of the booking form, served by GET BookingRegister/trees/{name} and checked on save. */
export const BOOKING_TREES: Record<'fault' | 'repairItem' | 'workshop', TreeOptionSeed[]> = {
  fault: [
    { value: 'F01', text: '发动机', children: [{ value: 'F0101', text: '异响' }, { value: 'F0102', text: '抖动' }, { value: 'F0103', text: '故障灯亮' }, { value: 'F0104', text: '动力不足' }] },
    { value: 'F02', text: '底盘', children: [{ value: 'F0201', text: '异响' }, { value: 'F0202', text: '跑偏' }, { value: 'F0203', text: '刹车异常' }] },
    { value: 'F03', text: '电气', children: [{ value: 'F0301', text: '空调不制冷' }, { value: 'F0302', text: '仪表报警' }, { value: 'F0303', text: '蓄电池亏电' }] },
    { value: 'F04', text: '车身', children: [{ value: 'F0401', text: '刮擦' }, { value: 'F0402', text: '漏水' }, { value: 'F0403', text: '异味' }] },
    { value: 'F05', text: '三电系统', children: [{ value: 'F0501', text: '续航下降' }, { value: 'F0502', text: '充电故障' }] },
  ],
  repairItem: [
    { value: 'R01', text: '保养', children: [{ value: 'R0101', text: '更换机油机滤' }, { value: 'R0102', text: '更换空气滤芯' }, { value: 'R0103', text: '更换空调滤芯' }, { value: 'R0104', text: '更换刹车油' }] },
    { value: 'R02', text: '检修', children: [{ value: 'R0201', text: '四轮定位' }, { value: 'R0202', text: '刹车系统检查' }, { value: 'R0203', text: '蓄电池检测' }] },
    { value: 'R03', text: '钣喷', children: [{ value: 'R0301', text: '钣金修复' }, { value: 'R0302', text: '局部喷漆' }, { value: 'R0303', text: '全车抛光' }] },
  ],
  workshop: [
    { value: 'WS1', text: '机修车间', children: ['A01', 'A02', 'A03', 'A04'].map((bay) => ({ value: bay, text: `${bay}工位` })) },
    { value: 'WS2', text: '钣喷车间', children: ['B01', 'B02', 'B03'].map((bay) => ({ value: bay, text: `${bay}工位` })) },
    { value: 'WS3', text: '快修车间', children: ['C01', 'C02'].map((bay) => ({ value: bay, text: `${bay}工位` })) },
  ],
};

// Permissions (issue 5): roles (back-office §6 role codes, plus the read-only roles of the other dealer staff and of
// the regions), which positions hold them, and which menus and keys each role grants. A new menu of another area adds
// its grants here, in its own group.

export const ROLES = [
  { roleCode: 'C1001', roleName: '系统管理员' },
  { roleCode: 'WXJL', roleName: '维修经理' },
  { roleCode: 'WXGW', roleName: '维修顾问' },
  { roleCode: 'QTJD', roleName: '前台接待' },
  { roleCode: 'ZTGW', roleName: '展厅顾问' },
  { roleCode: 'ZTJL', roleName: '展厅经理' },
  { roleCode: 'XSGW', roleName: '销售顾问' },
  { roleCode: 'WXJS', roleName: '维修技师' },
  { roleCode: 'JXSCX', roleName: '经销商查询' },
  { roleCode: 'QYCX', roleName: '区域查询' },
  // Finance staff have no position (domain.md §0): the demo gives the role to each dealer's 担保专员 (decisions.md).
  { roleCode: 'CWRY', roleName: '财务人员' },
  // Parts staff have no position either (domain.md §0): the demo gives the role to each dealer's 领料员.
  { roleCode: 'PJGL', roleName: '配件管理员' },
  // The inspector's own role beside the technicians' (issue 24): 车间质检 and 维修质检 on the order, the 质检 queue.
  { roleCode: 'WXZJ', roleName: '维修质检员' },
  // A dealer's charging station is run by its after-sales manager (domain.md §7; the demo gives the role to each 审核人).
  { roleCode: 'CDGL', roleName: '充电管理员' },
] as const;

export type RoleCode = (typeof ROLES)[number]['roleCode'];

/** The roles a seeded user holds by position; users without a position hold the role of their organisation's side. */
export const POSITION_ROLES: Record<PositionCode, RoleCode[]> = {
  FWGW: ['WXGW'],
  SHR: ['WXJL', 'CDGL'],
  KFZY: ['QTJD'],
  SCY: ['ZTGW'],
  XSGW: ['XSGW'],
  DBZY: ['JXSCX', 'CWRY'],
  XBZY: ['JXSCX'],
  LYR: ['JXSCX'],
  JS: ['WXJS'],
  LLR: ['JXSCX', 'PJGL'],
  ZJY: ['WXJS', 'WXZJ'],
};
/** Roles the first holder of a position at each dealer also holds: the dealer's first 销售顾问 is its 展厅经理 (the
 * same person holds 经销商销售经理 in the approvals), who assigns clues, audits them and approves orders. */
export const FIRST_HOLDER_ROLES: Partial<Record<PositionCode, RoleCode[]>> = { XSGW: ['ZTJL'] };
export const ADMIN_ROLES: RoleCode[] = ['C1001'];
export const REGION_ROLES: RoleCode[] = ['QYCX'];

/** A role's grant of one menu: every key of the menu, or only `keys`; `actions` is its stored menu-action list. */
export interface MenuGrant {
  menuId: string;
  keys?: string[];
  actions?: string[];
}

const menuKeys = (menuId: string): string[] => MENUS.find((m) => m.id === menuId)?.permission ?? [];
/** The menu's read keys only: a role that may look but not change. */
const readOnly = (menuId: string): MenuGrant => ({ menuId, keys: menuKeys(menuId).filter((key) => key.startsWith('GET_')) });

// What each position's job needs. The service advisor opens, changes, deletes and prints repair orders (the printed order
// is what the customer signs); its stored action list names every button it uses, print included, since a stored list
// hides the buttons it does not name.
const REPAIR_ACTIONS = ['add', 'edit', 'delete', 'print', 'freeSettle', 'history', 'assign', 'applyPackage', 'healthCheck', 'comeback', 'printAll'];
const REPAIR_FULL: MenuGrant[] = [{ menuId: '1101', actions: [...REPAIR_ACTIONS, 'lineQc', 'orderQc'] }, { menuId: '1102' }, { menuId: '1103' }, { menuId: '1104' }, { menuId: '1105' }, { menuId: '1109' }];
const PRINT_ORDER_KEY = 'GET_repair_order/repair/queryPrintInfo/{id}';
const PRINT_ALL_KEY = 'GET_repair_order/repair/queryPrintInfoAll/{id}';
/** The order's keys only the repair manager (审核人) uses, and the inspector's. */
const MANAGER_KEYS = ['POST_repair_order/repair/orders/{id}/cancelSettle', 'POST_repair_order/repair/orders/{id}/releaseOnCredit'];
const INSPECTION_KEYS = ['GET_repair_order/repair/orders/{id}/qcLines', 'POST_repair_order/repair/orders/{id}/lineQc', 'POST_repair_order/repair/orders/{id}/orderQc', 'GET_basedata_employees/byPosition'];
// The service advisor does all of the order but its inspections and cancelling a settlement.
const ADVISOR_ORDERS: MenuGrant = { menuId: '1101', keys: menuKeys('1101').filter((key) => !MANAGER_KEYS.includes(key) && !INSPECTION_KEYS.slice(0, 3).includes(key)), actions: REPAIR_ACTIONS };
// The cashier settles (结算, 结算审批, 免费结算) and prints the settlement; the free settlement's balance goes with it.
const CASHIER_ORDERS: MenuGrant = {
  menuId: '1101',
  keys: [
    ...menuKeys('1101').filter((key) => key.startsWith('GET_') && !INSPECTION_KEYS.includes(key)),
    'POST_repair_order/repair/orders/{id}/settle',
    'POST_repair_order/repair/orders/{id}/settleApproval',
    'POST_repair_order/repair/orders/{id}/freeSettle',
  ],
  actions: ['print', 'printAll', 'freeSettle', 'history'],
};
// Everyone else who reads repair orders looks them up (list, detail) but does not print them for the customer.
const ORDER_READER: MenuGrant = { menuId: '1101', keys: readOnly('1101').keys!.filter((key) => key !== PRINT_ORDER_KEY && key !== PRINT_ALL_KEY && !INSPECTION_KEYS.includes(key)) };
// The inspector reads the orders and inspects them (车间质检 of each line, 维修质检 of the order).
const INSPECTOR_ORDERS: MenuGrant = { menuId: '1101', keys: [...ORDER_READER.keys!, ...INSPECTION_KEYS], actions: ['lineQc', 'orderQc', 'history'] };
const MESSAGES: MenuGrant[] = [{ menuId: '1911' }];
// The download centre goes with the screens that export (工时项目); it lists only the user's own exports.
const DOWNLOADS: MenuGrant[] = [{ menuId: '1920' }];
// Sales targets are set by the manufacturer (the administrator: all keys). The dealer's sales staff and the regions read
// and export them within their data scope (the download centre goes with the export), and never import or change them.
const SALES_TARGET_READER: MenuGrant[] = [
  { menuId: '2101', keys: menuKeys('2101').filter((key) => key.startsWith('GET_') || key === 'POST_org_dealer/selectOrgInfo') },
  ...DOWNLOADS,
];
// The repair manager may read the process definitions his orders go through (issue 11); only the manufacturer saves
// them. The advisor does not design or follow processes: 流程定义 is not in his menu.
const PROCESS_READER: MenuGrant[] = [readOnly('9511')];

export const ROLE_GRANTS: Record<RoleCode, MenuGrant[]> = {
  // The administrator: every menu, every key.
  C1001: [],
  WXJL: [...REPAIR_FULL, ...MESSAGES, ...DOWNLOADS, ...PROCESS_READER],
  WXGW: [ADVISOR_ORDERS, ...REPAIR_FULL.slice(1), ...MESSAGES, ...DOWNLOADS],
  // Customer service books visits and makes the reminder calls.
  QTJD: [ORDER_READER, { menuId: '1102' }, { menuId: '1103' }, ...MESSAGES],
  // Technicians and inspectors: the orders they work on, the workshop board, the photos they take of the cars.
  WXJS: [ORDER_READER, { menuId: '1105' }, { menuId: '1109' }, ...MESSAGES],
  ZTGW: [{ menuId: '1103' }, ...MESSAGES, ...DOWNLOADS],
  ZTJL: [{ menuId: '1103' }, ...MESSAGES, ...SALES_TARGET_READER],
  XSGW: [{ menuId: '1103' }, ...MESSAGES, ...SALES_TARGET_READER],
  JXSCX: [ORDER_READER, { menuId: '1102' }, ...MESSAGES],
  QYCX: [ORDER_READER, ...MESSAGES, ...SALES_TARGET_READER],
  // 收款单, 退款 and the other finance screens are screen menus (screens/finance) that name the role; their exports go to
  // the download centre; the cashier also settles repair orders.
  CWRY: [CASHIER_ORDERS, ...MESSAGES, ...DOWNLOADS],
  // 调拨单 is a screen menu (screens/parts) that names the role.
  PJGL: [...MESSAGES],
  // The 质检 queue and records are screen menus (screens/repair) that name the role.
  WXZJ: [INSPECTOR_ORDERS, ...MESSAGES],
  // 充电管理's screens (screens/charging) name the role.
  CDGL: [...MESSAGES, ...DOWNLOADS],
};

/** Control codes (back-office §6: user info decides whether a control is available) held by role. */
export const ROLE_CONTROLS: Partial<Record<RoleCode, string[]>> = {
  // The manufacturer's administrator also maintains the part catalogue (配件主档: dealers read it).
  C1001: ['REPAIR_ORDER_DELETE', 'PART_INFO_EDIT'],
  WXJL: ['REPAIR_ORDER_DELETE'],
  WXGW: ['REPAIR_ORDER_DELETE'],
};

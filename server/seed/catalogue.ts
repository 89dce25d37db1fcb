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
      'GET_repair_basedataRepairtypes/findAllRepairType',
    ],
  },
  {
    id: '1102',
    parentId: '1100',
    title: '工时项目',
    path: '/repair/repairBusiness/labourItem/index',
    icon: null,
    level: 2,
    component: 'screen:repair.labourItems',
    keepAlive: true,
    pyt: '10041001',
    sort: 20,
    permission: [
      'GET_repair_basedata/labourItems',
      'POST_repair_basedata/labourItems/batch',
      'GET_repair_basedata/standardLabours',
      'GET_repair_basedataRepairtypes/findAllRepairType',
    ],
  },
];

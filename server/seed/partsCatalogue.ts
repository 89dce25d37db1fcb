// The demo's part catalogue (配件主档, domain.md §3): about 330 part numbers of the brand, with the domain guide's names
// and price ranges. A part is numbered HS-<group and part code>-<series> (HS-3501010-A3 前刹车片 for the 华晟 A3);
// parts every series takes end in -TY (通用). A part made per series is priced along its range by the series' class
// (A3 at the bottom, S7 at the top), so the catalogue is the same on every machine without a random stream.
import { SERIES } from './catalogue';

/** 配件类别 (dictionary 8202, declared by models/parts/partInfo.json). */
export const PART_CATEGORY = {
  oil: '82021001',
  filter: '82021002',
  brake: '82021003',
  electric: '82021004',
  body: '82021005',
  lamp: '82021006',
  ev: '82021007',
  accessory: '82021008',
  chassis: '82021009',
  engine: '82021010',
} as const;
type Category = keyof typeof PART_CATEGORY;

/** Which series a part is made for: every series, the petrol ones, the electric one, or one number for all. */
type Fit = 'all' | 'fuel' | 'ev' | 'common';

interface PartKind {
  code: string;
  name: string;
  category: Category;
  unit: string;
  /** Retail price in yuan, the range the series spread over (one number: a single price). */
  price: [number, number] | number;
  fit: Fit;
  /** A name by series suffix where the series changes it (tyre sizes). */
  names?: Partial<Record<SeriesSuffix, string>>;
}

type SeriesSuffix = 'A3' | 'A5' | 'S7' | 'E6';
const SUFFIX_OF: Record<string, SeriesSuffix> = { '华晟 A3': 'A3', '华晟 A5': 'A5', '华晟 S7': 'S7', '华晟 E6': 'E6' };
/** Where a series sits in a price range: the compact A3 lowest, the large S7 highest. */
const PRICE_TIER: Record<SeriesSuffix, number> = { A3: 0, A5: 0.4, E6: 0.7, S7: 1 };

const KINDS: PartKind[] = [
  // 滤清器
  { code: '1012010', name: '机油滤清器', category: 'filter', unit: '个', price: 72, fit: 'fuel' },
  { code: '1109010', name: '空气滤清器', category: 'filter', unit: '个', price: [95, 150], fit: 'fuel' },
  { code: '8104010', name: '空调滤芯', category: 'filter', unit: '个', price: 85, fit: 'all' },
  { code: '8104020', name: '活性炭空调滤芯', category: 'filter', unit: '个', price: [128, 168], fit: 'all' },
  { code: '1105010', name: '燃油滤清器', category: 'filter', unit: '个', price: [120, 180], fit: 'fuel' },
  // 油品
  { code: '1001010', name: '全合成机油5W-30 4L', category: 'oil', unit: '桶', price: [380, 480], fit: 'fuel' },
  { code: '1001020', name: '全合成机油0W-20 4L', category: 'oil', unit: '桶', price: 420, fit: 'common' },
  { code: '1001030', name: '全合成机油5W-30 1L', category: 'oil', unit: '瓶', price: 110, fit: 'common' },
  { code: '1001510', name: '制动液DOT4', category: 'oil', unit: '升', price: 80, fit: 'common' },
  { code: '1001610', name: '发动机冷却液-35℃ 4L', category: 'oil', unit: '桶', price: 160, fit: 'common' },
  { code: '1001620', name: '电池冷却液 4L', category: 'oil', unit: '桶', price: 260, fit: 'ev' },
  { code: '1001710', name: '自动变速箱油', category: 'oil', unit: '升', price: 120, fit: 'common' },
  { code: '1001720', name: '玻璃清洗液-25℃ 2L', category: 'oil', unit: '瓶', price: 25, fit: 'common' },
  { code: '1001810', name: '减速器油', category: 'oil', unit: '升', price: 150, fit: 'ev' },
  { code: '1001910', name: '空调冷媒R134a', category: 'oil', unit: '瓶', price: 95, fit: 'common' },
  // 制动
  { code: '3501010', name: '前刹车片', category: 'brake', unit: '套', price: [380, 650], fit: 'all' },
  { code: '3502010', name: '后刹车片', category: 'brake', unit: '套', price: [300, 520], fit: 'all' },
  { code: '3501020', name: '前刹车盘', category: 'brake', unit: '个', price: [450, 800], fit: 'all' },
  { code: '3502020', name: '后刹车盘', category: 'brake', unit: '个', price: [380, 650], fit: 'all' },
  { code: '3501030', name: '前制动卡钳', category: 'brake', unit: '个', price: [1200, 2200], fit: 'all' },
  { code: '3506010', name: '手刹拉线', category: 'brake', unit: '根', price: [180, 260], fit: 'fuel' },
  { code: '3550010', name: 'ABS轮速传感器', category: 'brake', unit: '个', price: [320, 480], fit: 'all' },
  // 电器
  { code: '3707010', name: '火花塞', category: 'electric', unit: '个', price: 65, fit: 'fuel' },
  { code: '3703010', name: '蓄电池', category: 'electric', unit: '个', price: [650, 900], fit: 'all' },
  { code: '3701010', name: '发电机', category: 'electric', unit: '个', price: [2200, 3500], fit: 'fuel' },
  { code: '3708010', name: '起动机', category: 'electric', unit: '个', price: [1600, 2600], fit: 'fuel' },
  { code: '3705010', name: '点火线圈', category: 'electric', unit: '个', price: [280, 420], fit: 'fuel' },
  { code: '3610010', name: '发动机控制单元', category: 'electric', unit: '个', price: [3800, 5600], fit: 'fuel' },
  { code: '3612010', name: '氧传感器', category: 'electric', unit: '个', price: [380, 620], fit: 'fuel' },
  { code: '5205010', name: '雨刮片', category: 'electric', unit: '对', price: [120, 180], fit: 'all' },
  { code: '5205020', name: '后雨刮片', category: 'electric', unit: '个', price: [60, 90], fit: 'all' },
  { code: '5205030', name: '雨刮电机', category: 'electric', unit: '个', price: [450, 680], fit: 'all' },
  { code: '8101010', name: '空调压缩机', category: 'electric', unit: '个', price: [3200, 5200], fit: 'all' },
  { code: '8105010', name: '鼓风机', category: 'electric', unit: '个', price: [560, 880], fit: 'all' },
  { code: '3611010', name: '倒车雷达传感器', category: 'electric', unit: '个', price: [220, 320], fit: 'all' },
  { code: '3776010', name: '倒车影像摄像头', category: 'electric', unit: '个', price: [680, 980], fit: 'all' },
  { code: '7901010', name: '中控显示屏', category: 'electric', unit: '个', price: [3800, 6800], fit: 'all' },
  { code: '3774010', name: '电喇叭', category: 'electric', unit: '个', price: [120, 180], fit: 'all' },
  { code: '3746010', name: '玻璃升降器开关', category: 'electric', unit: '个', price: [150, 260], fit: 'all' },
  { code: '6104010', name: '车窗升降电机', category: 'electric', unit: '个', price: [380, 560], fit: 'all' },
  { code: '3604010', name: '智能钥匙', category: 'electric', unit: '把', price: [680, 1200], fit: 'all' },
  // 灯具
  { code: '4121010', name: 'LED前大灯总成', category: 'lamp', unit: '个', price: [2800, 6500], fit: 'all' },
  { code: '4133010', name: '后尾灯总成', category: 'lamp', unit: '个', price: [900, 1800], fit: 'all' },
  { code: '4116010', name: '前雾灯', category: 'lamp', unit: '个', price: [260, 420], fit: 'all' },
  { code: '4121020', name: '日间行车灯', category: 'lamp', unit: '个', price: [380, 620], fit: 'all' },
  { code: '4131010', name: '高位刹车灯', category: 'lamp', unit: '个', price: [160, 260], fit: 'all' },
  { code: '4122010', name: '转向灯灯泡', category: 'lamp', unit: '个', price: 25, fit: 'common' },
  { code: '4101010', name: '卤素灯泡H7', category: 'lamp', unit: '个', price: 65, fit: 'common' },
  // 钣金件
  { code: '2803010', name: '前保险杠', category: 'body', unit: '个', price: [1200, 2500], fit: 'all' },
  { code: '2804010', name: '后保险杠', category: 'body', unit: '个', price: [1100, 2300], fit: 'all' },
  { code: '2803020', name: '前保险杠骨架', category: 'body', unit: '个', price: [420, 780], fit: 'all' },
  { code: '8403010', name: '发动机盖', category: 'body', unit: '个', price: [1800, 3200], fit: 'all' },
  { code: '8403020', name: '前翼子板', category: 'body', unit: '个', price: [680, 1200], fit: 'all' },
  { code: '6101010', name: '前车门壳', category: 'body', unit: '个', price: [2200, 3800], fit: 'all' },
  { code: '6201010', name: '后车门壳', category: 'body', unit: '个', price: [2000, 3500], fit: 'all' },
  { code: '8202010', name: '左后视镜总成', category: 'body', unit: '个', price: [780, 1500], fit: 'all' },
  { code: '8202020', name: '右后视镜总成', category: 'body', unit: '个', price: [780, 1500], fit: 'all' },
  { code: '5206010', name: '前挡风玻璃', category: 'body', unit: '块', price: [1500, 2800], fit: 'all' },
  { code: '8401010', name: '中网格栅', category: 'body', unit: '个', price: [680, 1300], fit: 'all' },
  { code: '5601010', name: '后备箱盖', category: 'body', unit: '个', price: [1600, 2900], fit: 'all' },
  // 底盘
  { code: '2905010', name: '前减震器', category: 'chassis', unit: '个', price: [700, 1400], fit: 'all' },
  { code: '2915010', name: '后减震器', category: 'chassis', unit: '个', price: [560, 1100], fit: 'all' },
  { code: '2904010', name: '前下摆臂', category: 'chassis', unit: '个', price: [480, 860], fit: 'all' },
  {
    code: '3101010',
    name: '轮胎',
    category: 'chassis',
    unit: '条',
    price: [560, 1380],
    fit: 'all',
    names: { A3: '轮胎 205/55 R16', A5: '轮胎 215/55 R17', E6: '轮胎 235/50 R19', S7: '轮胎 235/55 R19' },
  },
  { code: '3001010', name: '转向横拉杆球头', category: 'chassis', unit: '个', price: [260, 420], fit: 'all' },
  { code: '2906010', name: '稳定杆连杆', category: 'chassis', unit: '个', price: [160, 260], fit: 'all' },
  { code: '3103010', name: '前轮毂轴承', category: 'chassis', unit: '个', price: [420, 760], fit: 'all' },
  { code: '3104010', name: '铝合金轮毂', category: 'chassis', unit: '个', price: [1400, 2600], fit: 'all' },
  { code: '3401010', name: '转向机总成', category: 'chassis', unit: '个', price: [4200, 6800], fit: 'all' },
  { code: '1303010', name: '散热器', category: 'chassis', unit: '个', price: [900, 1600], fit: 'all' },
  { code: '1308010', name: '电子风扇总成', category: 'chassis', unit: '个', price: [760, 1300], fit: 'all' },
  // 发动机
  { code: '1006010', name: '正时皮带套件', category: 'engine', unit: '套', price: [900, 1600], fit: 'fuel' },
  { code: '1307010', name: '水泵', category: 'engine', unit: '个', price: [560, 980], fit: 'fuel' },
  { code: '1025010', name: '节气门体', category: 'engine', unit: '个', price: [980, 1600], fit: 'fuel' },
  { code: '1002010', name: '气门室盖垫', category: 'engine', unit: '个', price: [120, 200], fit: 'fuel' },
  { code: '1003010', name: '气缸盖垫', category: 'engine', unit: '个', price: [220, 360], fit: 'fuel' },
  { code: '1008010', name: '进气歧管', category: 'engine', unit: '个', price: [1300, 2400], fit: 'fuel' },
  { code: '1014010', name: 'PCV阀', category: 'engine', unit: '个', price: [90, 150], fit: 'fuel' },
  { code: '1001040', name: '发动机悬置', category: 'engine', unit: '个', price: [380, 680], fit: 'fuel' },
  { code: '1203010', name: '三元催化器', category: 'engine', unit: '个', price: [3800, 6200], fit: 'fuel' },
  { code: '1201010', name: '排气消声器', category: 'engine', unit: '个', price: [900, 1700], fit: 'fuel' },
  { code: '1701010', name: '离合器片', category: 'engine', unit: '套', price: [680, 980], fit: 'fuel' },
  // 三电 (华晟 E6)
  { code: '8801010', name: '动力电池包', category: 'ev', unit: '个', price: 72000, fit: 'ev' },
  { code: '8802010', name: '驱动电机总成', category: 'ev', unit: '个', price: 16800, fit: 'ev' },
  { code: '8803010', name: '电机控制器', category: 'ev', unit: '个', price: 8800, fit: 'ev' },
  { code: '8804010', name: '车载充电机', category: 'ev', unit: '个', price: 5600, fit: 'ev' },
  { code: '8805010', name: 'DC-DC转换器', category: 'ev', unit: '个', price: 3200, fit: 'ev' },
  { code: '8806010', name: '充电口总成', category: 'ev', unit: '个', price: 1500, fit: 'ev' },
  { code: '8807010', name: '电池管理控制器', category: 'ev', unit: '个', price: 4800, fit: 'ev' },
  { code: '8808010', name: '高压线束', category: 'ev', unit: '根', price: 2600, fit: 'ev' },
  { code: '8809010', name: '电池冷却水泵', category: 'ev', unit: '个', price: 980, fit: 'ev' },
  { code: '8810010', name: 'PTC加热器', category: 'ev', unit: '个', price: 2300, fit: 'ev' },
  { code: '8811010', name: '便携式充电枪', category: 'ev', unit: '个', price: 1800, fit: 'ev' },
  { code: '8812010', name: '电动空调压缩机', category: 'ev', unit: '个', price: 6200, fit: 'ev' },
  // 精品
  { code: '9001010', name: '全包围脚垫', category: 'accessory', unit: '套', price: [680, 980], fit: 'all' },
  { code: '9001020', name: '后备箱垫', category: 'accessory', unit: '个', price: [260, 380], fit: 'all' },
  { code: '9003010', name: '车衣', category: 'accessory', unit: '套', price: [1200, 1800], fit: 'all' },
  { code: '9004010', name: '晴雨挡', category: 'accessory', unit: '套', price: [260, 380], fit: 'all' },
  { code: '9005010', name: '迎宾踏板', category: 'accessory', unit: '套', price: [480, 680], fit: 'all' },
  { code: '9007010', name: '隐形车衣', category: 'accessory', unit: '套', price: [6800, 9800], fit: 'all' },
  { code: '9012010', name: '挡泥板', category: 'accessory', unit: '套', price: [180, 260], fit: 'all' },
  { code: '9013010', name: '车顶行李架', category: 'accessory', unit: '套', price: [1800, 2600], fit: 'all' },
  { code: '9002010', name: '行车记录仪', category: 'accessory', unit: '个', price: 899, fit: 'common' },
  { code: '9006010', name: '车载香薰', category: 'accessory', unit: '个', price: 168, fit: 'common' },
  { code: '9008010', name: '无线充电板', category: 'accessory', unit: '个', price: 580, fit: 'common' },
  { code: '9009010', name: '儿童安全座椅', category: 'accessory', unit: '个', price: 1980, fit: 'common' },
  { code: '9010010', name: '车载冰箱', category: 'accessory', unit: '个', price: 1280, fit: 'common' },
  { code: '9011010', name: '头枕腰靠', category: 'accessory', unit: '套', price: 398, fit: 'common' },
];

export interface PartSeed {
  partNo: string;
  partName: string;
  unit: string;
  category: string;
  series: string[];
  /** Yuan, two decimals, as text (exact). */
  retailPrice: string;
  claimPrice: string;
  insurancePrice: string;
}

const yuan = (value: number): string => value.toFixed(2);
/** 索赔 is paid at the manufacturer's rate, below retail; 定损 close to retail (ours). */
const CLAIM_RATE = 0.8;
const INSURANCE_RATE = 0.95;

function priceFor(kind: PartKind, suffix: SeriesSuffix | null): number {
  if (typeof kind.price === 'number') return kind.price;
  const [low, high] = kind.price;
  const tier = suffix ? PRICE_TIER[suffix] : 0.5;
  return Math.round(low + (high - low) * tier);
}

function seriesOf(fit: Fit): (string | null)[] {
  if (fit === 'common') return [null];
  return SERIES.filter((s) => (fit === 'all' ? true : fit === 'ev' ? s.newEnergy : !s.newEnergy)).map((s) => s.seriesName);
}

function build(): PartSeed[] {
  const parts: PartSeed[] = [];
  for (const kind of KINDS) {
    for (const seriesName of seriesOf(kind.fit)) {
      const suffix = seriesName ? SUFFIX_OF[seriesName]! : null;
      const retail = priceFor(kind, suffix);
      parts.push({
        partNo: `HS-${kind.code}-${suffix ?? 'TY'}`,
        partName: (suffix && kind.names?.[suffix]) ?? kind.name,
        unit: kind.unit,
        category: PART_CATEGORY[kind.category],
        series: seriesName ? [seriesName] : SERIES.map((s) => s.seriesName),
        retailPrice: yuan(retail),
        claimPrice: yuan(Math.round(retail * CLAIM_RATE * 100) / 100),
        insurancePrice: yuan(Math.round(retail * INSURANCE_RATE * 100) / 100),
      });
    }
  }
  return parts;
}

/** Every part number of the demo catalogue, in catalogue order. */
export const PART_CATALOGUE: readonly PartSeed[] = build();

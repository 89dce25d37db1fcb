// The demo labour price lists: every dealer prices the manufacturer's standard labours at its own hourly rate (higher in
// the big cities, higher again for body and paint work), plus a few items of its own. Deterministic, like the world.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { DEALERS, SERIES, STANDARD_LABOURS } from './catalogue';

const CITY_RATE: Record<string, number> = { 北京市: 280, 上海市: 280, 深圳市: 260, 广州市: 260, 天津市: 220, 南京市: 220 };
const DEFAULT_RATE = 200;
const BODY_AND_PAINT_EXTRA = 40;
const ELECTRIC_SERIES = SERIES.filter((s) => s.newEnergy).map((s) => s.seriesName);

const OWN_ITEMS = [
  { labourCode: 'ZD-XC01', labourName: '精致洗车', repairTypeCode: 'RT07', stdHours: 0.5 },
  { labourCode: 'ZD-DP01', labourName: '底盘装甲施工', repairTypeCode: 'RT01', stdHours: 2.0 },
];

export function demoLabourItems(anchorDate: string) {
  const effectiveDate = `${anchorDate.slice(0, 4)}-01-01`;
  return DEALERS.flatMap((dealer, d) => {
    const rate = (CITY_RATE[dealer.cityName] ?? DEFAULT_RATE) + d * 5;
    const standard = STANDARD_LABOURS.map((labour, i) => ({
      ownerCode: dealer.orgCode,
      labourCode: labour.code,
      labourName: labour.name,
      stdLabourCode: labour.code,
      repairTypeCode: labour.repairTypeCode,
      stdHours: labour.stdHours,
      price: labour.repairTypeCode === 'RT06' ? rate + BODY_AND_PAINT_EXTRA : rate,
      series: JSON.stringify(labour.code.startsWith('DD') ? ELECTRIC_SERIES : []),
      enabled: (i + d) % 9 === 8 ? '0' : '1',
      effectiveDate,
      remark: null,
    }));
    const own = OWN_ITEMS.map((item) => ({ ...item, ownerCode: dealer.orgCode, stdLabourCode: null, price: rate, series: '[]', enabled: '1', effectiveDate, remark: '本店自定项目' }));
    return [...standard, ...own];
  });
}

export async function seedLabourItems(tx: Kysely<Database>, anchorDate: string): Promise<void> {
  await tx.insertInto('standardLabours').values(STANDARD_LABOURS.map((labour, sort) => ({ ...labour, sort }))).execute();
  await tx.insertInto('labourItems').values(demoLabourItems(anchorDate)).execute();
}
